package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.pass.Fusion;
import org.stag.engine.pass.KernelPasses;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.formats.tensor.Format;

/**
 * Lowers a fused group ([Dima 2023] §6.2.1, {@code plan.Fusible}): consecutive definitions over one dense loop,
 * such as PageRank's {@code contrib[j] = ...} and {@code dangling = ... | j:(+, 0.0)}, or a row reduction
 * {@code incoming[i] = AT[i][j] * contrib[j] | j:(+, 0.0)} and its consumer {@code next[i] = f(incoming[i])}, by
 * walking the group's fused tree ({@link Fusion}): the outer forall is the shared loop, emitted once (chunked by
 * {@code lo} and {@code hi}); each statement of its sequence is a member, lowered inside it by its own
 * {@link KernelGenerator} (its locals prefixed {@code dK}) over its view of the tree, with the shared index bound:
 * its value by {@link KernelGenerator#innermost} ({@link ExprEmitter}, then {@link ResultWriter}), a row
 * reduction's inner loop by {@link LoopEmitter} as in a kernel alone, a scalar member's accumulator from the where
 * around the loop. A temporary named after a member's target is the local that member computed, which later
 * members read; a target the tree never assigns is never written. A row reduction's matrix may hold an array of
 * values or a constant (a pattern graph), decided once per run: its inner loop is emitted once per case, the
 * constant folded into the code.
 */
public final class GroupDriver {
    private GroupDriver() {
    }

    /** Lowers the fused group; {@code plan.Fusible.whyNot} must have returned null. */
    public static LoweredFusion lower(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                      Map<Expr.IfElse, Boolean> uniform) {
        return lower(group(p, defs, formats, uniform, Set.of(), false));
    }

    /**
     * As {@link #lower(CheckedProgram, List, Map, Map)}; the dense targets in {@code unstored}
     * (read by nothing after the group) are computed into locals for the group but never written to memory;
     * with {@code cse}, each definition's repeated subexpressions are computed once per element.
     */
    public static LoweredFusion lower(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                      Map<Expr.IfElse, Boolean> uniform, Set<String> unstored, boolean cse) {
        return lower(group(p, defs, formats, uniform, unstored, cse));
    }

    /**
     * A fused group before lowering: its members' kernels and the fused tree ({@link Fusion#fuse} of the members'
     * trees, each in the loop order {@link LoopPlanner} plans and after its own passes), which the lowering walks and
     * which keys the compiled class.
     */
    public record FusedGroup(List<KernelSpec> specs, IndexStmt tree) {
        /** Copies the members. */
        public FusedGroup {
            specs = List.copyOf(specs);
        }
    }

    /** The fused group of {@code defs}: the members' kernels and trees, fused ({@link Fusion}). */
    public static FusedGroup group(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                   Map<Expr.IfElse, Boolean> uniform, Set<String> unstored, boolean cse) {
        return group(p, defs, formats, Map.of(), uniform, unstored, cse);
    }

    /**
     * As {@link #group(CheckedProgram, List, Map, Map, Set, boolean)}, the operands in {@code reads} read as given
     * (a row reduction's matrix whose value read is not an array: its one row loop folds the constant or reads the
     * elements' values), the others as declared.
     */
    public static FusedGroup group(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                   Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, Set<String> unstored,
                                   boolean cse) {
        List<KernelSpec> specs = new ArrayList<>();
        List<IndexStmt> trees = new ArrayList<>();
        for (Definition d : defs) {
            KernelSpec s = new KernelSpec(p, d, new LinkedHashMap<>(formats), reads, uniform);
            specs.add(s);
            trees.add(KernelGenerator.member(s, LevelCodes::of, "d" + (specs.size() - 1),
                    new KernelPasses(null, cse, false, false).on(s)).cin);
        }
        return new FusedGroup(specs, Fusion.fuse(trees, unstored));
    }

