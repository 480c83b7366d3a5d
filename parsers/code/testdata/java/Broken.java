package broken;

/** Parsed before the damage. */
public class Broken {
    private int ok = 1;

    void fine() {
        return;
    }

    void missingSemicolon() {
        int x = 1
        int y = 2;
    }

    int field = ;

    void afterErrors(String s) {
        System.out.println(s);
    }

    void unclosed() {
        if (true) {
            foo(
    }

    static class StillHere {
        void m() {}
    }
}

class Trailing {
    int n;
