package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.Concretize;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.front.ScalarType;
import org.stag.engine.lattice.Merge;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.tensor.Format;

/**
 * Lowers one kernel to loop IR: the loop nest in the planned order, one merge per loop ([Chou 2018] §4:
 * iterate one operand and locate the others, co-iterate several, or run over the whole dimension),
 * reductions into accumulators with early exit, and the target written in place (dense), as entries
 * (other formats) or as a scalar. The merge of each loop is read off its merge lattice ({@code lattice.MergeLattice}):
 * an operand drives a loop when the body contributes nothing wherever it is absent. The work is shared by
 * {@link LoopEmitter} (loops), {@link ResultWriter} (values and the target), {@link FrameCode} (scalars,
 * prepare, finish), {@link InPlaceTarget} (in-place updates and active sets) and {@link MonomialLoops} (seed
 * 003's canonical form: a union loop as one loop per monomial).
 */
public final class KernelGenerator {
    /** What is fixed about the kernel: its emitters read it. */
    final KernelShape shape;
    /** The kernel's concrete index notation after the passes: what the lowering walks. */
    final IndexStmt cin;
    final CinWalker walker;
    final FrameCode frameCode;
    final LoopEmitter loopCode;
    final ResultWriter resultCode;
    final EntryWriter entryCode;
    final InPlaceTarget inPlaceCode;
    final MonomialLoops monomials;
    /** What the emission tells besides its code (the loops' merges, passes that fired): the class's comment. */
    final Map<String, String> notes = new LinkedHashMap<>();
    /** The locals named so far ({@link #fresh}). */
    private int names;

    private KernelGenerator(KernelShape shape, UnaryOperator<IndexStmt> passes) {
        this.shape = shape;
        this.cin = passes.apply(Concretize.of(shape.spec(), shape.order()));
        this.walker = new CinWalker(this, cin);
        this.frameCode = new FrameCode(this);
        this.loopCode = new LoopEmitter(this);
        this.resultCode = new ResultWriter(this);
        this.entryCode = new EntryWriter(shape);
        this.inPlaceCode = new InPlaceTarget(this);
        this.monomials = new MonomialLoops(this);
    }

    /**
     * Lowers {@code spec} to loop IR: the bodies of the kernel's {@code prepare}, {@code run} and {@code finish}
     * and how the runtime calls it ({@code javagen.KernelSource} prints the class).
     *
     * @param levelCodes builds the code of one level: (format, local prefix, what its elements carry)
     * @param name       the kernel's class name, which keys its scatter workspace's arrays
     */
    public static LoweredKernel lower(KernelSpec spec, LevelCodeFactory levelCodes, String name) {
        return lower(spec, UnaryOperator.identity(), levelCodes, name);
    }

    /**
     * As {@link #lower(KernelSpec, LevelCodeFactory, String)}, walking the kernel's tree ({@code cin.Concretize}, in
     * the loop order {@link LoopPlanner} plans) after {@code passes} rewrote it ({@code pass.KernelPasses}).
     */
    public static LoweredKernel lower(KernelSpec spec, UnaryOperator<IndexStmt> passes, LevelCodeFactory levelCodes,
                                      String name) {
        return generator(spec, levelCodes, name, "", passes).emit();
    }

    /**
     * The generator of one member of a fused group ({@link GroupDriver}), whose locals all start with
     * {@code local}, walking the tree {@code passes} makes of its own (after its passes, or its view of the fused
     * tree); the driver binds the shared loop's index and calls {@link #innermost}, {@link #openGroup} and the
     * {@link LoopEmitter} of the loops inside it.
     */
    static KernelGenerator member(KernelSpec spec, LevelCodeFactory levelCodes, String local, UnaryOperator<IndexStmt> passes) {
        return generator(spec, levelCodes, local + "Member", local, passes);
    }

    private static KernelGenerator generator(KernelSpec spec, LevelCodeFactory levelCodes, String name, String local,
                                             UnaryOperator<IndexStmt> passes) {
        Map<Integer, List<LevelCode>> codes = new LinkedHashMap<>();
        for (KernelSpec.Access a : spec.accesses()) {
            List<LevelCode> l = new ArrayList<>();
            Format f = a.tensor().format();
            for (int k = 0; k < f.depth(); k++) {
                // The last level's layout follows the operand's value read (a constant view keeps the layout of
                // the level it shares); every other level carries positions.
                ValueMode mode = k == f.depth() - 1 ? a.tensor().read().lastLevel() : ValueMode.POSITION;
                l.add(levelCodes.create(f.level(k), local + "a" + a.id() + "l" + k, mode));
            }
            codes.put(a.id(), l);
        }
        List<String> order = new LoopPlanner(spec, codes).order();
        return new KernelGenerator(KernelShape.of(spec, codes, order, name, local), passes);
    }

