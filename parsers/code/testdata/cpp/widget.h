// widget.h: a C++ header, detected as C++ by its content.
#pragma once

#include <memory>

namespace ui {

class Widget;

/// Base of everything drawable.
class Widget {
 public:
  virtual ~Widget() = default;
  virtual void Draw() = 0;

 protected:
  Widget() = default;
};

std::unique_ptr<Widget> MakeWidget(const char *name);

}  // namespace ui
