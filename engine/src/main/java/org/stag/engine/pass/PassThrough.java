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

/**
 * Pass-through (alias): {@code t[i] = s[i]}, where {@code s} has t's very type, costs nothing: {@code t} is
 * bound to the tensor of {@code s} (sharing its buffer, which is recycled only when neither holds it). Tensors
 * are never written after they are defined, so the two names cannot observe each other. The runtime aliases
 * only when s's tensor is in t's declared format with values read from an array, as the plan assumes for t;
 * otherwise the definition's kernel copies it.
 */
public final class PassThrough {
    private PassThrough() {
    }

    /** For each definition of the program that passes a tensor through, the tensor's name. */
    public static Map<Definition, String> of(CheckedProgram p, Passes passes) {
        Map<Definition, String> out = new IdentityHashMap<>();
        if (!passes.on(Pass.ALIAS)) {
            return out;
        }
        for (FunctionInfo f : p.functions().values()) {
            for (Stmt s : f.decl().body()) {
                if (s instanceof Definition d) {
                    String src = source(p, f, d);
                    if (src != null) {
                        out.put(d, src);
                    }
                }
            }
        }
        return out;
    }

    private static String source(CheckedProgram p, FunctionInfo f, Definition d) {
        Symbol t = f.variables().get(d.target().name());
        if (t == null || !t.isTensor() || !d.reductions().isEmpty() || !(d.value() instanceof Expr.Access a)
                || !(a.tensor() instanceof Expr.Name n)) {
            return null;
        }
        Symbol s = f.variables().get(n.name());
        if (s == null) {
            s = p.globals().get(n.name());
        }
        if (s == null || !s.isTensor() || !s.tensor().equals(t.tensor()) || s.name().equals(t.name())) {
            return null;
        }
        List<String> coords = new ArrayList<>();
        for (Ident i : d.target().indices()) {
            coords.add(i.name());
        }
        return InPlace.pointwise(a, s.name(), coords) && coords.stream().distinct().count() == coords.size() ? s.name() : null;
    }
}
