package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.sub;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replaces a loop over a position range that only adds a constant into an integer accumulator by one addition
 * of the constant times the range's length: {@code for (p = a, e = b; p < e; p++) { final int j = crd[p]; acc +=
 * 1; }} becomes {@code acc += b - a}. That is a row's entry count, as in {@code deg[i] = A[i][j] | j:(+, 0)} over
 * a pattern: the JIT does not fold the loop (it still reads every coordinate), so an out-degree vector of kron
 * scale 20 cost a pass over its 31 M coordinates instead of one over its 2^20 row offsets (6-20 ms against
 * 0.3 ms in a harness). Integer sums wrap, so {@code k} additions of {@code c} are {@code k * c} in the
 * accumulator's type exactly; floating-point sums are left alone. The body may hold nothing but declarations
 * with side-effect-free initial values (which it then drops) and the one addition.
 */
final class CountedSums {
    private CountedSums() {
    }

    /** Rewrites every such loop in {@code b}, at any depth. */
    static void apply(Block b) {
        List<Stmt> stmts = b.mutableStatements();
        for (int k = 0; k < stmts.size(); k++) {
            Stmt s = stmts.get(k);
            Stmt folded = s instanceof Stmt.For f ? fold(f) : null;
            if (folded != null) {
                stmts.set(k, folded);
                continue;
            }
            for (Block inner : Block.inner(s)) {
                apply(inner);
            }
        }
    }

    /** {@code acc += c * (b - a)} for a foldable loop, else null. */
    private static Stmt fold(Stmt.For f) {
        if (f.init().size() != 2 || f.init().get(0).type() != JavaType.INT) {
            return null;
        }
        Stmt.Decl p = f.init().get(0);
        Stmt.Decl end = f.init().get(1);
        boolean bounds = f.condition() instanceof Ex.Binary c && c.op() == Ex.BinOp.LT && isLocal(c.left(), p.name())
                && isLocal(c.right(), end.name());
        boolean step = f.step() instanceof Ex.Unary u && u.op() == Ex.UnOp.POST_INC && isLocal(u.operand(), p.name());
        if (!bounds || !step) {
            return null;
        }
        Map<String, Ex.Lit> constants = new HashMap<>();
        Stmt.Assign sum = null;
        for (Stmt s : f.body().statements()) {
            if (s instanceof Stmt.Decl d && d.init() != null && pure(d.init())) {
                if (d.isFinal() && d.init() instanceof Ex.Lit lit) {
                    constants.put(d.name(), lit);
                }
            } else if (s instanceof Stmt.Assign a && sum == null && a.op() == Stmt.AssignOp.ADD
                    && a.target() instanceof Ex.Local) {
                sum = a;
            } else if (!(s instanceof Stmt.Comment)) {
                return null;
            }
        }
        if (sum == null) {
            return null;
        }
        Ex.Lit c = sum.value() instanceof Ex.Lit lit ? lit
                : sum.value() instanceof Ex.Local l ? constants.get(l.name()) : null;
        JavaType acc = sum.target().type();
        if (c == null || !(acc == JavaType.INT || acc == JavaType.LONG)
                || !(c.type() == JavaType.INT || c.type() == JavaType.LONG)
                || acc == JavaType.INT && c.type() == JavaType.LONG
                || isLocal(sum.target(), p.name()) || isLocal(sum.target(), end.name())) {
            return null;
        }
        Ex count = sub(end.init(), p.init());
        if (acc == JavaType.LONG) {
            count = cast(JavaType.LONG, count);
        }
        boolean one = ((Number) c.value()).longValue() == 1;
        return new Stmt.Assign(sum.target(), Stmt.AssignOp.ADD, one ? count : mul(count, c));
    }

    /** Whether evaluating {@code e} has no effect (no call, no assignment, no allocation). */
    private static boolean pure(Ex e) {
        if (e instanceof Ex.Local || e instanceof Ex.Lit || e instanceof Ex.StaticField) {
            return true;
        }
        if (e instanceof Ex.Load l) {
            return pure(l.array()) && pure(l.index());
        }
        if (e instanceof Ex.Length l) {
            return pure(l.array());
        }
        if (e instanceof Ex.Binary b) {
            return b.op() != Ex.BinOp.DIV && b.op() != Ex.BinOp.REM && pure(b.left()) && pure(b.right());
        }
        if (e instanceof Ex.Unary u) {
            return !u.op().assigns() && pure(u.operand());
        }
        if (e instanceof Ex.Cond c) {
            return pure(c.condition()) && pure(c.then()) && pure(c.otherwise());
        }
        return e instanceof Ex.Cast c && pure(c.value());
    }

    private static boolean isLocal(Ex e, String name) {
        return e instanceof Ex.Local l && l.name().equals(name);
    }
}
