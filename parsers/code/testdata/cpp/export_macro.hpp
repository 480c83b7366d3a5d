// Export macros before class names, as libraries declare their API.
#include "config.h"

class EXPORT_MACRO Name;

class EXPORT_MACRO ALLCAPSNAME {
public:
  int member;
  void method();
};

class EXPORT_MACRO Widget {
public:
  int size() const;
};

struct ABSL_EXPORT [[nodiscard]] POD final {
  int x;
};

namespace ns {
class NS_API Forward;
class NS_API HTTP : public Base {
  void get();
};
}  // namespace ns
