import osmod


def home(name):
    if osmod.path.exists(name):
        return osmod.path.join("/home", name)
    return name


import sys
if sys.platform == "win32":
    import ntish as osp
else:
    import posixish as osp


def home2(name):
    return osp.join("/home", name)