    /** An emitter of this kernel's expressions over the accesses' states {@code st}, in context {@code ctx}. */
    ExprEmitter emitter(AccessState[] st, EmitContext ctx) {
        return new ExprEmitter(shape.spec(), st, shape.local() + "a", ctx.reads().overrides())
                .withConstants(ctx.reads().constants()).withTemps(ctx.reads().temps()).withHolding(ctx.guards());
    }

    /** The value of {@code e} converted to {@code t}, over the accesses' states {@code st} in context {@code ctx}. */
    Ex value(AccessState[] st, EmitContext ctx, IndexExpr e, ScalarType t) {
        return value(emitter(st, ctx), e, t);
    }

    /** The value of {@code e} converted to {@code t}, by emitter {@code ex}. */
    Ex value(ExprEmitter ex, IndexExpr e, ScalarType t) {
        return ex.emit(e, t);
    }

    /**
     * Declares group {@code g}'s accumulator in {@code out}: the reduction's identity for the outermost group of
     * a scalar target (each chunk's partial; {@code finish} starts from the initial value), else {@code initial},
     * the initial value its {@code where}'s producer assigns in the tree ({@link CinWalker#initialValue}).
     */
    void openGroup(Block out, KernelSpec.Group g, IndexExpr initial, AccessState[] st, EmitContext ctx) {
        KernelSpec spec = shape.spec();
        Ex init = shape.result() == LoweredKernel.Result.SCALAR && g.level() == spec.groups().size() - 1
                ? JavaTypes.lit(Sym.identity(g.op(), g.type()))
                : value(st, ctx, initial, g.type());
        out.var(JavaTypes.type(g.type()), shape.acc(g.level()), init);
    }

    /** Creates the code of one level. */
    public interface LevelCodeFactory {
        /** The code of a level of format {@code f} whose locals start with {@code prefix}. */
        LevelCode create(LevelFormat f, String prefix, ValueMode mode);
    }

    LoweredKernel emit() {
        KernelSpec spec = shape.spec();
        List<String> order = shape.order();
        List<String> tensors = new ArrayList<>(spec.operands().keySet());
        List<String> ints = new ArrayList<>();
        List<String> reals = new ArrayList<>();
        for (Map.Entry<String, ScalarType> s : spec.scalars().entrySet()) {
            (JavaTypes.travelsAsInt(s.getValue()) ? ints : reals).add(s.getKey());
        }
        EmitContext top = EmitContext.root(EmitContext.Layout.kernel(false, false, null), false);
        Merge.Mode topMode = order.isEmpty() ? Merge.Mode.SKIP
                : loopCode.strategy(0, shape.initialStates(), order.get(0), top).mode();
        // A scattered sparse target runs in chunks when their partial entries merge by keeping any one of a
        // coordinate (ResultWriter.chunkedSparseScatter), else as one chunk.
        // A slot level's loop (DIA's diagonals, ELL's slots) has no size parameter to chunk by: it runs as one chunk.
        boolean parallel = (!shape.scatter() || shape.atomicScatter() || resultCode.chunkedSparseScatter())
                && !order.isEmpty() && !spec.isSlotVar(order.get(0));
        boolean gathered = parallel && topMode == Merge.Mode.ITERATE;
        boolean chunked = parallel && (topMode == Merge.Mode.UNIVERSE || gathered);
        String chunkExtent = chunked && !gathered ? spec.extents().get(order.get(0)) : null;

        Block run = new Block();
        frameCode.declareScalars(run);
        for (KernelSpec.Access a : spec.accesses()) {
            String tn = "a" + a.id() + "_t";
            Ex t = Exprs.local(tn, FrameVars.TENSOR);
            run.let(FrameVars.TENSOR, tn, Exprs.load(FrameVars.tensors(), Exprs.lit(tensors.indexOf(a.tensor().name()))));
            List<LevelCode> lc = shape.codes().get(a.id());
            for (int k = 0; k < lc.size(); k++) {
                lc.get(k).unpack(run, level(t, k));
            }
            // A constant is a literal in the code: no array to unpack.
            if (!lc.get(lc.size() - 1).holdsValues() && !a.tensor().read().isConstant()) {
                ScalarType e = a.tensor().elem();
                run.let(JavaTypes.type(e).array(), shape.local() + "a" + a.id() + "_vals",
                        valuesArray(Exprs.call(t, "values", FrameVars.VALUES), e));
            }
        }
        ScalarType tt = spec.targetType();
        String selfVals = inPlaceCode.inPlaceSource(topMode);
        boolean entriesReserved = false;
        switch (shape.result()) {
            case DENSE -> run.let(JavaTypes.type(tt).array(), "out", Exprs.cast(JavaTypes.type(tt).array(),
                    FrameVars.f("out", JavaType.OBJECT)));
            case SPARSE -> {
                run.let(FrameVars.COO, "coo", Exprs.load(FrameVars.f("coo", FrameVars.COO.array()), FrameVars.CHUNK));
                entriesReserved = entryCode.declareEntries(run, chunked);
            }
            default -> {
            }
        }
        if (shape.scatter()) {
            resultCode.declareScatterWorkspace(run);
        }
        if (selfVals != null) {
            // The runtime passes the input's own buffer as the output when nothing else holds it.
            run.let(JavaType.BOOLEAN, "inPlace", Exprs.eq(Exprs.cast(JavaType.OBJECT, FrameVars.out(tt)),
                    Exprs.cast(JavaType.OBJECT, Exprs.local(selfVals, JavaTypes.type(tt).array()))));
            notes.put("in-place", walker.inPlace);
        }
        EmitContext.Layout layout = EmitContext.Layout.kernel(gathered, entriesReserved, selfVals);
        EmitContext ctx = EmitContext.root(layout, chunked);
        if (shape.result() == LoweredKernel.Result.SCALAR && spec.groups().isEmpty()) {
            // No loops: the value itself.
            AccessState[] st = shape.initialStates();
            loopCode.resolveLocates(run, st, new HashSet<>(), ctx);
            resultCode.writeScalarPartial(run, value(st, ctx, ((IndexStmt.Assign) cin).rhs(), tt), tt);
        } else {
            AccessState[] st = shape.initialStates();
            int active = inPlaceCode.activeDriver(layout);
            if (active >= 0) {
                // The output is the input's own buffer: entries where the operand stores nothing keep their
                // value, so one chunk visits the stored coordinates alone and the others have nothing to do.
                notes.put("active set", spec.accesses().get(active).tensor().name());
                // A compressed active set is split with the chunks (each takes its share of the positions), so a
                // large one runs in parallel; the runtime runs a small one as one chunk. Else chunk 0 visits it.
                boolean split = chunked && FrameCode.directRange(shape.codes().get(active).get(0)) != null;
                Block only = run.ifThen(Exprs.local("inPlace", JavaType.BOOLEAN));
                if (split) {
                    notes.put("active set split", "positions");
                } else {
                    only = only.ifThen(Exprs.eq(FrameVars.CHUNK, Exprs.lit(0)));
                }
                loops(0, only, shape.initialStates(), ctx.chunked(false).driving(active, split));
                loops(0, run.orElse(), st, ctx);
            } else {
                loops(0, run, st, ctx);
            }
        }

        if (shape.result() == LoweredKernel.Result.SPARSE) {
            entryCode.closeEntries(run);
        }
        CountedSums.apply(run);
        ShardHoist.apply(run);
        Block prepare = frameCode.prepare(ctx);
        Block finish = frameCode.finish(ctx);
        if (entryCode.constantEntries()) {
            // Every entry is written only when it is not the fill (ResultWriter), so it holds the fill's negation:
            // the vector is assembled with constant values, a pattern (Planner.written plans its readers so), and
            // the kernel stores no value.
            notes.put("entries", String.valueOf(!spec.targetFill().bool()));
        }
        notes.put("order", String.join(", ", order));
        notes.put("cin", CinPrinter.print(cin));
        return new LoweredKernel("Generated by stag for: " + describe(), prepare, run, finish, tensors, ints, reals,
                shape.result(), chunkExtent, order, shape.scatter(), gathered, notes);
    }

