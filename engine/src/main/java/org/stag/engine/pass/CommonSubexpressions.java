package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Trees;

/**
 * Common subexpressions of one right-hand side: operator nodes that occur more than once (equal up to source
 * positions), which a kernel computes once per element into a local. Innermost first, so that an outer
 * repeated expression is emitted over the locals of the inner ones. An integer division or remainder is never
 * shared: a local is computed unconditionally, and the original may sit in an {@code ifelse} branch that
 * guards its divisor.
 */
public final class CommonSubexpressions {
    private CommonSubexpressions() {
    }

    /** The repeated subexpressions of {@code e}: for each, all its occurrences (by identity), first occurrence first. */
    public static List<List<Expr>> of(CheckedProgram p, Expr e) {
        List<Expr> nodes = new ArrayList<>();
        postOrder(e, nodes);
        List<List<Expr>> out = new ArrayList<>();
        List<Expr> taken = new ArrayList<>();
        for (int a = 0; a < nodes.size(); a++) {
            Expr x = nodes.get(a);
            if (!operator(x) || contains(taken, x) || !safe(p, x)) {
                continue;
            }
            List<Expr> same = new ArrayList<>();
            same.add(x);
            for (int b = a + 1; b < nodes.size(); b++) {
                if (Trees.sameShape(x, nodes.get(b))) {
                    same.add(nodes.get(b));
                }
            }
            if (same.size() > 1) {
                out.add(same);
                taken.addAll(same);
            }
        }
        return out;
    }

    private static boolean contains(List<Expr> xs, Expr x) {
        for (Expr y : xs) {
            if (y == x) {
                return true;
            }
        }
        return false;
    }

    private static boolean operator(Expr e) {
        return e instanceof Expr.Binary || e instanceof Expr.Unary || e instanceof Expr.IfElse
                || e instanceof Expr.BuiltinCall || e instanceof Expr.Convert;
    }

    /** Whether evaluating {@code e} where it was not evaluated before cannot fail. */
    private static boolean safe(CheckedProgram p, Expr e) {
        if (e instanceof Expr.Binary b && (b.op() == BinaryOp.DIV || b.op() == BinaryOp.MOD)
                && !p.typeOf(e).isFloating()) {
            return false;
        }
        for (Expr k : Exprs.children(e)) {
            if (!safe(p, k)) {
                return false;
            }
        }
        return true;
    }

    private static void postOrder(Expr e, List<Expr> out) {
        for (Expr k : Exprs.children(e)) {
            postOrder(k, out);
        }
        out.add(e);
    }
}
