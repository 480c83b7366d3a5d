class Cart:
    def add(self, item):
        pass

    def total(self):
        return 0


class Item:
    def price(self):
        return 1


def empty():
    return Cart()
