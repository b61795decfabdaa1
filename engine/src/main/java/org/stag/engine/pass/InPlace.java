package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Stmt;
import org.stag.engine.front.Trees;

/**
 * In-place update: a dense definition without reductions, {@code t[i] = f(s[i], ...)}, whose input {@code s}
 * has t's very type, is read only at t's own coordinates and dies with the statement, may write into s's
 * buffer: each entry reads its own s entry before it overwrites it, so nothing is read after it changed.
 * The kernel then also skips the stores that keep s's value ({@code depth_out[j] = ifelse(next[j], level + 1,
 * depth[j])} becomes {@code if (next[j]) depth[j] = level + 1}). The runtime takes s's buffer only when no
 * other variable holds it; otherwise the kernel writes a fresh buffer as usual.
 */
public final class InPlace {
    private InPlace() {
    }

    /** For each definition of the program that may update an input in place, that input's name. */
    public static Map<Definition, String> of(CheckedProgram p, Passes passes) {
        Map<Definition, String> out = new IdentityHashMap<>();
        if (!passes.on(Pass.IN_PLACE)) {
            return out;
        }
        for (FunctionInfo f : p.functions().values()) {
            Liveness live = new Liveness(f);
            List<Stmt> body = live.body();
            for (int s = 0; s < body.size(); s++) {
                if (body.get(s) instanceof Definition d) {
                    String src = source(p, f, d, live, s);
                    if (src != null) {
                        out.put(d, src);
                    }
                }
            }
        }
        return out;
    }

    private static String source(CheckedProgram p, FunctionInfo f, Definition d, Liveness live, int s) {
        Symbol t = f.variables().get(d.target().name());
        if (t == null || !t.isTensor() || !d.reductions().isEmpty() || d.target().indices().isEmpty()
                || !t.tensor().levels().stream().allMatch("dense"::equals)) {
            return null;
        }
        List<String> coords = new ArrayList<>();
        for (Ident i : d.target().indices()) {
            if (coords.contains(i.name())) {
                return null;
            }
            coords.add(i.name());
        }
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        Trees.tensorsRead(d.value(), names);
        for (String n : names) {
            Symbol v = f.variables().get(n);
            if (v != null && v.isTensor() && v.tensor().equals(t.tensor()) && !n.equals(t.name()) && live.diesAt(n, s)
                    && pointwise(d.value(), n, coords)) {
                return n;
            }
        }
        return null;
    }

    /** Whether every read of tensor {@code name} in {@code e} is at exactly {@code coords}, in order. */
    static boolean pointwise(Expr e, String name, List<String> coords) {
        if (e instanceof Expr.Access a) {
            if (((Expr.Name) a.tensor()).name().equals(name)) {
                if (a.indices().size() != coords.size()) {
                    return false;
                }
                for (int k = 0; k < coords.size(); k++) {
                    if (!(a.indices().get(k) instanceof Expr.Name n) || !n.name().equals(coords.get(k))) {
                        return false;
                    }
                }
                return true;
            }
            return a.indices().stream().allMatch(x -> pointwise(x, name, coords));
        }
        return Exprs.children(e).stream().allMatch(x -> pointwise(x, name, coords));
    }
}
