"""Python as it is really written: overloads, properties, decorators,
conditional definitions and instance attributes (issue 30)."""
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from os import PathLike

    StrPath = str | PathLike
    Alias: "TypeAlias" = int
    MAX_DEPTH = 3

    def helper(x: int) -> int: ...
else:
    StrPath = str

try:
    import _speedups
    HAVE_SPEEDUPS = True
except ImportError:
    _speedups = None
    HAVE_SPEEDUPS = False

if __name__ == "__main__":
    args = None


@overload
def parse(x: int) -> int: ...
@overload
def parse(x: str) -> str: ...
def parse(x):
    """The implementation."""
    return x


@dataclasses.dataclass(frozen=True)
class Task:
    """A unit of work."""

    #: the default priority,
    #: used when none is given
    DEFAULT = 1
    name: str
    size: int = 0  #: in bytes
    retries = 3
    """How often a failed task runs again."""
    label = property(lambda self: self.name)

    def __init__(self, priority, name):
        #: how urgent the task is
        self.priority = priority
        self.name = name  # the class annotation above is the field
        self.priority = 3  # a second assignment: still one field
        self.callback = lambda: setattr(self, "hidden", 1)
        local = 5

        def inner():
            self.nested = 1

        self.note = None
        """Free text."""
        if priority:
            self.urgent = True
        else:
            self.urgent = False
        self.a, self.b = 1, 2
        self.total: int = 4  #: running total
        self.obj.attr = 3
        self[0] = 1

    def start(self):
        self.started = True  # not __init__: no field

    @property
    def flags(self) -> int:
        """The flags."""
        return 1

    @flags.setter
    def flags(self, v):
        pass

    @flags.deleter
    def flags(self):
        pass

    @classmethod
    def make(cls):
        return cls(1, "a")

    @staticmethod
    def util():
        pass

    @functools.lru_cache(maxsize=None)
    def cached(self):
        pass

    @pytest.mark.parametrize("value,expected", [(1, 2), (3, 4), (5, 6), (7, 8)])
    def long_decorator(self, value, expected):
        pass

    @overload
    def get(self, key: int) -> int: ...
    @overload
    def get(self, key: str) -> str: ...
    def get(self, key):
        return key


class Child(Task):
    @Task.flags.setter
    def flags(self, v):
        pass


class Weird:
    def __init__(this, x):
        this.x = x
        self.y = 1


try:
    if TYPE_CHECKING:
        NESTED = 1
except ImportError:
    pass


def __init__(self):
    self.orphan = 1  # no class: no field


class Deep:
    x: int  # the annotation is the field

    def __init__(self: "Deep", flag):
        self.a = self.b = self.c = None
        self.x = 1
        if flag:
            try:
                self.inner = 1
            except ValueError:
                self.inner = 2
        for item in flag:
            self.last = item
        with open("f") as f:
            self.data = f.read()


class Dirs:
    def __init__(  # noqa: PLR0913
        self,
        appname=None,
    ) -> None:
        """Create the directories."""
        self.appname = appname  #: The name of the application.
        self.version = None
        """An optional version."""


Constant.n = property(lambda self: self.value)
try:
    Constant.s = 1
except AttributeError:
    pass

VERSION = "1.0"
"""The version."""
