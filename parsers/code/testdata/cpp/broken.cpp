// Syntax errors: whatever parsed is kept.
namespace app {

class Good {
 public:
  void ok();
};

class Broken {
 public:
  void fine();
  int oops( = 3;
  void after();
};

void Good::ok() {
  if (true) {
    call(;
  }
}

#ifdef WINDOWS
void Platform::init(HWND h) {
#else
void Platform::init(int fd) {
#endif
  setup();
}

int tail() { return 0; }

}  // namespace app
