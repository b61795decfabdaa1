package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.front.BinaryOp;

/**
 * Common subexpressions of a kernel's right-hand side: operator nodes that occur more than once (structurally
 * equal {@code cin} expressions), computed once per element into temporaries. The pass rewrites the innermost
 * assignment {@code lhs op= e} of a kernel's tree into {@code (lhs op= e' where (t0 = e0; t1 = e1; ...))}, innermost
 * first, so that an outer repeated expression reads the temporaries of the inner ones; the lowering binds each
 * temporary to a local (or, when it folds to a constant in the code being emitted, to that constant). An integer
 * division or remainder is never shared: a temporary is computed unconditionally, and the original may sit in an
 * {@code ifelse} branch that guards its divisor. The conversion of an index variable is not worth a temporary.
 */
public final class CommonSubexpressions {
    private CommonSubexpressions() {
    }

    /** The repeated subexpressions of {@code e}: for each, all its occurrences, first occurrence first. */
    public static List<List<IndexExpr>> of(IndexExpr e) {
        List<IndexExpr> nodes = new ArrayList<>();
        postOrder(e, nodes);
        List<List<IndexExpr>> out = new ArrayList<>();
        List<IndexExpr> taken = new ArrayList<>();
        for (int a = 0; a < nodes.size(); a++) {
            IndexExpr x = nodes.get(a);
            if (!operator(x) || taken.contains(x) || !safe(x)) {
                continue;
            }
            List<IndexExpr> same = new ArrayList<>();
            same.add(x);
            for (int b = a + 1; b < nodes.size(); b++) {
                if (x.equals(nodes.get(b))) {
                    same.add(nodes.get(b));
                }
            }
            if (same.size() > 1) {
                out.add(same);
                taken.add(x);
            }
        }
        return out;
    }

    /**
     * The tree with the innermost assignment's repeated subexpressions computed into temporaries by a
     * {@code where}; {@code s} itself when there are none.
     */
    public static IndexStmt rewrite(IndexStmt s) {
        if (s instanceof IndexStmt.Forall f) {
            return f.withBody(rewrite(f.body()));
        }
        if (s instanceof IndexStmt.Where w) {
            return new IndexStmt.Where(w.consumer(), rewrite(w.producer()));
        }
        if (s instanceof IndexStmt.Sequence q) {
            List<IndexStmt> xs = new ArrayList<>(q.statements());
            xs.set(xs.size() - 1, rewrite(xs.get(xs.size() - 1)));
            return new IndexStmt.Sequence(xs);
        }
        IndexStmt.Assign a = (IndexStmt.Assign) s;
        List<List<IndexExpr>> groups = of(a.rhs());
        if (groups.isEmpty()) {
            return a;
        }
        List<IndexExpr> shared = new ArrayList<>();
        List<IndexExpr.Temp> temps = new ArrayList<>();
        List<IndexStmt> producer = new ArrayList<>();
        for (List<IndexExpr> g : groups) {
            IndexExpr value = replace(g.get(0), shared, temps);
            IndexExpr.Temp t = new IndexExpr.Temp("t" + temps.size(), value.type());
            producer.add(new IndexStmt.Assign(t, null, value));
            shared.add(g.get(0));
            temps.add(t);
        }
        IndexStmt consumer = new IndexStmt.Assign(a.lhs(), a.reduce(), replace(a.rhs(), shared, temps),
                a.mask() == null ? null : replace(a.mask(), shared, temps));
        return new IndexStmt.Where(consumer, producer.size() == 1 ? producer.get(0) : new IndexStmt.Sequence(producer));
    }

    /** {@code e} with every subtree equal to {@code shared.get(k)} replaced by {@code temps.get(k)}. */
    private static IndexExpr replace(IndexExpr e, List<IndexExpr> shared, List<IndexExpr.Temp> temps) {
        int k = shared.indexOf(e);
        if (k >= 0) {
            return temps.get(k);
        }
        if (e instanceof IndexExpr.Unary u) {
            return new IndexExpr.Unary(u.op(), replace(u.operand(), shared, temps), u.type());
        }
        if (e instanceof IndexExpr.Binary b) {
            return new IndexExpr.Binary(b.op(), replace(b.left(), shared, temps), replace(b.right(), shared, temps), b.type(),
                    b.operandType());
        }
        if (e instanceof IndexExpr.IfElse i) {
            return new IndexExpr.IfElse(replace(i.condition(), shared, temps), replace(i.then(), shared, temps),
                    replace(i.otherwise(), shared, temps), i.type());
        }
        if (e instanceof IndexExpr.Call c) {
            List<IndexExpr> args = new ArrayList<>();
            c.args().forEach(x -> args.add(replace(x, shared, temps)));
            return new IndexExpr.Call(c.op(), args, c.type());
        }
        if (e instanceof IndexExpr.Cast c) {
            return new IndexExpr.Cast(replace(c.value(), shared, temps), c.type());
        }
        return e;   // a read's indices are coordinates, resolved before the value is computed
    }

    private static boolean operator(IndexExpr e) {
        return e instanceof IndexExpr.Binary || e instanceof IndexExpr.Unary || e instanceof IndexExpr.IfElse
                || e instanceof IndexExpr.Call || e instanceof IndexExpr.Cast c && !(c.value() instanceof IndexExpr.IndexVar);
    }

    /** Whether evaluating {@code e} where it was not evaluated before cannot fail. */
    private static boolean safe(IndexExpr e) {
        if (e instanceof IndexExpr.Binary b && (b.op() == BinaryOp.DIV || b.op() == BinaryOp.MOD) && !b.type().isFloating()) {
            return false;
        }
        for (IndexExpr k : e.children()) {
            if (!safe(k)) {
                return false;
            }
        }
        return true;
    }

    private static void postOrder(IndexExpr e, List<IndexExpr> out) {
        for (IndexExpr k : e.children()) {
            postOrder(k, out);
        }
        out.add(e);
    }
}
