abstract class Base<T> extends Object implements Runnable, Serializable {
    protected abstract void go() throws IOException
    public Base(int x) {
        super()
    }
    Base() {}
    @Override
    public synchronized List<String> names(Map<String, Integer> m, String... rest) throws IOException, Exception {
        return []
    }
    static class Nested {}
}
enum Color {
    RED('r'), GREEN('g');
    final String code
    Color(String c) { code = c }
    String lower() { code.toLowerCase() }
}
trait Named { String name }
interface Shape extends Comparable<Shape> { double area() }
@interface Ann { String value() }
