import errors
from errors import ParseError


def build():
    c = errors.Config("app.toml")
    errors.Config.__init__(c, "other.toml")
    raise ParseError("bad", 3)


class AppConfig(errors.Config):
    pass


class LocalConfig(AppConfig):
    debug = True


def local():
    return LocalConfig("local.toml")


BaseConfig = errors.Config


class ProdConfig(BaseConfig):
    def __init__(self):
        super().__init__("prod.toml")
