package org.stag.engine.front;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Generic operations over syntax trees, driven by the record components of the node types so they need
 * no change when a node type is added.
 */
public final class Trees {

    private Trees() {
    }

    /**
     * Whether two trees are equal when positions are ignored: the same node types with the same names,
     * operators and literal values, in the same places. A printed and re-parsed program has the same shape
     * as the original.
     */
    public static boolean sameShape(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof List<?> la) {
            List<?> lb = (List<?>) b;
            if (la.size() != lb.size()) {
                return false;
            }
            for (int i = 0; i < la.size(); i++) {
                if (!sameShape(la.get(i), lb.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Optional<?> oa) {
            Optional<?> ob = (Optional<?>) b;
            return oa.isPresent() == ob.isPresent() && (oa.isEmpty() || sameShape(oa.get(), ob.get()));
        }
        if (a.getClass().isRecord() && a instanceof Node) {
            for (RecordComponent c : a.getClass().getRecordComponents()) {
                if (c.getType() == SourcePos.class) {
                    continue;
                }
                if (!sameShape(component(c, a), component(c, b))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }

    /**
     * Where an expression starts in the source: its leftmost token. (The position of an operator expression
     * is its operator, which is where messages about the operator point.)
     */
    public static SourcePos start(Expr e) {
        Expr x = e;
        while (x instanceof Expr.Binary b) {
            x = b.left();
        }
        return x.pos();
    }

    /** Every node of the tree under {@code root}, root first, children in source order. */
    public static List<Node> nodes(Node root) {
        List<Node> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Object o, List<Node> out) {
        if (o instanceof Node n) {
            out.add(n);
            for (RecordComponent c : n.getClass().getRecordComponents()) {
                collect(component(c, n), out);
            }
        } else if (o instanceof List<?> l) {
            for (Object x : l) {
                collect(x, out);
            }
        } else if (o instanceof Optional<?> opt) {
            opt.ifPresent(x -> collect(x, out));
        }
    }

    private static Object component(RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + record.getClass(), e);
        }
    }

    /** Adds to {@code out} the name of every tensor {@code e} reads, in its index expressions too. */
    public static void tensorsRead(Expr e, java.util.Set<String> out) {
        if (e instanceof Expr.Access a) {
            out.add(((Expr.Name) a.tensor()).name());
            a.indices().forEach(i -> tensorsRead(i, out));
        } else {
            children(e).forEach(x -> tensorsRead(x, out));
        }
    }

    /**
     * Adds to {@code read} the name of every tensor {@code e} accesses that is not in {@code defined} (index
     * expressions are not searched): what a group of definitions reads from outside the group.
     */
    public static void tensorsReadOutside(Expr e, java.util.Set<String> read, java.util.Set<String> defined) {
        if (e instanceof Expr.Access a) {
            String n = ((Expr.Name) a.tensor()).name();
            if (!defined.contains(n)) {
                read.add(n);
            }
        } else {
            children(e).forEach(x -> tensorsReadOutside(x, read, defined));
        }
    }

    /** The operands of a scalar expression (none for names, literals and accesses). */
    private static List<Expr> children(Expr e) {
        if (e instanceof Expr.Unary u) {
            return List.of(u.operand());
        } else if (e instanceof Expr.Binary b) {
            return List.of(b.left(), b.right());
        } else if (e instanceof Expr.IfElse f) {
            return List.of(f.condition(), f.then(), f.otherwise());
        } else if (e instanceof Expr.BuiltinCall c) {
            return c.args();
        } else if (e instanceof Expr.Convert c) {
            return List.of(c.value());
        }
        return List.of();
    }
}
