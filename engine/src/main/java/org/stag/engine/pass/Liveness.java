package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.HashMap;
import org.stag.engine.front.Reduction;
import org.stag.engine.front.Ident;
import org.stag.engine.front.FormatRule;
import org.stag.engine.front.Expr;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;

/**
 * The statements of a body the runtime runs (definitions, calls, star calls) and, per variable, the last of
 * them that uses it ({@link #uses}, the rule the runtime releases buffers by).
 */
public final class Liveness {
    private final List<Stmt> body = new ArrayList<>();
    private final Map<String, Integer> lastUse = new HashMap<>();
    private final Set<String> outputs = new HashSet<>();

    /** The liveness of {@code f}'s body. */
    public Liveness(FunctionInfo f) {
        for (Stmt s : f.decl().body()) {
            if (s instanceof Definition || s instanceof Call || s instanceof StarCall) {
                body.add(s);
            }
        }
        for (int s = 0; s < body.size(); s++) {
            Set<String> used = new HashSet<>();
            uses(body.get(s), used);
            for (String n : used) {
                lastUse.put(n, s);
            }
        }
        f.outputs().forEach(o -> outputs.add(o.name()));
    }

    /** The statements, in order. */
    public List<Stmt> body() {
        return body;
    }

    /**
     * Whether the value of {@code name} is needed after the {@code s}-th statement: it is an output, or a later
     * statement uses it.
     */
    public boolean neededAfter(String name, int s) {
        Integer last = lastUse.get(name);
        return outputs.contains(name) || last == null || last > s;
    }

    /** Whether local {@code name} is not an output and no statement after the {@code s}-th uses it. */
    public boolean diesAt(String name, int s) {
        Integer last = lastUse.get(name);
        return !outputs.contains(name) && last != null && last == s;
    }

    /**
     * Adds to {@code used} the names a statement reads or writes (what keeps a variable alive up to it): the
     * one liveness rule of the plan's buffer assignment and of the runtime's buffer release.
     */
    public static void uses(Stmt st, Set<String> used) {
        if (st instanceof Definition d) {
            used.add(d.target().name());
            reads(d.value(), used);
            for (Reduction r : d.reductions()) {
                reads(r.init(), used);
            }
        } else if (st instanceof Call c) {
            names(c.outputs(), used);
            c.args().forEach(a -> reads(a, used));
        } else if (st instanceof StarCall c) {
            names(c.outputs(), used);
            c.args().forEach(a -> reads(a, used));
            for (FormatRule r : c.rules()) {
                reads(r.condition(), used);
            }
            reads(c.stop(), used);
        }
    }

    private static void names(List<Ident> outs, Set<String> used) {
        for (Ident o : outs) {
            if (!o.isWildcard()) {
                used.add(o.name());
            }
        }
    }

    private static void reads(Expr e, Set<String> used) {
        List<Expr> stack = new ArrayList<>();
        if (e != null) {
            stack.add(e);
        }
        while (!stack.isEmpty()) {
            Expr x = stack.remove(stack.size() - 1);
            if (x instanceof Expr.Name n) {
                used.add(n.name());
            } else if (x instanceof Expr.Access a) {
                stack.add(a.tensor());
                stack.addAll(a.indices());
            } else if (x instanceof Expr.Unary u) {
                stack.add(u.operand());
            } else if (x instanceof Expr.Binary b) {
                stack.add(b.left());
                stack.add(b.right());
            } else if (x instanceof Expr.IfElse i) {
                stack.add(i.condition());
                stack.add(i.then());
                stack.add(i.otherwise());
            } else if (x instanceof Expr.BuiltinCall c) {
                stack.addAll(c.args());
            } else if (x instanceof Expr.Convert c) {
                stack.add(c.value());
            }
        }
    }
}