    String describe() {
        KernelSpec spec = shape.spec();
        String text = spec.text().replace("*/", "* /");
        StringBuilder fm = new StringBuilder();
        for (KernelSpec.Operand o : spec.operands().values()) {
            fm.append(fm.length() == 0 ? "" : "; ").append(o.name()).append(" = ").append(o.format());
        }
        if (spec.targetFormat() != null) {
            fm.append(fm.length() == 0 ? "" : "; ").append(spec.target().name()).append(" = ").append(spec.targetFormat());
        }
        return text + " [" + fm + "] loop order " + String.join(", ", shape.order());
    }

    /** Emits depth {@code d} of the loop nest in context {@code ctx}: locates what is known, then the statement there. */
    void loops(int d, Block out, AccessState[] st, EmitContext ctx) {
        Set<String> bound = new HashSet<>(shape.order().subList(0, d));
        loopCode.resolveLocates(out, st, bound, ctx);
        walker.lower(d, out, st, ctx);
    }

    /** Emits the statement below every loop (a fused member's body at the shared loop's coordinate). */
    void innermost(Block out, AccessState[] st, EmitContext ctx) {
        walker.lower(shape.order().size(), out, st, ctx);
    }

    /** A local named {@code base} and a number, unique in the kernel (prefixed as all its locals). */
    String fresh(String base) {
        return shape.local() + base + (names++);
    }

    /** {@code tensor.level(k)}. */
    static Ex level(Ex tensor, int k) {
        return Exprs.call(tensor, "level", FrameVars.LEVEL, Exprs.lit(k));
    }

    /** {@code ((XValues) values).array()}: the values array of element type {@code e}. */
    static Ex valuesArray(Ex values, ScalarType e) {
        return Exprs.call(Exprs.cast(JavaType.ref(JavaTypes.valuesClass(e)), values), "array", JavaTypes.type(e).array());
    }
}
