package com.acme;

import com.acme.util.Maths;
import static com.acme.util.Maths.square;

public class Square implements Shape {
    private final double side;
    private Square inner;

    public Square(double side) {
        this.side = side;
    }

    public Square(double side, Square inner) {
        this(side);
        this.inner = inner;
    }

    public double area() {
        double side = square(this.side);
        return side + Maths.twice(side) + inner.area();
    }

    static class Cache {
        Square last;
        double get() { return last.area(); }
    }
}
