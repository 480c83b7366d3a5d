from typing import Generic, NewType, TypeAlias, TypeVar, overload

T = TypeVar("T")
UserId = NewType("UserId", int)
Vector: TypeAlias = list[float]
type Pair[K, V] = tuple[K, V]

class Box(Generic[T]):
    value: T
    def __init__(self, value: T) -> None: ...
    @overload
    def get(self, default: None = None) -> T | None: ...
    @overload
    def get(self, default: T) -> T: ...

def first[S](items: list[S]) -> S: ...
async def ping() -> None: ...
