package com.acme;

// A member reached through a cast is the cast type's; a type of
// java.lang is in reach without an import.
class Casts {
    int count() { return 1; }

    int size() { return 2; }

    int use(Object o) {
        return ((Counter) o).count() + ((Grid) (o)).size() + ((int[]) o).length;
    }
}
