package org.stag.engine.program;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;

/**
 * The uniform {@code ifelse} conditions of a definition ({@link KernelSpec#uniformConditions}), compiled.
 * A condition nested in a branch of another one is evaluated only when that branch is taken, as the
 * kernel would (otherwise it is recorded as false), so a guarded division by zero does not fail.
 */
final class UniformConditions {
    private final List<Expr.IfElse> nodes = new ArrayList<>();
    private final List<ScalarNode> conditions = new ArrayList<>();
    private final List<Integer> parents = new ArrayList<>();
    private final List<Boolean> branches = new ArrayList<>();
    private final int[] parent;
    private final boolean[] branch;
    private final ScalarNode[] compiled;
    private final boolean[] reached;

    UniformConditions(CheckedProgram p, Definition d, ScalarEval eval) {
        walk(p, d.value(), -1, false, eval);
        if (nodes.size() != KernelSpec.uniformConditions(p, d).size()) {
            throw new IllegalStateException("internal error: uniform conditions of " + Printer.statement(d).trim());
        }
        parent = parents.stream().mapToInt(Integer::intValue).toArray();
        branch = new boolean[branches.size()];
        for (int k = 0; k < branch.length; k++) {
            branch[k] = branches.get(k);
        }
        compiled = conditions.toArray(new ScalarNode[0]);
        reached = new boolean[compiled.length];
    }

    private void walk(CheckedProgram p, Expr e, int par, boolean br, ScalarEval eval) {
        if (e instanceof Expr.IfElse i) {
            if (KernelSpec.indexFree(p, i.condition())) {
                int me = nodes.size();
                nodes.add(i);
                conditions.add(eval.compile(i.condition()));
                parents.add(par);
                branches.add(br);
                walk(p, i.then(), me, true, eval);
                walk(p, i.otherwise(), me, false, eval);
            } else {
                walk(p, i.condition(), par, br, eval);
                walk(p, i.then(), par, br, eval);
                walk(p, i.otherwise(), par, br, eval);
            }
        } else if (e instanceof Expr.Access a) {
            a.indices().forEach(x -> walk(p, x, par, br, eval));
        } else if (e instanceof Expr.Unary u) {
            walk(p, u.operand(), par, br, eval);
        } else if (e instanceof Expr.Binary b) {
            walk(p, b.left(), par, br, eval);
            walk(p, b.right(), par, br, eval);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> walk(p, x, par, br, eval));
        } else if (e instanceof Expr.Convert c) {
            walk(p, c.value(), par, br, eval);
        }
    }

    int size() {
        return compiled.length;
    }

    /** Decides every condition in {@code env} into {@code out} (parents come before their children). */
    void evaluate(Env env, boolean[] out) {
        for (int k = 0; k < compiled.length; k++) {
            int par = parent[k];
            reached[k] = par < 0 || (reached[par] && out[par] == branch[k]);
            out[k] = reached[k] && compiled[k].b(env, null);
        }
    }

    Map<Expr.IfElse, Boolean> asMap(boolean[] values) {
        Map<Expr.IfElse, Boolean> m = new IdentityHashMap<>();
        for (int k = 0; k < values.length; k++) {
            m.put(nodes.get(k), values[k]);
        }
        return m;
    }

    String describe(boolean[] values) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < values.length; k++) {
            out.add(Printer.print(nodes.get(k).condition()) + " = " + values[k]);
        }
        return String.join("; ", out);
    }
}
