import json


def read(s):
    return json.loads(s)
