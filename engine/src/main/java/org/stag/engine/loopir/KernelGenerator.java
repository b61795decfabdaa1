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
import org.stag.engine.lattice.Merge;
import org.stag.engine.ops.Operator;
import org.stag.engine.front.ScalarType;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.tensor.Format;

/**
 * Lowers one kernel to loop IR: the loop nest in the planned order, one merge per loop (seed 001 §4:
 * iterate one operand and locate the others, co-iterate several, or run over the whole dimension),
 * reductions into accumulators with early exit, and the target written in place (dense), as entries
 * (other formats) or as a scalar. The merge of each loop is read off its merge lattice ({@code lattice.MergeLattice}):
 * an operand drives a loop when the body contributes nothing wherever it is absent. The work is shared by
 * {@link LoopEmitter} (loops), {@link ResultWriter} (values and the target), {@link FrameCode} (scalars,
 * prepare, finish), {@link InPlaceTarget} (in-place updates and active sets) and {@link MonomialLoops} (seed
 * 003's canonical form: a union loop as one loop per monomial).
 */
public final class KernelGenerator {
    final KernelSpec spec;
    final Map<Integer, List<LevelCode>> codes;
    final List<String> order;
    final String className;
    final boolean scatter;
    final int scatterFrom;
    final List<String> scattered = new ArrayList<>();
    final LoweredKernel.Result result;
    /** Whether a scattered dense target is updated with atomics, so the outer loop may run in parallel. */
    final boolean atomicScatter;
    /** Whether the outermost loop walks a sparse level whose coordinates {@code prepare} gathers for chunking. */
    boolean gathered;
    /** Whether a sparse target's chunk reserves room for all its entries up front (one per iteration at most). */
    boolean entriesReserved;
    final Map<String, String> notes = new LinkedHashMap<>();
    int names;
    /** The values array of the input the target may overwrite in place (an in-place update's target), else null. */
    String selfVals;
    /** While the active-set loop is emitted, the access that alone drives the outermost loop, else -1. */
    int forcedDriver = -1;
    /** Whether the active set's positions are split with the dense loop's chunks ({@code notes "active set split"}). */
    boolean activeSliced;
    /** While one monomial's loops are emitted: the sum a dense target accumulates with, else null. */
    Operator accumulate;
    /** While one monomial's loops are emitted. */
    boolean inTerm;
    /** The depth of the loop split into monomials, while they are emitted. */
    int termDepth = -1;
    /** The prefix of every local this generator names (empty for a kernel alone, per member in a fused group). */
    final String local;
    /** In a fused group: reads replaced by locals (a pattern matrix's constant), by access id. */
    Map<Integer, Ex> overrides = Map.of();
    /**
     * In a fused group: the temporaries of the fused tree that hold earlier members' values at the shared loop's
     * coordinate (named after their targets, {@code pass.Fusion}), bound to the locals they were computed into.
     */
    Map<String, Ex> groupTemps = Map.of();
    /**
     * The guards of the loops being emitted ({@code MergeLattice.guard}: known before a loop, tested once around
     * it): inside, they hold, and the code reads them as {@code true} instead of testing them again per element.
     */
    final java.util.Set<IndexExpr> guards = new java.util.HashSet<>();
    /** In a fused group: reads known to be a constant in the code being emitted (a bool pattern's true or false). */
    Map<Integer, org.stag.engine.ops.Constant> constants = Map.of();
    /**
     * In a fused group: the local that receives the target's value at the shared loop's coordinate, and the array
     * it is stored into (null when nothing reads the target after the group); null for a kernel alone.
     */
    String memberValue;
    String memberStore;
    final FrameCode frameCode = new FrameCode(this);
    final LoopEmitter loopCode = new LoopEmitter(this);
    final ResultWriter resultCode = new ResultWriter(this);
    final EntryWriter entryCode = new EntryWriter(this);
    final InPlaceTarget inPlaceCode = new InPlaceTarget(this);
    final MonomialLoops monomials = new MonomialLoops(this);

    /** The kernel's concrete index notation after the passes: what the lowering walks. */
    final IndexStmt cin;
    final CinWalker walker;

