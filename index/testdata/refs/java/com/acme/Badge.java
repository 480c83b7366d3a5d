package com.acme;

interface Named {
    default String name() { return "named"; }
}

interface Titled {
    default String name() { return "titled"; }
}

class Base {
    String tag() { return "base"; }
}

public class Badge extends Base implements Named, Titled {
    public String name() { return Named.super.name() + Titled.super.name(); }

    String tag() { return "badge"; }

    class Line {
        String tag() { return Badge.super.tag() + Badge.this.tag(); }
    }
}

interface Tagged {
    String tag();
}

class Box extends Base implements Tagged {
    public String tag() { return super.tag() + "box"; }
}
