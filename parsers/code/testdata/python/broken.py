"""A file with syntax errors: whatever parsed is indexed."""


def before(x):
    """Parsed before the damage."""
    return x


print "python 2 statement"
value = = 1


class Survivor:
    def method(self):
        return 1 +

    def other(self):
        pass


def after():
    return 1


# An unclosed bracket swallows the rest of the file.
def unclosed(a, b:
    return a


class Lost:
    pass
