package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.ops.Operator;
import org.stag.engine.front.ScalarType;
import org.stag.formats.tensor.Format;

/**
 * Fuses consecutive definitions that walk the same dense index into one multi-output kernel (seed 002
 * §6.2.1): element-wise vector definitions and scalar reductions over that index, such as PageRank's
 * {@code contrib[j] = ...} and {@code dangling = ... | j:(+, 0.0)}. One pass computes every output per
 * coordinate; a later definition reads an earlier one's value at the same coordinate from a local, not
 * from memory.
 */
public final class FusedGenerator {
    private FusedGenerator() {
    }

    /** Lowers the fused group; {@code plan.Fusible.whyNot} must have returned null. */
    public static LoweredFusion lower(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                      Map<Expr.IfElse, Boolean> uniform) {
        return lower(p, defs, formats, uniform, Set.of(), false);
    }

    /**
     * As {@link #lower(CheckedProgram, List, Map, Map)}; the dense targets in {@code unstored}
     * (read by nothing after the group) are computed into locals for the group but never written to memory;
     * with {@code cse}, each definition's repeated subexpressions are computed once per element.
     */
    public static LoweredFusion lower(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                      Map<Expr.IfElse, Boolean> uniform, Set<String> unstored, boolean cse) {
        List<KernelSpec> specs = new ArrayList<>();
        Map<String, ScalarType> scalars = new LinkedHashMap<>();
        List<String> tensors = new ArrayList<>();
        Set<String> defined = new LinkedHashSet<>();
        for (Definition d : defs) {
            Map<String, Format> f = new LinkedHashMap<>(formats);
            KernelSpec s = new KernelSpec(p, d, f, uniform);
            specs.add(s);
            s.scalars().forEach(scalars::putIfAbsent);
            for (String t : s.operands().keySet()) {
                if (!defined.contains(t) && !tensors.contains(t)) {
                    tensors.add(t);
                }
            }
            defined.add(s.target().name());
        }
        List<String> ints = new ArrayList<>();
        List<String> reals = new ArrayList<>();
        scalars.forEach((n, t) -> (JavaTypes.travelsAsInt(t) ? ints : reals).add(n));
        KernelSpec first = specs.get(0);
        String extent = first.extents().get(first.free().isEmpty() ? first.extents().keySet().iterator().next()
                : first.free().get(0));
        String n = Character.isDigit(extent.charAt(0)) ? extent : "s_" + extent;

        Block run = new Block();
        declareScalars(run, scalars, ints, reals);
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            for (KernelSpec.Access a : s.accesses()) {
                String name = a.tensor().name();
                if (definedBefore(specs, k, name)) {
                    continue;
                }
                if (a.levels() == 2) {
                    RowReduction.unpack(run, "d" + k + "m", a, tensors.indexOf(name));
                    continue;
                }
                ScalarType e = a.tensor().elem();
                run.let(JavaTypes.of(e) + "[]", "d" + k + "a" + a.id() + "_vals",
                        "((" + JavaTypes.valuesClass(e) + ") f.tensors[" + tensors.indexOf(name) + "].values()).array()");
            }
            Symbol t = s.target();
            if (t.isTensor() && !unstored.contains(t.name())) {
                String jt = JavaTypes.of(t.type().elem());
                run.let(jt + "[]", "o" + k, "(" + jt + "[]) f.outs[" + k + "]");
            } else if (t.isTensor()) {
                continue;
            } else {
                KernelSpec.Group g = s.groups().get(0);
                run.var(JavaTypes.of(g.type()), "acc" + k, JavaTypes.literal(Sym.identity(g.op(), g.type())));
            }
        }
        Block loop = run.forLoop("L0", "int i_L = lo", "i_L < hi", "i_L++");
        Set<String> aliases = new LinkedHashSet<>();
        Map<String, String> valueOf = new LinkedHashMap<>();
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            String v = s.free().isEmpty() ? s.extents().keySet().iterator().next() : s.free().get(0);
            if (aliases.add(v)) {
                loop.let("int", "i_" + v, "i_L");
            }
            AccessState[] st = new AccessState[s.accesses().size()];
            Map<Expr.Access, String> overrides = new IdentityHashMap<>();
            for (KernelSpec.Access a : s.accesses()) {
                st[a.id()] = new AccessState();
                st[a.id()].resolved = a.levels();
                st[a.id()].pos = "i_L";
                String local = valueOf.get(a.tensor().name());
                if (local != null) {
                    overrides.put(a.node(), local);
                }
            }
            Symbol t = s.target();
            if (!s.groups().isEmpty() && t.isTensor()) {
                // A row reduction: its inner loop over the matrix row, the reduced value then a local.
                String x = RowReduction.emit(loop, p, s, k, st, overrides, "x" + k);
                if (!unstored.contains(t.name())) {
                    loop.store("o" + k, "i_L", x);
                }
                valueOf.put(t.name(), x);
                continue;
            }
            ExprEmitter ex = new ExprEmitter(s, st, "d" + k + "a", overrides);
            if (cse) {
                ex.share(loop, s.definition().value(), "e" + k + "_");
            }
            if (t.isTensor()) {
                ScalarType tt = t.type().elem();
                loop.let(JavaTypes.of(tt), "x" + k, ex.emit(s.definition().value(), tt));
                if (!unstored.contains(t.name())) {
                    loop.store("o" + k, "i_L", "x" + k);
                }
                valueOf.put(t.name(), "x" + k);
            } else {
                KernelSpec.Group g = s.groups().get(0);
                loop.let(JavaTypes.of(g.type()), "x" + k, ex.emit(s.definition().value(), g.type()));
                combine(loop, p, g.op(), "acc" + k, "x" + k, g.type());
            }
        }
        Block finish = new Block();
        declareScalars(finish, scalars, ints, reals);
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            if (s.target().isTensor()) {
                continue;
            }
            KernelSpec.Group g = s.groups().get(0);
            ScalarType at = g.type();
            run.store((at.isFloating() ? "f.partsReal[" : "f.partsInt[") + k + "]", "chunk", JavaTypes.toSlot("acc" + k, at));
            Block b = finish.scope(null);
            b.var(JavaTypes.of(at), "acc", new ExprEmitter(s, new AccessState[0]).emit(g.init(), at));
            Block merge = b.forLoop(null, "int c = 0", "c < chunks", "c++");
            merge.let(JavaTypes.of(at), "v",
                    JavaTypes.fromSlot(at.isFloating() ? "f.partsReal[" + k + "][c]" : "f.partsInt[" + k + "][c]", at));
            combine(merge, p, g.op(), "acc", "v", at);
            ScalarType tt = s.targetType();
            String value = JavaTypes.convert("acc", at, tt);
            b.store(tt.isFloating() ? "f.resultsReal" : "f.resultsInt", Integer.toString(k), JavaTypes.toSlot(value, tt));
        }
        StringBuilder doc = new StringBuilder("Generated by stag: fused kernel over ").append(extent).append(" for ");
        for (Definition d : defs) {
            doc.append(d.target().name()).append(defs.indexOf(d) < defs.size() - 1 ? ", " : "");
        }
        List<Symbol> targets = new ArrayList<>();
        specs.forEach(s -> targets.add(s.target()));
        return new LoweredFusion(doc.toString(), run, finish, tensors, ints, reals, extent, targets, Set.copyOf(unstored));
    }

    private static boolean definedBefore(List<KernelSpec> specs, int k, String name) {
        for (int j = 0; j < k; j++) {
            if (specs.get(j).target().name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static void declareScalars(Block b, Map<String, ScalarType> scalars, List<String> ints, List<String> reals) {
        scalars.forEach((name, t) -> {
            boolean asInt = JavaTypes.travelsAsInt(t);
            int slot = (asInt ? ints : reals).indexOf(name);
            b.let(JavaTypes.of(t), "s_" + name, JavaTypes.fromSlot("f." + (asInt ? "ints" : "reals") + "[" + slot + "]", t));
        });
    }

    /** Fusion splits one reduction across chunks of a shared loop, so it takes commutative operators only. */
    private static void combine(Block out, CheckedProgram p, Operator op, String acc, String v, ScalarType t) {
        if (!op.commutative()) {
            throw new IllegalArgumentException("cannot fuse a " + op + " reduction: it is not commutative");
        }
        ResultWriter.combine(out, p, op, acc, v, t, null);
    }

}
