package com.acme;

public class Grid {
    int size() { return 3; }

    class Cell {
        int size() { return 1; }

        int outer() { return Grid.this.size() + this.size(); }
    }

    double last(Square.Cache cache) { return cache.get(); }
}
