from genericish import *


def join(a, *p):
    return a
