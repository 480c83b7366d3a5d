def exists(path):
    return True
