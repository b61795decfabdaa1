package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.Concretize;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.pass.KernelPasses;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.formats.tensor.Format;

/**
 * Lowers a fused group (seed 002 §6.2.1, {@code plan.Fusible}): consecutive definitions over one dense loop,
 * such as PageRank's {@code contrib[j] = ...} and {@code dangling = ... | j:(+, 0.0)}, or a row reduction
 * {@code incoming[i] = AT[i][j] * contrib[j] | j:(+, 0.0)} and its consumer {@code next[i] = f(incoming[i])}.
 * The driver emits the shared loop once; each statement of the group is lowered inside it by its own
 * {@link KernelGenerator} (a member: its locals prefixed {@code dK}), with the shared index bound: its value by
 * {@link KernelGenerator#innermost} ({@link ExprEmitter}, then {@link ResultWriter}), a row reduction's inner
 * loop by {@link LoopEmitter} as in a kernel alone. A later member reads an earlier one's value at the same
 * coordinate from its local; targets in {@code unstored} (read by nothing after the group) are never written.
 * A row reduction's matrix may hold an array of values or a constant (a pattern graph), decided once per run:
 * its inner loop is emitted once per case, the constant folded into the code.
 */
public final class GroupDriver {
    private GroupDriver() {
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
        List<KernelGenerator> members = new ArrayList<>();
        Map<String, ScalarType> scalars = new LinkedHashMap<>();
        List<String> tensors = new ArrayList<>();
        Set<String> defined = new LinkedHashSet<>();
        for (Definition d : defs) {
            KernelSpec s = new KernelSpec(p, d, new LinkedHashMap<>(formats), Map.of(), uniform);
            specs.add(s);
            members.add(KernelGenerator.member(s, LevelCodes::of, "d" + (specs.size() - 1),
                    new KernelPasses(null, cse, false, false).on(s)));
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
        String extent = first.extents().get(shared(first));

        Block run = new Block();
        declareScalars(run, scalars, ints, reals);
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            KernelGenerator m = members.get(k);
            for (KernelSpec.Access a : s.accesses()) {
                String name = a.tensor().name();
                if (definedBefore(specs, k, name)) {
                    continue;
                }
                int slot = tensors.indexOf(name);
                String prefix = m.local + "a" + a.id();
                if (!atShared(s, a)) {
                    // Read inside a row's loop (the matrix, or a vector at the row's index): its levels unpacked.
                    run.let("org.stag.formats.tensor.Tensor", prefix + "_t", "f.tensors[" + slot + "]");
                    List<LevelCode> lc = m.codes.get(a.id());
                    for (int l = 0; l < lc.size(); l++) {
                        lc.get(l).unpack(run, prefix + "_t.level(" + l + ")");
                    }
                    if (a.levels() == 2) {
                        unpackValues(run, prefix, a.tensor().elem());
                        continue;
                    }
                }
                ScalarType e = a.tensor().elem();
                run.let(JavaTypes.of(e) + "[]", prefix + "_vals",
                        "((" + JavaTypes.valuesClass(e) + ") f.tensors[" + slot + "].values()).array()");
            }
            Symbol t = s.target();
            if (t.isTensor() && !unstored.contains(t.name())) {
                String jt = JavaTypes.of(t.type().elem());
                run.let(jt + "[]", "o" + k, "(" + jt + "[]) f.outs[" + k + "]");
                m.memberStore = "o" + k;
            }
            if (t.isTensor()) {
                m.memberValue = "x" + k;
            } else {
                m.openGroup(run, s.groups().get(0), m.walker.initialValue(0), new AccessState[0]);
            }
        }
        Block loop = run.forLoop("L0", "int i_L = lo", "i_L < hi", "i_L++");
        Set<String> aliases = new LinkedHashSet<>();
        Map<String, String> valueOf = new LinkedHashMap<>();
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            KernelGenerator m = members.get(k);
            String v = shared(s);
            if (aliases.add(v)) {
                loop.let("int", "i_" + v, "i_L");
            }
            // The shared index is bound: reads at it are resolved at i_L, a matrix's dense rows too.
            AccessState[] st = m.initialStates();
            Map<Integer, String> overrides = new HashMap<>();
            KernelSpec.Access matrix = null;
            for (KernelSpec.Access a : s.accesses()) {
                if (atShared(s, a) || a.levels() == 2) {
                    st[a.id()].resolved = 1;
                    st[a.id()].pos = "i_L";
                }
                if (a.levels() == 2) {
                    matrix = a;
                }
                String local = valueOf.get(a.tensor().name());
                if (local != null) {
                    overrides.put(a.id(), local);
                }
            }
            m.overrides = overrides;
            if (matrix == null) {
                m.innermost(loop, st);
            } else {
                rowReduction(loop, m, st, matrix, overrides);
            }
            if (s.target().isTensor()) {
                valueOf.put(s.target().name(), m.memberValue);
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
            run.store((at.isFloating() ? "f.partsReal[" : "f.partsInt[") + k + "]", "chunk",
                    JavaTypes.toSlot(members.get(k).acc(0), at));
            Block b = finish.scope(null);
            b.var(JavaTypes.of(at), "acc", new ExprEmitter(s, new AccessState[0]).emit(g.init(), at));
            Block merge = b.forLoop(null, "int c = 0", "c < chunks", "c++");
            merge.let(JavaTypes.of(at), "v",
                    JavaTypes.fromSlot(at.isFloating() ? "f.partsReal[" + k + "][c]" : "f.partsInt[" + k + "][c]", at));
            ResultWriter.combine(merge, s, g.op(), "acc", "v", at, null);
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
        List<IndexStmt> trees = new ArrayList<>();
        members.forEach(m -> trees.add(m.cin));
        String cin = CinPrinter.print(Concretize.fused(trees, unstored));
        return new LoweredFusion(doc.toString(), run, finish, tensors, ints, reals, extent, targets, Set.copyOf(unstored), cin);
    }

    /**
     * A row reduction at the shared loop's coordinate: its accumulator, then the loop over the row as
     * {@link LoopEmitter} emits it, once per kind of the matrix's values (a bool pattern's true and false folded
     * into the code, another constant read from a local, or the values array), then its value.
     */
    private static void rowReduction(Block loop, KernelGenerator m, AccessState[] st, KernelSpec.Access matrix,
                                     Map<Integer, String> overrides) {
        KernelSpec s = m.spec;
        KernelSpec.Group g = s.groups().get(0);
        String prefix = m.local + "a" + matrix.id();
        String j = m.order.get(1);
        m.openGroup(loop, g, m.walker.initialValue(1), st);
        if (matrix.tensor().elem() == ScalarType.BOOL) {
            row(loop.ifThen(prefix + "_const && " + prefix + "_c"), m, st, j, Map.of(matrix.id(), Constant.ofBool(true)), overrides);
            row(loop.ifThen(prefix + "_const && !" + prefix + "_c"), m, st, j, Map.of(matrix.id(), Constant.ofBool(false)), overrides);
        } else {
            Map<Integer, String> constant = new HashMap<>(overrides);
            constant.put(matrix.id(), prefix + "_c");
            m.overrides = constant;
            row(loop.ifThen(prefix + "_const"), m, st, j, Map.of(), constant);
        }
        row(loop.ifThen("!" + prefix + "_const"), m, st, j, Map.of(), overrides);
        m.constants = Map.of();
        m.overrides = overrides;
        m.resultCode.close(g, loop, st);
    }

    private static void row(Block out, KernelGenerator m, AccessState[] st, String j, Map<Integer, Constant> constants,
                            Map<Integer, String> overrides) {
        m.constants = constants;
        m.overrides = overrides;
        m.loopCode.mergeLoop(1, j, out, AccessState.copy(st), false);
    }

    /** The matrix's values: an array, or a constant (a pattern), decided once per run. */
    private static void unpackValues(Block run, String prefix, ScalarType e) {
        String jt = JavaTypes.of(e);
        run.let("org.stag.formats.tensor.Values", prefix + "_v", prefix + "_t.values()");
        run.let("boolean", prefix + "_const", prefix + "_v.isConstant()");
        run.let(jt + "[]", prefix + "_vals", prefix + "_const ? null : ((" + JavaTypes.valuesClass(e) + ") " + prefix + "_v).array()");
        String c = "((org.stag.formats.tensor.ConstantValues) " + prefix + "_v)";
        String value = switch (e) {
            case BOOL -> c + ".valueAsBoolean()";
            case INT -> "(int) " + c + ".valueAsLong()";
            case LONG -> c + ".valueAsLong()";
            case FLOAT -> "(float) " + c + ".valueAsDouble()";
            case DOUBLE -> c + ".valueAsDouble()";
        };
        run.let(jt, prefix + "_c", prefix + "_const ? " + value + " : " + (e == ScalarType.BOOL ? "false" : "(" + jt + ") 0"));
    }

    /** The index of the shared loop in {@code s}: its target's, or a scalar's reduced index. */
    private static String shared(KernelSpec s) {
        return s.free().isEmpty() ? s.extents().keySet().iterator().next() : s.free().get(0);
    }

    /** Whether {@code a} reads a vector at the shared index. */
    private static boolean atShared(KernelSpec s, KernelSpec.Access a) {
        return a.levels() == 1 && shared(s).equals(a.levelVar().get(0));
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
}
