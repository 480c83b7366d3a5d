module Broken
  class Half
    def ok(a)
      a
    end

    def broken(
      if x
    end

    def after; end
  end

  class Next
    def fine; end
  end
end
