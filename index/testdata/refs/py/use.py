import errors
from errors import ParseError


def build():
    c = errors.Config("app.toml")
    errors.Config.__init__(c, "other.toml")
    raise ParseError("bad", 3)
