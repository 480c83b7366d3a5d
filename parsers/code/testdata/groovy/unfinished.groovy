class Editing {
    int x

    void done() {}

    String pending(a,
        b,
