package com.acme

import groovy.transform.CompileStatic

/**
 * A greeter.
 */
@CompileStatic
class Greeter implements Runnable {
    static final String PREFIX = "Hi"
    private int count = 0
    String name

    Greeter(String name) {
        this.name = name
    }

    // Greets.
    String greet(String who = "you") {
        return "$PREFIX $who"
    }

    def run() { println greet() }

    static void main(String[] args) {
        new Greeter("x").run()
    }

    class Inner {
        def x
    }
}

interface Shape {
    double area()
}

enum Color { RED, GREEN }

trait Named {
    String name
}

def helper(a, b) {
    a + b
}

def closure = { x -> x * 2 }
int total = 3
