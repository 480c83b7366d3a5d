/*
 * License header: not the doc of anything.
 */
package com.example.demo;

import java.util.List;
import java.io.Serializable;

/**
 * A sample class.
 *
 * @param <T> the element type
 */
@SuppressWarnings("unchecked")
public final class Sample<T extends Comparable<T>> extends Base implements Serializable, Runnable {
    /** The maximum size. */
    public static final int MAX_SIZE = 10;
    private static final long serialVersionUID = 1L;
    private int count = 0, total;
    // Items held.
    protected List<T> items;
    static final java.util.Comparator<String> BY_LENGTH = new java.util.Comparator<>() {
        @Override
        public int compare(String a, String b) {
            return a.length() - b.length();
        }
    };

    static {
        System.out.println("static init");
    }

    /** Makes an empty sample. */
    public Sample() {
        this(0);
    }

    @Deprecated
    Sample(int count) {
        this.count = count;
    }

    /**
     * Runs it.
     */
    @Override
    public void run() {
        class Local {
            void help() {}
        }
        record Pair(int a, int b) {}
        Runnable r = new Runnable() {
            public void run() {}
        };
        new Local().help();
    }

    public static <U> List<U> convert(
            List<?> in,
            Class<U> type)
            throws IllegalArgumentException, java.io.IOException {
        return null;
    }

    // ---- section banner: not part of the Javadoc below ----

    /**
     * A Javadoc separated by a blank line still documents this.
     */

    void spaced() {}

    @interface Nested {
        Class<?>[] types();
    }

    abstract static class Inner implements Comparable<Inner> {
        abstract int size();

        static class Deeper {
            String name;
        }
    }

    private interface Callback {
        int LIMIT = 3;

        void call(String event);

        default void twice(String event) {
            call(event);
            call(event);
        }

        static Callback noop() {
            return e -> {};
        }
    }
}

/** Colors. */
enum Color implements java.util.function.Supplier<String> {
    /** Red. */
    RED("r"),
    GREEN("g") {
        @Override
        public String get() {
            return "green";
        }
    },
    @Deprecated
    BLUE("b");

    private final String code;

    Color(String code) {
        this.code = code;
    }

    public String get() {
        return code;
    }
}

enum Empty {}

enum Simple { A, B, C }

/** A point. */
record Point(int x, @Deprecated int y) implements Comparable<Point> {
    static final Point ORIGIN = new Point(0, 0);

    /** Compact constructor. */
    Point {
        if (x < 0) throw new IllegalArgumentException();
    }

    Point(int both) {
        this(both, both);
    }

    @Override
    public int compareTo(Point o) {
        return Integer.compare(x, o.x);
    }

    record Nested() {}
}

/** Marks things. */
@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
@interface Marker {
    String value() default "";

    int[] ids() default {};

    int VERSION = 2;

    enum Level { LOW, HIGH }
}

interface Shape<S extends Shape<S>> extends Comparable<S> {
    double area();
}

sealed interface Expr permits Num, Add {}

final class Num implements Expr {}

non-sealed class Add implements Expr {}
