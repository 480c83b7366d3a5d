from ..base import Base, make
import pkg.base as pb


def helper(x):
    return x


class Tool(Base):
    def step(self):
        inner = make()
        inner.run()
        return super().step() + helper(1)


def use(t: Tool, thing):
    t.run()
    pb.make()
    thing.step()
    tool = Tool()
    tool.step()
    return Tool.step
