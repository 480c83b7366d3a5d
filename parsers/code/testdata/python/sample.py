"""Module docstring: not a symbol, the file root holds it."""

import functools
from typing import Final, Optional

# MAX_RETRIES bounds the retry loop.
MAX_RETRIES = 3
timeout: float = 2.5
_PRIVATE_LIMIT: int = 10
DEFAULT_NAME: Final = "x"
counter = 0
a = b = 1
first, second = 1, 2
pending: Optional[int]
TABLE = {
    "a": 1,
    "b": 2,
}


def plain(a, b=1, *args, key: str = "", **kw) -> int:
    """Add things.

    More text.
    """
    return a + b


async def fetch(url: str) -> bytes:
    '''Fetch a URL.'''
    return b""


# A comment directly above is the doc when there is no docstring.
def commented():
    pass


@functools.lru_cache(maxsize=None)
def cached(n):
    return n


@functools.wraps(plain)
@staticmethod
def multi_decorated(
    x,
    y,
):
    return x


def outer():
    """Outer has a closure."""

    def inner(z):
        """Inner closure."""
        return z

    class Local:
        pass

    return inner


class Base:
    """A base class."""

    KIND = "base"
    name: str
    size: int = 0
    x, y = 0, 0

    def __init__(self, name):
        """Make one."""
        self.name = name

    @property
    def label(self) -> str:
        return self.name

    @label.setter
    def label(self, value):
        self.name = value

    @staticmethod
    def make() -> "Base":
        return Base("b")

    @classmethod
    def create(cls, *args):
        return cls(*args)

    async def run(self):
        pass

    @functools.cache
    async def cached_run(self):
        pass

    class Meta:
        """Nested class."""

        ordering = ["name"]

        def describe(self):
            return "meta"


@dataclass(frozen=True)
class Point(Base, metaclass=ABCMeta):
    x: int = 0
    y: int = 0


if TYPE_CHECKING:
    def only_for_types() -> None: ...
else:
    class Fallback:
        pass

try:
    from _speedups import fast
except ImportError:
    def fast(x):
        return x


def one_liner(): return 1


# A comment above loses to the docstring.
def both():
    """The docstring wins."""
    x = 1
    if x:
        return x
        # trailing comment at the body's indentation: not part of both()
    # nor this one
# nor this one, at the module's indentation
