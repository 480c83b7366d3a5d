package com.acme.util;

public final class Maths {
    public static double square(double x) { return x * x; }
    public static double twice(double x) { return 2 * x; }
    public static double twice(double x, double y) { return 2 * x + y; }
}
