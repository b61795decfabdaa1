package org.stag.engine.codegen;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.DefinitionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.ops.Operator;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ir.Block;
import org.stag.engine.ir.JavaPrinter;
import org.stag.engine.jit.GeneratedSource;
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

    /** The code and calling convention of a fused kernel; outputs are in definition order. */
    public record FusedPlan(GeneratedSource source, List<String> tensors, List<String> intScalars,
                            List<String> realScalars, String extent, List<Symbol> targets, Set<String> unstored) {
    }

    /**
     * Why {@code defs} cannot be fused, or null when they can: each must be a dense vector defined element
     * by element, or a scalar reduced over its one index with a commutative operator (not CHOOSE), over the
     * same size, reading only
     * dense vectors at that index and scalars not defined in the group.
     */
    public static String whyNot(CheckedProgram p, List<Definition> defs, Map<String, Format> formats) {
        if (defs.size() < 2) {
            return "fewer than two definitions";
        }
        String extent = null;
        Set<String> targets = new LinkedHashSet<>();
        Set<String> scalarTargets = new LinkedHashSet<>();
        Set<String> free = new LinkedHashSet<>();
        Set<String> reduced = new LinkedHashSet<>();
        for (Definition d : defs) {
            DefinitionInfo info = p.definition(d);
            if (RowReduction.is(p, d)) {
                String why = RowReduction.whyNot(p, d, formats, targets, scalarTargets);
                if (why != null) {
                    return why;
                }
                String v = d.target().indices().get(0).name();
                if (extent != null && !extent.equals(info.extents().get(v))) {
                    return d.target().name() + " ranges over " + info.extents().get(v) + ", not " + extent;
                }
                extent = info.extents().get(v);
                free.add(v);
                reduced.add(d.reductions().get(0).index().name());
                targets.add(d.target().name());
                continue;
            }
            if (info.extents().size() != 1) {
                return d.target().name() + " uses " + info.extents().size() + " indices";
            }
            String v = info.extents().keySet().iterator().next();
            free.add(v);
            String size = info.extents().get(v);
            if (extent != null && !extent.equals(size)) {
                return d.target().name() + " ranges over " + size + ", not " + extent;
            }
            extent = size;
            Symbol t = info.target();
            if (t.isTensor()) {
                if (t.tensor().order() != 1 || !d.reductions().isEmpty() || !allDense(formats.get(t.name()))) {
                    return d.target().name() + " is not a dense vector defined element by element";
                }
            } else if (d.reductions().size() != 1 || !p.operator(d.reductions().get(0).op()).commutative()
                    || !KernelSpec.indexFree(p, d.reductions().get(0).init())) {
                return d.target().name() + " is not a scalar reduced over its index";
            }
            String reason = reads(p, d.value(), v, formats, targets, scalarTargets);
            if (reason != null) {
                return reason;
            }
            (t.isTensor() ? targets : scalarTargets).add(t.name());
        }
        for (String r : reduced) {
            if (free.contains(r)) {
                // The shared loop's index and a row's inner index would be one Java local twice.
                return "index " + r + " is both a shared index and a row reduction's";
            }
        }
        return null;
    }

    private static String reads(CheckedProgram p, Expr e, String v, Map<String, Format> formats, Set<String> targets,
                                Set<String> scalarTargets) {
        if (e instanceof Expr.Access a) {
            String name = ((Expr.Name) a.tensor()).name();
            boolean pointwise = a.indices().size() == 1 && a.indices().get(0) instanceof Expr.Name n && n.name().equals(v)
                    && p.symbolOf(n).isEmpty();
            if (!pointwise || !(targets.contains(name) || allDense(formats.get(name)))) {
                return "the read " + name + " is not a dense vector at the shared index";
            }
            return null;
        }
        if (e instanceof Expr.Name n) {
            return scalarTargets.contains(n.name()) ? n.name() + " is computed in the same pass" : null;
        }
        List<Expr> kids = new ArrayList<>();
        if (e instanceof Expr.Unary u) {
            kids.add(u.operand());
        } else if (e instanceof Expr.Binary b) {
            kids.add(b.left());
            kids.add(b.right());
        } else if (e instanceof Expr.IfElse i) {
            kids.add(i.condition());
            kids.add(i.then());
            kids.add(i.otherwise());
        } else if (e instanceof Expr.BuiltinCall c) {
            kids.addAll(c.args());
        } else if (e instanceof Expr.Convert c) {
            kids.add(c.value());
        }
        for (Expr k : kids) {
            String r = reads(p, k, v, formats, targets, scalarTargets);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /** Generates the fused kernel; {@link #whyNot} must have returned null. */
    public static FusedPlan generate(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                     Map<Expr.IfElse, Boolean> uniform, String pkg, String className) {
        return generate(p, defs, formats, uniform, Set.of(), false, pkg, className);
    }

    /**
     * As {@link #generate(CheckedProgram, List, Map, Map, String, String)}; the dense targets in {@code unstored}
     * (read by nothing after the group) are computed into locals for the group but never written to memory;
     * with {@code cse}, each definition's repeated subexpressions are computed once per element.
     */
    public static FusedPlan generate(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                     Map<Expr.IfElse, Boolean> uniform, Set<String> unstored, boolean cse, String pkg,
                                     String className) {
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
                run.line("final " + JavaTypes.of(e) + "[] d" + k + "a" + a.id() + "_vals = ((" + JavaTypes.valuesClass(e)
                        + ") f.tensors[" + tensors.indexOf(name) + "].values()).array()");
            }
            Symbol t = s.target();
            if (t.isTensor() && !unstored.contains(t.name())) {
                String jt = JavaTypes.of(t.type().elem());
                run.line("final " + jt + "[] o" + k + " = (" + jt + "[]) f.outs[" + k + "]");
            } else if (t.isTensor()) {
                continue;
            } else {
                KernelSpec.Group g = s.groups().get(0);
                run.line(JavaTypes.of(g.type()) + " acc" + k + " = " + JavaTypes.literal(Sym.identity(g.op(), g.type())));
            }
        }
        Block loop = run.forLoop("L0", "int i_L = lo", "i_L < hi", "i_L++");
        Set<String> aliases = new LinkedHashSet<>();
        Map<String, String> valueOf = new LinkedHashMap<>();
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            String v = s.free().isEmpty() ? s.extents().keySet().iterator().next() : s.free().get(0);
            if (aliases.add(v)) {
                loop.line("final int i_" + v + " = i_L");
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
                    loop.line("o" + k + "[i_L] = " + x);
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
                loop.line("final " + JavaTypes.of(tt) + " x" + k + " = " + ex.emit(s.definition().value(), tt));
                if (!unstored.contains(t.name())) {
                    loop.line("o" + k + "[i_L] = x" + k);
                }
                valueOf.put(t.name(), "x" + k);
            } else {
                KernelSpec.Group g = s.groups().get(0);
                loop.line("final " + JavaTypes.of(g.type()) + " x" + k + " = " + ex.emit(s.definition().value(), g.type()));
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
            run.line((at.isFloating() ? "f.partsReal[" : "f.partsInt[") + k + "][chunk] = " + JavaTypes.toSlot("acc" + k, at));
            Block b = finish.open("");
            b.line(JavaTypes.of(at) + " acc = " + new ExprEmitter(s, new AccessState[0]).emit(g.init(), at));
            Block merge = b.forLoop(null, "int c = 0", "c < chunks", "c++");
            merge.line("final " + JavaTypes.of(at) + " v = " + JavaTypes.fromSlot(at.isFloating() ? "f.partsReal[" + k + "][c]"
                    : "f.partsInt[" + k + "][c]", at));
            combine(merge, p, g.op(), "acc", "v", at);
            ScalarType tt = s.targetType();
            String value = JavaTypes.convert("acc", at, tt);
            b.line((tt.isFloating() ? "f.resultsReal[" : "f.resultsInt[") + k + "] = " + JavaTypes.toSlot(value, tt));
        }
        StringBuilder src = new StringBuilder();
        src.append("package ").append(pkg).append(";\n\n");
        src.append("/** Generated by stag: fused kernel over ").append(extent).append(" for ");
        for (Definition d : defs) {
            src.append(d.target().name()).append(defs.indexOf(d) < defs.size() - 1 ? ", " : "");
        }
        src.append(" */\n");
        src.append("public final class ").append(className).append(" implements org.stag.engine.runtime.KernelBody {\n");
        src.append("    public ").append(className).append("() {\n    }\n\n");
        src.append("    public void prepare(org.stag.engine.runtime.Frame f) {\n    }\n\n");
        src.append("    public void run(org.stag.engine.runtime.Frame f, int chunk, int lo, int hi, org.stag.engine.runtime.Workspace ws) {\n");
        JavaPrinter.print(run, 2, src);
        src.append("    }\n\n");
        src.append("    public void finish(org.stag.engine.runtime.Frame f, int chunks) {\n");
        JavaPrinter.print(finish, 2, src);
        src.append("    }\n}\n");
        List<Symbol> targets = new ArrayList<>();
        specs.forEach(s -> targets.add(s.target()));
        return new FusedPlan(new GeneratedSource(pkg, className, src.toString()), tensors, ints, reals, extent, targets,
                Set.copyOf(unstored));
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
            b.line("final " + JavaTypes.of(t) + " s_" + name + " = "
                    + JavaTypes.fromSlot("f." + (asInt ? "ints" : "reals") + "[" + slot + "]", t));
        });
    }

    /** Fusion splits one reduction across chunks of a shared loop, so it takes commutative operators only. */
    private static void combine(Block out, CheckedProgram p, Operator op, String acc, String v, ScalarType t) {
        if (!op.commutative()) {
            throw new IllegalArgumentException("cannot fuse a " + op + " reduction: it is not commutative");
        }
        KernelGenerator.combine(out, p, op, acc, v, t, null);
    }

    /** Whether {@code f} (null: the tensor has no format yet) is dense at every level. */
    static boolean allDense(Format f) {
        return f != null && f.allDense();
    }
}