    /**
     * Lowers a fused group by walking its tree: the outer forall is the shared loop; its body's sequence gives the
     * members in order, each lowered by its own {@link KernelGenerator} over its view of the tree (the shared loop
     * around its statement, a scalar member's where around that); a temporary named after a target is the local
     * later members read; a target the tree never assigns is not stored.
     */
    public static LoweredFusion lower(FusedGroup group) {
        List<KernelSpec> specs = group.specs();
        IndexStmt tree = group.tree();
        List<IndexStmt.Assign> consumers = new ArrayList<>();
        List<IndexStmt.Assign> inits = new ArrayList<>();
        IndexStmt.Forall shared;
        if (tree instanceof IndexStmt.Where w) {
            // Scalar members' accumulators live across the shared loop.
            flatten(w.consumer(), consumers);
            List<IndexStmt> producer = ((IndexStmt.Sequence) w.producer()).statements();
            producer.subList(0, producer.size() - 1).forEach(x -> flatten(x, inits));
            shared = (IndexStmt.Forall) producer.get(producer.size() - 1);
        } else {
            shared = (IndexStmt.Forall) tree;
        }
        List<IndexStmt> statements = ((IndexStmt.Sequence) shared.body()).statements();
        if (statements.size() != specs.size()) {
            throw new IllegalArgumentException("the fused tree has " + statements.size() + " members, not " + specs.size());
        }
        Set<String> stored = new LinkedHashSet<>();
        assigned(tree, stored);
        List<KernelGenerator> members = new ArrayList<>();
        List<EmitContext> contexts = new ArrayList<>();
        Map<String, ScalarType> scalars = new LinkedHashMap<>();
        List<String> tensors = new ArrayList<>();
        Set<String> defined = new LinkedHashSet<>();
        Set<String> unstored = new LinkedHashSet<>();
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            IndexStmt view = view(s, shared, statements.get(k), consumers, inits);
            members.add(KernelGenerator.member(s, LevelCodes::of, "d" + k, x -> view));
            // A tensor member's value goes to local xK, and to its target oK unless the tree leaves it unstored.
            boolean tensor = s.target().isTensor();
            contexts.add(EmitContext.root(EmitContext.Layout.member(tensor ? "x" + k : null,
                    tensor && stored.contains(s.target().name()) ? "o" + k : null), false));
            s.scalars().forEach(scalars::putIfAbsent);
            for (String t : s.operands().keySet()) {
                if (!defined.contains(t) && !tensors.contains(t)) {
                    tensors.add(t);
                }
            }
            defined.add(s.target().name());
            if (s.target().isTensor() && !stored.contains(s.target().name())) {
                unstored.add(s.target().name());
            }
        }
        List<String> ints = new ArrayList<>();
        List<String> reals = new ArrayList<>();
        scalars.forEach((n, t) -> (JavaTypes.travelsAsInt(t) ? ints : reals).add(n));
        String extent = shared.extent();

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
                String prefix = m.shape.local() + "a" + a.id();
                Ex tensor = Exprs.load(FrameVars.tensors(), Exprs.lit(slot));
                if (!atShared(s, a)) {
                    // Read inside a row's loop (the matrix, or a vector at the row's index): its levels unpacked.
                    run.let(FrameVars.TENSOR, prefix + "_t", tensor);
                    List<LevelCode> lc = m.shape.codes().get(a.id());
                    for (int l = 0; l < lc.size(); l++) {
                        lc.get(l).unpack(run, KernelGenerator.level(Exprs.local(prefix + "_t", FrameVars.TENSOR), l));
                    }
                    if (a.levels() == 2 && a.tensor().read().kind() == ValueRead.Kind.ARRAY) {
                        unpackValues(run, prefix, a.tensor().elem());
                        continue;
                    }
                    if (a.levels() == 2) {
                        // Read as compiled: a constant is a literal, inline values come with the elements.
                        continue;
                    }
                }
                ScalarType e = a.tensor().elem();
                run.let(JavaTypes.type(e).array(), prefix + "_vals",
                        KernelGenerator.valuesArray(Exprs.call(tensor, "values", FrameVars.VALUES), e));
            }
            Symbol t = s.target();
            if (t.isTensor() && stored.contains(t.name())) {
                JavaType jt = JavaTypes.type(t.type().elem()).array();
                run.let(jt, "o" + k, Exprs.cast(jt, Exprs.load(FrameVars.f("outs", JavaType.OBJECT.array()), Exprs.lit(k))));
            }
            if (!t.isTensor()) {
                m.openGroup(run, s.groups().get(0), m.walker.initialValue(0), new AccessState[0], contexts.get(k));
            }
        }
        Ex iL = Exprs.intVar("i_L");
        Block loop = run.forLoop("L0", JavaType.INT, "i_L", FrameVars.LO, Exprs.lt(iL, FrameVars.HI), Exprs.postInc(iL));
        Set<String> aliases = new LinkedHashSet<>();
        // The temporaries of the tree that hold earlier members' values (named after their targets), as locals.
        Map<String, Ex> temps = new LinkedHashMap<>();
        for (int k = 0; k < specs.size(); k++) {
            KernelSpec s = specs.get(k);
            KernelGenerator m = members.get(k);
            String v = shared(s);
            if (aliases.add(v)) {
                loop.let(JavaType.INT, "i_" + v, iL);
            }
            // The shared index is bound: reads at it are resolved at i_L, a matrix's dense rows too.
            AccessState[] st = m.shape.initialStates();
            KernelSpec.Access matrix = null;
            for (KernelSpec.Access a : s.accesses()) {
                if (atShared(s, a) || a.levels() == 2) {
                    st[a.id()].resolved = 1;
                    st[a.id()].pos = iL;
                }
                if (a.levels() == 2) {
                    matrix = a;
                }
            }
            EmitContext ctx = contexts.get(k).reading(new EmitContext.Reads(Map.of(), Map.of(), Map.copyOf(temps)));
            if (matrix == null) {
                m.innermost(loop, st, ctx);
            } else {
                rowReduction(loop, m, st, matrix, ctx);
            }
            if (s.target().isTensor() && temporary(statements.get(k), s.target().name())) {
                temps.put(s.target().name(),
                        Exprs.local(ctx.layout().memberValue(), JavaTypes.type(s.target().type().elem())));
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
            KernelGenerator m = members.get(k);
            run.store(parts, FrameVars.CHUNK, JavaTypes.toSlot(m.shape.acc(g), at));
            Block b = finish.scope(null);
            b.var(jt, "acc", m.value(new AccessState[0], contexts.get(k), m.walker.initialValue(0), at));
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
        for (int k = 0; k < specs.size(); k++) {
            doc.append(specs.get(k).target().name()).append(k < specs.size() - 1 ? ", " : "");
        }
        List<Symbol> targets = new ArrayList<>();
        specs.forEach(s -> targets.add(s.target()));
        CountedSums.apply(run);
        ShardHoist.apply(run);
        return new LoweredFusion(doc.toString(), run, finish, tensors, ints, reals, extent, targets, Set.copyOf(unstored),
                CinPrinter.print(tree));
    }

    /**
     * Member {@code s}'s view of the fused tree, which its generator walks: the shared loop (over the member's own
     * index name) around its statement, without the store of a temporary into the target (the member's
     * {@link ResultWriter} stores its value local); a scalar member's accumulator's where around that.
     */
    private static IndexStmt view(KernelSpec s, IndexStmt.Forall shared, IndexStmt statement, List<IndexStmt.Assign> consumers,
                                  List<IndexStmt.Assign> inits) {
        IndexStmt value = statement;
        if (statement instanceof IndexStmt.Sequence q) {
            List<IndexStmt> rest = new ArrayList<>();
            for (IndexStmt x : q.statements()) {
                if (!(x instanceof IndexStmt.Assign a && a.lhs() instanceof IndexExpr.Target && a.rhs() instanceof IndexExpr.Temp)) {
                    rest.add(x);
                }
            }
            value = rest.size() == 1 ? rest.get(0) : new IndexStmt.Sequence(rest);
        }
        IndexStmt.Forall loop = new IndexStmt.Forall(shared(s), shared.extent(), value);
        if (s.target().isTensor()) {
            return loop;
        }
        IndexStmt.Assign consumer = null;
        for (IndexStmt.Assign c : consumers) {
            if (c.lhs() instanceof IndexExpr.Target t && t.name().equals(s.target().name())) {
                consumer = c;
            }
        }
        if (consumer == null || !(consumer.rhs() instanceof IndexExpr.Temp acc)) {
            throw new IllegalArgumentException("the fused tree assigns no accumulator to " + s.target().name());
        }
        for (IndexStmt.Assign init : inits) {
            if (init.lhs() instanceof IndexExpr.Temp t && t.name().equals(acc.name())) {
                return new IndexStmt.Where(consumer, new IndexStmt.Sequence(List.of(init, loop)));
            }
        }
        throw new IllegalArgumentException("the fused tree initialises no " + acc.name());
    }

    /** Whether {@code s} computes {@code target}'s value into the temporary named after it. */
    private static boolean temporary(IndexStmt s, String target) {
        if (s instanceof IndexStmt.Assign a) {
            return a.lhs() instanceof IndexExpr.Temp t && t.name().equals(target);
        }
        for (IndexStmt x : children(s)) {
            if (temporary(x, target)) {
                return true;
            }
        }
        return false;
    }

    /** The tensor targets {@code s} assigns. */
    private static void assigned(IndexStmt s, Set<String> out) {
        if (s instanceof IndexStmt.Assign a) {
            if (a.lhs() instanceof IndexExpr.Target t && !t.indices().isEmpty()) {
                out.add(t.name());
            }
            return;
        }
        children(s).forEach(x -> assigned(x, out));
    }

    private static List<IndexStmt> children(IndexStmt s) {
        if (s instanceof IndexStmt.Forall f) {
            return List.of(f.body());
        }
        if (s instanceof IndexStmt.Where w) {
            return List.of(w.consumer(), w.producer());
        }
        return s instanceof IndexStmt.Sequence q ? q.statements() : List.of();
    }

    private static void flatten(IndexStmt s, List<IndexStmt.Assign> out) {
        if (s instanceof IndexStmt.Sequence q) {
            q.statements().forEach(x -> flatten(x, out));
        } else {
            out.add((IndexStmt.Assign) s);
        }
    }

    /**
     * A row reduction at the shared loop's coordinate: its accumulator, then the loop over the row as
     * {@link LoopEmitter} emits it, once per kind of the matrix's values (a bool pattern's true and false folded
     * into the code, another constant read from a local, or the values array), then its value.
     */
    private static void rowReduction(Block loop, KernelGenerator m, AccessState[] st, KernelSpec.Access matrix,
                                     EmitContext ctx) {
        KernelSpec.Group g = m.shape.spec().groups().get(0);
        String prefix = m.shape.local() + "a" + matrix.id();
        // The member's view of the tree: forall i (... where (accK = init; forall j ...)).
        String j = m.walker.loop(1).index();
        m.openGroup(loop, g, m.walker.initialValue(1), st, ctx);
        if (matrix.tensor().read().kind() != ValueRead.Kind.ARRAY) {
            // The value read is compiled in (plan.FusionGroups.readCompiledIn): one row loop, as a kernel alone.
            row(loop, m, st, j, ctx, Map.of(), Map.of());
            m.resultCode.close(g, loop, st, ctx);
            return;
        }
        Ex isConst = Exprs.local(prefix + "_const", JavaType.BOOLEAN);
        if (matrix.tensor().elem() == ScalarType.BOOL) {
            Ex c = Exprs.local(prefix + "_c", JavaType.BOOLEAN);
            row(loop.ifThen(Exprs.and(isConst, c)), m, st, j, ctx, Map.of(matrix.id(), Constant.ofBool(true)), Map.of());
            row(loop.ifThen(Exprs.and(isConst, Exprs.not(c))), m, st, j, ctx, Map.of(matrix.id(), Constant.ofBool(false)),
                    Map.of());
        } else {
            row(loop.ifThen(isConst), m, st, j, ctx, Map.of(),
                    Map.of(matrix.id(), Exprs.local(prefix + "_c", JavaTypes.type(matrix.tensor().elem()))));
        }
        row(loop.ifThen(Exprs.not(isConst)), m, st, j, ctx, Map.of(), Map.of());
        m.resultCode.close(g, loop, st, ctx);
    }

    /** The loop over row {@code j}, the matrix's reads bound as {@code constants} and {@code overrides} say. */
    private static void row(Block out, KernelGenerator m, AccessState[] st, String j, EmitContext ctx,
                            Map<Integer, Constant> constants, Map<Integer, Ex> overrides) {
        EmitContext.Reads reads = new EmitContext.Reads(overrides, constants, ctx.reads().temps());
        m.loopCode.mergeLoop(1, j, out, AccessState.copy(st), ctx.reading(reads));
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
