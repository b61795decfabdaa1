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
                Ex tensor = Exprs.load(FrameVars.tensors(), Exprs.lit(slot));
                if (!atShared(s, a)) {
                    // Read inside a row's loop (the matrix, or a vector at the row's index): its levels unpacked.
                    run.let(FrameVars.TENSOR, prefix + "_t", tensor);
                    List<LevelCode> lc = m.codes.get(a.id());
                    for (int l = 0; l < lc.size(); l++) {
                        lc.get(l).unpack(run, KernelGenerator.level(Exprs.local(prefix + "_t", FrameVars.TENSOR), l));
                    }
                    if (a.levels() == 2) {
                        unpackValues(run, prefix, a.tensor().elem());
                        continue;
                    }
                }
                ScalarType e = a.tensor().elem();
                run.let(JavaTypes.type(e).array(), prefix + "_vals",
                        KernelGenerator.valuesArray(Exprs.call(tensor, "values", FrameVars.VALUES), e));
            }
            Symbol t = s.target();
            if (t.isTensor() && !unstored.contains(t.name())) {
                JavaType jt = JavaTypes.type(t.type().elem()).array();
                run.let(jt, "o" + k, Exprs.cast(jt, Exprs.load(FrameVars.f("outs", JavaType.OBJECT.array()), Exprs.lit(k))));
                m.memberStore = "o" + k;
            }
            if (t.isTensor()) {
                m.memberValue = "x" + k;
            } else {
                m.openGroup(run, s.groups().get(0), m.walker.initialValue(0), new AccessState[0]);
            }
        }
        Ex iL = Exprs.intVar("i_L");
        Block loop = run.forLoop("L0", JavaType.INT, "i_L", FrameVars.LO, Exprs.lt(iL, FrameVars.HI), Exprs.postInc(iL));
        Set<String> aliases = new LinkedHashSet<>();
        Map<String, Ex> valueOf = new LinkedHashMap<>();
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            KernelGenerator m = members.get(k);
            String v = shared(s);
            if (aliases.add(v)) {
                loop.let(JavaType.INT, "i_" + v, iL);
            }
            // The shared index is bound: reads at it are resolved at i_L, a matrix's dense rows too.
            AccessState[] st = m.initialStates();
            Map<Integer, Ex> overrides = new HashMap<>();
            KernelSpec.Access matrix = null;
            for (KernelSpec.Access a : s.accesses()) {
                if (atShared(s, a) || a.levels() == 2) {
                    st[a.id()].resolved = 1;
                    st[a.id()].pos = iL;
                }
                if (a.levels() == 2) {
                    matrix = a;
                }
                Ex local = valueOf.get(a.tensor().name());
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
                valueOf.put(s.target().name(), Exprs.local(m.memberValue, JavaTypes.type(s.target().type().elem())));
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
            JavaType jt = JavaTypes.type(at);
            Ex parts = Exprs.load(at.isFloating() ? FrameVars.f("partsReal", JavaType.DOUBLES.array())
                    : FrameVars.f("partsInt", JavaType.LONGS.array()), Exprs.lit(k));
            run.store(parts, FrameVars.CHUNK, JavaTypes.toSlot(members.get(k).acc(g), at));
            Block b = finish.scope(null);
            b.var(jt, "acc", members.get(k).value(new AccessState[0], members.get(k).walker.initialValue(0), at));
            Ex c = Exprs.intVar("c");
            Block merge = b.forLoop(null, JavaType.INT, "c", Exprs.lit(0), Exprs.lt(c, FrameVars.CHUNKS), Exprs.postInc(c));
            merge.let(jt, "v", JavaTypes.fromSlot(Exprs.load(parts, c), at));
            Ex acc = Exprs.local("acc", jt);
            ResultWriter.combine(merge, s, g.op(), acc, Exprs.local("v", jt), at, null);
            ScalarType tt = s.targetType();
            b.store(tt.isFloating() ? FrameVars.f("resultsReal", JavaType.DOUBLES) : FrameVars.f("resultsInt", JavaType.LONGS),
                    Exprs.lit(k), JavaTypes.toSlot(JavaTypes.convert(acc, at, tt), tt));
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
                                     Map<Integer, Ex> overrides) {
        KernelSpec s = m.spec;
        KernelSpec.Group g = s.groups().get(0);
        String prefix = m.local + "a" + matrix.id();
        String j = m.order.get(1);
        m.openGroup(loop, g, m.walker.initialValue(1), st);
        Ex isConst = Exprs.local(prefix + "_const", JavaType.BOOLEAN);
        if (matrix.tensor().elem() == ScalarType.BOOL) {
            Ex c = Exprs.local(prefix + "_c", JavaType.BOOLEAN);
            row(loop.ifThen(Exprs.and(isConst, c)), m, st, j, Map.of(matrix.id(), Constant.ofBool(true)), overrides);
            row(loop.ifThen(Exprs.and(isConst, Exprs.not(c))), m, st, j, Map.of(matrix.id(), Constant.ofBool(false)), overrides);
        } else {
            Map<Integer, Ex> constant = new HashMap<>(overrides);
            constant.put(matrix.id(), Exprs.local(prefix + "_c", JavaTypes.type(matrix.tensor().elem())));
            m.overrides = constant;
            row(loop.ifThen(isConst), m, st, j, Map.of(), constant);
        }
        row(loop.ifThen(Exprs.not(isConst)), m, st, j, Map.of(), overrides);
        m.constants = Map.of();
        m.overrides = overrides;
        m.resultCode.close(g, loop, st);
    }

    private static void row(Block out, KernelGenerator m, AccessState[] st, String j, Map<Integer, Constant> constants,
                            Map<Integer, Ex> overrides) {
        m.constants = constants;
        m.overrides = overrides;
        m.loopCode.mergeLoop(1, j, out, AccessState.copy(st), false);
    }

    /** The matrix's values: an array, or a constant (a pattern), decided once per run. */
    private static void unpackValues(Block run, String prefix, ScalarType e) {
        JavaType jt = JavaTypes.type(e);
        Ex v = Exprs.local(prefix + "_v", FrameVars.VALUES);
        Ex isConst = Exprs.local(prefix + "_const", JavaType.BOOLEAN);
        run.let(FrameVars.VALUES, prefix + "_v", Exprs.call(Exprs.local(prefix + "_t", FrameVars.TENSOR), "values", FrameVars.VALUES));
        run.let(JavaType.BOOLEAN, prefix + "_const", Exprs.call(v, "isConstant", JavaType.BOOLEAN));
        run.let(jt.array(), prefix + "_vals", Exprs.cond(isConst, Exprs.nil(jt.array()), KernelGenerator.valuesArray(v, e)));
        Ex c = Exprs.cast(JavaType.ref("org.stag.formats.tensor.ConstantValues"), v);
        Ex value = switch (e) {
            case BOOL -> Exprs.call(c, "valueAsBoolean", JavaType.BOOLEAN);
            case INT -> Exprs.cast(jt, Exprs.call(c, "valueAsLong", JavaType.LONG));
            case LONG -> Exprs.call(c, "valueAsLong", JavaType.LONG);
            case FLOAT -> Exprs.cast(jt, Exprs.call(c, "valueAsDouble", JavaType.DOUBLE));
            case DOUBLE -> Exprs.call(c, "valueAsDouble", JavaType.DOUBLE);
        };
        run.let(jt, prefix + "_c", Exprs.cond(isConst, value, e == ScalarType.BOOL ? Ex.FALSE : Exprs.cast(jt, Exprs.lit(0))));
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
            int slot = (JavaTypes.travelsAsInt(t) ? ints : reals).indexOf(name);
            b.let(JavaTypes.type(t), "s_" + name, JavaTypes.fromSlot(Exprs.load(FrameVars.scalars(t), Exprs.lit(slot)), t));
        });
    }
}
