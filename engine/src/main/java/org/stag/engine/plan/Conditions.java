package org.stag.engine.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;

/**
 * Uniform {@code ifelse} conditions as the plan compares them: with a function's index-free scalar locals
 * inlined and a FormatRule's {@code #k} replaced by the k-th input, so BFS's {@code pull} (= {@code size >
 * threshold}) is recognised as the decision of its rule {@code #4 > threshold}; and their nesting, since the
 * runtime records a condition inside a branch not taken as false.
 */
final class Conditions {
    private Conditions() {
    }

    /** The text of {@code e} with {@code scalars} inlined and {@code #k} naming {@code positional.get(k - 1)}. */
    static String key(Expr e, Map<String, Expr> scalars, List<Symbol> positional) {
        return Printer.print(inline(e, scalars, positional));
    }

    static Expr inline(Expr e, Map<String, Expr> scalars, List<Symbol> positional) {
        if (e instanceof Expr.Name n && scalars.containsKey(n.name())) {
            return inline(scalars.get(n.name()), scalars, positional);
        } else if (e instanceof Expr.OutputRef r && positional != null) {
            return new Expr.Name(r.pos(), positional.get(r.index() - 1).name());
        } else if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.pos(), u.op(), inline(u.operand(), scalars, positional));
        } else if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.pos(), b.op(), inline(b.left(), scalars, positional), inline(b.right(), scalars, positional));
        } else if (e instanceof Expr.IfElse i) {
            return new Expr.IfElse(i.pos(), inline(i.condition(), scalars, positional),
                    inline(i.then(), scalars, positional), inline(i.otherwise(), scalars, positional));
        } else if (e instanceof Expr.Convert c) {
            return new Expr.Convert(c.pos(), c.type(), inline(c.value(), scalars, positional));
        } else if (e instanceof Expr.BuiltinCall c) {
            List<Expr> args = new ArrayList<>();
            c.args().forEach(a -> args.add(inline(a, scalars, positional)));
            return new Expr.BuiltinCall(c.pos(), c.function(), args);
        }
        return e;
    }

    /**
     * For each of {@link KernelSpec#uniformConditions} of {@code d}, the index of the condition whose branch
     * contains it (or -1) in {@code parent}, and which branch in {@code branch}; the same walk as the runtime's.
     */
    static void nesting(CheckedProgram p, Definition d, List<Integer> parent, List<Boolean> branch) {
        walk(p, d.value(), -1, false, parent, branch);
        if (parent.size() != KernelSpec.uniformConditions(p, d).size()) {
            throw new IllegalStateException("internal error: uniform conditions of " + Printer.statement(d).trim());
        }
    }

    private static void walk(CheckedProgram p, Expr e, int par, boolean br, List<Integer> parent, List<Boolean> branch) {
        if (e instanceof Expr.IfElse i) {
            if (KernelSpec.indexFree(p, i.condition())) {
                int me = parent.size();
                parent.add(par);
                branch.add(br);
                walk(p, i.then(), me, true, parent, branch);
                walk(p, i.otherwise(), me, false, parent, branch);
            } else {
                walk(p, i.condition(), par, br, parent, branch);
                walk(p, i.then(), par, br, parent, branch);
                walk(p, i.otherwise(), par, br, parent, branch);
            }
        } else if (e instanceof Expr.Access a) {
            a.indices().forEach(x -> walk(p, x, par, br, parent, branch));
        } else if (e instanceof Expr.Unary u) {
            walk(p, u.operand(), par, br, parent, branch);
        } else if (e instanceof Expr.Binary b) {
            walk(p, b.left(), par, br, parent, branch);
            walk(p, b.right(), par, br, parent, branch);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> walk(p, x, par, br, parent, branch));
        } else if (e instanceof Expr.Convert c) {
            walk(p, c.value(), par, br, parent, branch);
        }
    }
}
