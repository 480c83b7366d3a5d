import os.path as osp
from .util import helper as aid, Base
from .. import sibling
from pkg.mod import *

LIMIT = 10


def top(a, b: "Widget" = None, *rest, **opts):
    """Locals, parameters and the names they shadow."""
    count = a + LIMIT
    w = Widget(count)
    w.grow(b)
    items = [x for x in rest if x]
    f = lambda q: q + count
    for i, j in opts.items():
        print(i, j)
    try:
        aid(osp.join("a", "b"))
    except ValueError as err:
        raise RuntimeError(err)
    with open(a) as fh:
        fh.read()
    global STATE
    STATE = items
    return f(top)


class Widget(Base, metaclass=Meta):
    size: int = 0

    def __init__(self, size):
        self.size = size
        self.child = Gadget()

    def grow(self, by):
        self.size += by
        self.child.spin()
        def inner():
            return size
        return inner()