    private KernelGenerator(KernelSpec spec, Map<Integer, List<LevelCode>> codes, List<String> order, String name,
                            String local, UnaryOperator<IndexStmt> passes) {
        this.spec = spec;
        this.cin = passes.apply(Concretize.of(spec, order));
        this.walker = new CinWalker(this, cin);
        this.local = local;
        this.codes = codes;
        this.order = order;
        this.className = name;
        int firstReduced = -1;
        for (int d = 0; d < order.size(); d++) {
            if (spec.groupOf(order.get(d)) != null && firstReduced < 0) {
                firstReduced = d;
            }
            if (firstReduced >= 0 && spec.groupOf(order.get(d)) == null) {
                scattered.add(order.get(d));
            }
        }
        this.scatter = !scattered.isEmpty();
        this.scatterFrom = firstReduced;
        if (!spec.target().isTensor()) {
            result = LoweredKernel.Result.SCALAR;
        } else {
            boolean dense = true;
            for (LevelFormat l : spec.targetFormat().levels()) {
                dense &= l.name().equals("dense");
            }
            result = dense ? LoweredKernel.Result.DENSE : LoweredKernel.Result.SPARSE;
        }
        KernelSpec.Group outer = spec.groups().isEmpty() ? null : spec.groups().get(spec.groups().size() - 1);
        atomicScatter = scatter && result == LoweredKernel.Result.DENSE && outer.type() == spec.targetType()
                && outer.op().atomic(outer.type()) != null;
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
            for (int k = 0; k < f.order(); k++) {
                // The last level's layout follows the operand's value read (a constant view keeps the layout of
                // the level it shares); every other level carries positions.
                ValueMode mode = k == f.order() - 1 ? a.tensor().read().lastLevel() : ValueMode.POSITION;
                l.add(levelCodes.create(f.level(k), local + "a" + a.id() + "l" + k, mode));
            }
            codes.put(a.id(), l);
        }
        List<String> order = new LoopPlanner(spec, codes).order();
        return new KernelGenerator(spec, codes, order, name, local, passes);
    }

    /** An emitter of this kernel's expressions over the accesses' states {@code st}. */
    ExprEmitter emitter(AccessState[] st) {
        return new ExprEmitter(spec, st, local + "a", overrides).withConstants(constants).withTemps(groupTemps)
                .withHolding(guards);
    }

    /** The value of {@code e} converted to {@code t}, over the accesses' states {@code st}. */
    Ex value(AccessState[] st, IndexExpr e, ScalarType t) {
        return value(emitter(st), e, t);
    }

    /** The value of {@code e} converted to {@code t}, by emitter {@code ex}. */
    Ex value(ExprEmitter ex, IndexExpr e, ScalarType t) {
        return ex.emit(e, t);
    }

    /** The accumulator of reduction group {@code level}. */
    String acc(int level) {
        return local + "acc" + level;
    }

    /** The accumulator of reduction group {@code g}. */
    Ex acc(KernelSpec.Group g) {
        return Exprs.local(acc(g.level()), JavaTypes.type(g.type()));
    }

    /**
     * Declares group {@code g}'s accumulator in {@code out}: the reduction's identity for the outermost group of
     * a scalar target (each chunk's partial; {@code finish} starts from the initial value), else {@code initial},
     * the initial value its {@code where}'s producer assigns in the tree ({@link CinWalker#initialValue}).
     */
    void openGroup(Block out, KernelSpec.Group g, IndexExpr initial, AccessState[] st) {
        Ex init = result == LoweredKernel.Result.SCALAR && g.level() == spec.groups().size() - 1
                ? JavaTypes.lit(Sym.identity(g.op(), g.type()))
                : value(st, initial, g.type());
        out.var(JavaTypes.type(g.type()), acc(g.level()), init);
    }

    /** Creates the code of one level. */
    public interface LevelCodeFactory {
        /** The code of a level of format {@code f} whose locals start with {@code prefix}. */
        LevelCode create(LevelFormat f, String prefix, ValueMode mode);
    }

    // ---------------------------------------------------------------------------------------------- layout

    LoweredKernel emit() {
        List<String> tensors = new ArrayList<>(spec.operands().keySet());
        List<String> ints = new ArrayList<>();
        List<String> reals = new ArrayList<>();
        for (Map.Entry<String, ScalarType> s : spec.scalars().entrySet()) {
            (JavaTypes.travelsAsInt(s.getValue()) ? ints : reals).add(s.getKey());
        }
        Merge.Mode top = order.isEmpty() ? Merge.Mode.SKIP : loopCode.strategy(0, initialStates(), order.get(0)).mode();
        // A scattered sparse target runs in chunks when their partial entries merge by keeping any one of a
        // coordinate (ResultWriter.chunkedSparseScatter), else as one chunk.
        boolean parallel = (!scatter || atomicScatter || resultCode.chunkedSparseScatter()) && !order.isEmpty();
        gathered = parallel && top == Merge.Mode.ITERATE;
        boolean chunked = parallel && (top == Merge.Mode.UNIVERSE || gathered);
        String chunkExtent = chunked && !gathered ? spec.extents().get(order.get(0)) : null;

        Block run = new Block();
        frameCode.declareScalars(run);
        for (KernelSpec.Access a : spec.accesses()) {
            String tn = "a" + a.id() + "_t";
            Ex t = Exprs.local(tn, FrameVars.TENSOR);
            run.let(FrameVars.TENSOR, tn, Exprs.load(FrameVars.tensors(), Exprs.lit(tensors.indexOf(a.tensor().name()))));
            List<LevelCode> lc = codes.get(a.id());
            for (int k = 0; k < lc.size(); k++) {
                lc.get(k).unpack(run, level(t, k));
            }
            // A constant is a literal in the code: no array to unpack.
            if (!lc.get(lc.size() - 1).holdsValues() && !a.tensor().read().isConstant()) {
                ScalarType e = a.tensor().elem();
                run.let(JavaTypes.type(e).array(), local + "a" + a.id() + "_vals", valuesArray(Exprs.call(t, "values",
                        FrameVars.VALUES), e));
            }
        }
        ScalarType tt = spec.targetType();
        selfVals = inPlaceCode.inPlaceSource(top);
        switch (result) {
            case DENSE -> run.let(JavaTypes.type(tt).array(), "out", Exprs.cast(JavaTypes.type(tt).array(),
                    FrameVars.f("out", JavaType.OBJECT)));
            case SPARSE -> {
                run.let(FrameVars.COO, "coo", Exprs.load(FrameVars.f("coo", FrameVars.COO.array()), FrameVars.CHUNK));
                entriesReserved = entryCode.declareEntries(run, chunked);
            }
            default -> {
            }
        }
        if (scatter) {
            resultCode.declareScatterWorkspace(run);
        }
        if (selfVals != null) {
            // The runtime passes the input's own buffer as the output when nothing else holds it.
            run.let(JavaType.BOOLEAN, "inPlace", Exprs.eq(Exprs.cast(JavaType.OBJECT, FrameVars.out(tt)),
                    Exprs.cast(JavaType.OBJECT, Exprs.local(selfVals, JavaTypes.type(tt).array()))));
            notes.put("in-place", walker.inPlace);
        }
        if (result == LoweredKernel.Result.SCALAR && spec.groups().isEmpty()) {
            // No loops: the value itself.
            AccessState[] st = initialStates();
            Block body = run;
            loopCode.resolveLocates(body, st, new HashSet<>());
            resultCode.writeScalarPartial(body, value(st, ((IndexStmt.Assign) cin).rhs(), tt), tt);
        } else {
            AccessState[] st = initialStates();
            int active = inPlaceCode.activeDriver();
            if (active >= 0) {
                // The output is the input's own buffer: entries where the operand stores nothing keep their
                // value, so one chunk visits the stored coordinates alone and the others have nothing to do.
                notes.put("active set", spec.accesses().get(active).tensor().name());
                // A compressed active set is split with the chunks (each takes its share of the positions), so a
                // large one runs in parallel; the runtime runs a small one as one chunk. Else chunk 0 visits it.
                activeSliced = chunked && FrameCode.directRange(codes.get(active).get(0)) != null;
                Block only = run.ifThen(Exprs.local("inPlace", JavaType.BOOLEAN));
                if (activeSliced) {
                    notes.put("active set split", "positions");
                } else {
                    only = only.ifThen(Exprs.eq(FrameVars.CHUNK, Exprs.lit(0)));
                }
                forcedDriver = active;
                loops(0, only, initialStates(), false);
                forcedDriver = -1;
                loops(0, run.orElse(), st, chunked);
            } else {
                loops(0, run, st, chunked);
            }
        }

        if (result == LoweredKernel.Result.SPARSE) {
            entryCode.closeEntries(run);
        }
        CountedSums.apply(run);
        ShardHoist.apply(run);
        Block prepare = frameCode.prepare();
        Block finish = frameCode.finish();
        if (entryCode.constantEntries()) {
            // Every entry is written only when it is not the fill (ResultWriter), so it holds the fill's negation:
            // the vector is assembled with constant values, a pattern (Planner.written plans its readers so), and
            // the kernel stores no value.
            notes.put("entries", String.valueOf(!spec.targetFill().bool()));
        }
        notes.put("order", String.join(", ", order));
        notes.put("cin", CinPrinter.print(cin));
        return new LoweredKernel("Generated by stag for: " + describe(), prepare, run, finish, tensors, ints, reals, result,
                chunkExtent, order, scatter, gathered, notes);
    }

    String describe() {
        String text = spec.text().replace("*/", "* /");
        StringBuilder fm = new StringBuilder();
        for (KernelSpec.Operand o : spec.operands().values()) {
            fm.append(fm.length() == 0 ? "" : "; ").append(o.name()).append(" = ").append(o.format());
        }
        if (spec.targetFormat() != null) {
            fm.append(fm.length() == 0 ? "" : "; ").append(spec.target().name()).append(" = ").append(spec.targetFormat());
        }
        return text + " [" + fm + "] loop order " + String.join(", ", order);
    }

    AccessState[] initialStates() {
        AccessState[] st = new AccessState[spec.accesses().size()];
        for (int i = 0; i < st.length; i++) {
            st[i] = new AccessState();
        }
        return st;
    }

    // ------------------------------------------------------------------------------------- prepare / finish

    // ----------------------------------------------------------------------------------------------- loops

    /** Emits depth {@code d} of the loop nest: locates what is known, then the statement there. */
    void loops(int d, Block out, AccessState[] st, boolean chunked) {
        Set<String> bound = new HashSet<>(order.subList(0, d));
        loopCode.resolveLocates(out, st, bound);
        walker.lower(d, out, st, chunked);
    }

    int firstOfGroup(KernelSpec.Group g) {
        for (int d = 0; d < order.size(); d++) {
            if (g.vars().contains(order.get(d))) {
                return d;
            }
        }
        throw new IllegalStateException();
    }

    String label(int d) {
        return "L" + d;
    }

    boolean needsOrder(String v) {
        KernelSpec.Group g = spec.groupOf(v);
        if (g != null && !g.op().commutative()) {
            return true;   // the result depends on the order of the values (CHOOSE keeps the first)
        }
        // A free index inside a CHOOSE scatter takes the first value in the enclosing loop's order only.
        return false;
    }

    /** The extent of index {@code v}: a literal, or the scalar local {@code s_NAME}. */
    Ex extent(String v) {
        return size(spec.extents().get(v));
    }

    /** A dimension size: a literal, or the scalar local {@code s_NAME}. */
    static Ex size(String size) {
        return Character.isDigit(size.charAt(0)) ? Exprs.lit(Integer.parseInt(size)) : Exprs.intVar("s_" + size);
    }

    /** {@code tensor.level(k)}. */
    static Ex level(Ex tensor, int k) {
        return Exprs.call(tensor, "level", FrameVars.LEVEL, Exprs.lit(k));
    }

    /** {@code ((XValues) values).array()}: the values array of element type {@code e}. */
    static Ex valuesArray(Ex values, ScalarType e) {
        return Exprs.call(Exprs.cast(JavaType.ref(JavaTypes.valuesClass(e)), values), "array", JavaTypes.type(e).array());
    }

    // -------------------------------------------------------------------------------------------- strategy

    // ------------------------------------------------------------------------------- values and the target

    /** Emits the statement below every loop (a fused member's body at the shared loop's coordinate). */
    void innermost(Block out, AccessState[] st) {
        walker.lower(order.size(), out, st, false);
    }

    // ------------------------------------------------------------------------------------------- scatter

    String fresh(String base) {
        return local + base + (names++);
    }
}
