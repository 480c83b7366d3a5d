import osmod


def home(name):
    if osmod.path.exists(name):
        return osmod.path.join("/home", name)
    return name
