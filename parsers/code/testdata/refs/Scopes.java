package demo.app;

import java.util.List;
import java.util.concurrent.*;
import static java.util.Objects.requireNonNull;

public class Scopes<T> extends Base<T> implements Shape, Outer.Inner {
    private List<String> names = new ArrayList<>();
    private Part part;
    static final int LIMIT = 3;

    Scopes(int n) {
        this(n, LIMIT);
    }

    Scopes(int n, int m) {
        super(n);
        count = n + m;
    }

    int grow(String s, Part p) throws GrowException {
        int y = s.length() + count;
        for (String z : names) { use(z); }
        try { p.spin(); } catch (IOException | StateException e) { report(e); }
        Runnable r = () -> helper(y);
        names.forEach(String::trim);
        this.count = y;
        part.size();
        Scopes<T> other = new Scopes<>(1);
        other.grow(s, p);
        int helper = helper(y);
        return Math.max(y, LIMIT) + requireNonNull(helper);
    }

    int helper(int v) { return v; }

    int cast(Object o) {
        ((Part) o).spin();
        int n = ((Outer.Inner<T>) (o)).size + ((Scopes<?>) o).count;
        return ((Part & Shape) o).size() + ((int[]) o).length;
    }
}
