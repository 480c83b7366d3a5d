// sample.cpp: every C++ construct the extractor knows.
#include <string>
#include <vector>

#define LOG(msg) log_impl(__FILE__, __LINE__, msg)

namespace geo {

/// A 2D shape.
class Shape {
public:
  Shape();
  explicit Shape(int sides) : sides_(sides) {}
  Shape(const Shape &) = delete;
  virtual ~Shape();

  /// Area in square units.
  virtual double area() const = 0;
  int sides() const { return sides_; }
  static Shape *make(const std::string &kind);

  Shape &operator=(Shape &&other) noexcept;
  bool operator==(const Shape &o) const;
  bool operator<(const Shape &o) const { return sides_ < o.sides_; }
  explicit operator bool() const;
  int operator()(int x) const;

  template <typename V>
  void accept(V &visitor);

  using size_type = std::size_t;
  typedef int id_type;

  enum class Kind { Circle, Polygon };

  struct Bounds {
    double w, h;
  };

  friend std::ostream &operator<<(std::ostream &, const Shape &);
  friend bool operator!=(const Shape &a, const Shape &b) { return !(a == b); }

protected:
  int sides_ = 0;
  static constexpr int kMaxSides = 64;
  static int instances;
  Kind kind_;
};

class Circle final : public Shape {
public:
  Circle(double r);
  double area() const override;

private:
  double r_;
};

// Out-of-line definitions.
Shape::Shape() : sides_(0) { ++instances; }
Shape::~Shape() {}
int Shape::instances = 0;

bool Shape::operator==(const Shape &o) const { return sides_ == o.sides_; }

Shape::operator bool() const { return sides_ > 0; }

template <typename V>
void Shape::accept(V &visitor) {
  visitor.visit(*this);
}

Circle::Circle(double r) : Shape(0), r_(r) {}

double Circle::area() const {
  struct Local { double k; };
  auto square = [](double x) { return x * x; };
  return 3.14159 * square(r_);
}

/** Free function. */
double total_area(const std::vector<Shape *> &shapes);

namespace detail {
inline int helper(int x) { return x * 2; }
}  // namespace detail

namespace {
int hidden_counter = 0;
}

}  // namespace geo

namespace geo::io {
void write(const geo::Shape &s);
}

void geo::io::write(const geo::Shape &s) {}

/// A fixed-size stack.
template <typename T, int N = 16>
class Stack {
public:
  void push(const T &v);
  T pop();

private:
  T items_[N];
  int top_ = 0;
};

template <typename T, int N>
void Stack<T, N>::push(const T &v) {
  items_[top_++] = v;
}

template <typename T, int N>
T Stack<T, N>::pop() {
  return items_[--top_];
}

// Full specialization.
template <>
class Stack<bool, 1> {
  bool bit_;
};

template <typename T>
struct Stack<T *, 0> {};

template <typename T>
T clamp(T v, T lo, T hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

template <>
int clamp<int>(int v, int lo, int hi);

template <typename T>
using Vec = std::vector<T>;

using Name = std::string;

template <typename T>
concept Numeric = requires(T a) { a + a; };

template <typename T>
constexpr bool is_small_v = sizeof(T) <= 8;

union Number {
  int i;
  double d;
};

enum Level : unsigned char { Low, High = 10 };

extern "C" {
int c_entry(void);
}

extern "C" int c_entry2(int);

std::ostream &operator<<(std::ostream &os, const geo::Shape &s);

int *find_ptr(int &&x);

const int kLimit = 100;
static std::string g_name;
auto g_lambda = [](int x) { return x + 1; };
