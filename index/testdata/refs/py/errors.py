from pkg.base import Base


class ParseError(ValueError):
    def __init__(self, msg, line):
        super().__init__(msg)
        ValueError.__init__(self, msg)
        self.line = line


class Config(dict):
    def __init__(self, path):
        super().__init__()
        self.path = path


class Job(Base):
    def __init__(self, name):
        super().__init__()
        self.name = name


class Settings(Config):
    def __init__(self):
        super().__init__("settings.toml")
