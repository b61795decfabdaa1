package org.stag.engine.jit;

import java.util.List;
import java.util.Map;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.javagen.KernelPlan;
import org.stag.engine.front.ScalarType;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.engine.kernellib.Frame;
import org.stag.engine.kernellib.KernelBody;
import org.stag.engine.kernellib.Workspace;
import org.stag.formats.tensor.BoolValues;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.FloatValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.IntValues;
import org.stag.formats.tensor.LongValues;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * A compiled definition, ready to run on tensors and scalars bound by name. Tensor results come back as
 * {@link Tensor}s in the target's format, scalar results boxed in the target's Java type.
 */
public final class CompiledDefinition {
    private final KernelSpec spec;
    private final KernelPlan plan;
    private final KernelBody body;
    private final long compileNanos;
    /** For {@link #runWith}: the format each frame tensor slot is compiled for. */
    private final Format[] operandFormats;
    /** For {@link #runWith}: how each frame tensor slot's values are read, as compiled. */
    private final ValueRead[] operandReads;
    /** For {@link #runWith}: each target dimension's size, and the chunked loop's, as a {@link #sizeCode}. */
    private final long[] dimCodes;
    private final long chunkCode;
    /** The frame slot of the input an active-set kernel updates in place ({@code notes "in-place"}), or -1. */
    private final int activeSetSelf;
    private static final long NO_SLOT = Long.MIN_VALUE;
    /**
     * The frame slot of the compressed active set whose positions the kernel splits with its chunks
     * ({@code notes "active set split"}), or -1.
     */
    private final int activeSetSplit;
    /**
     * From this many entries on, an active set the kernel splits runs in all the dense loop's chunks (in parallel),
     * below as one chunk on the calling thread: about the entries whose scattered writes take as long as
     * dispatching the chunks.
     */
    public static final int SPLIT_ACTIVE_FROM = 1 << 14;
    /** The value every entry of the result holds (assembled with constant values), or null. */
    private final org.stag.engine.ops.Constant constantEntries;
    /** Whether a sparse result is a vector {@link VectorAssembly} assembles (in O(entries), without a sort when ordered). */
    private final boolean vector;
    /** Whether a sparse result is a CSR matrix {@link MatrixAssembly} assembles (row by row, over a dead one's storage). */
    private final boolean matrix;

    /** What this kernel was compiled from, for compiling the very same kernel elsewhere ({@link #request()}). */
    private final CompileRequest request;

    CompiledDefinition(KernelSpec spec, KernelPlan plan, KernelBody body, long compileNanos, CompileRequest request) {
        this.request = request;
        this.spec = spec;
        this.plan = plan;
        this.body = body;
        this.compileNanos = compileNanos;
        this.operandFormats = new Format[plan.tensors().size()];
        this.operandReads = new ValueRead[operandFormats.length];
        for (int k = 0; k < operandFormats.length; k++) {
            operandFormats[k] = spec.operands().get(plan.tensors().get(k)).format();
            operandReads[k] = spec.operands().get(plan.tensors().get(k)).read();
        }
        List<String> sizes = spec.target().isTensor() ? spec.target().tensor().sizes() : List.of();
        this.dimCodes = new long[sizes.size()];
        for (int m = 0; m < dimCodes.length; m++) {
            dimCodes[m] = sizeCode(sizes.get(m));
        }
        this.chunkCode = plan.chunkExtent() == null ? NO_SLOT : sizeCode(plan.chunkExtent());
        this.vector = plan.result() == KernelPlan.ResultKind.SPARSE && VectorAssembly.applies(spec.targetFormat());
        this.matrix = plan.result() == KernelPlan.ResultKind.SPARSE && MatrixAssembly.applies(spec.targetFormat());
        // A bool vector result notes the one value its entries hold (KernelGenerator: fills are never stored).
        String entries = vector ? plan.notes().get("entries") : null;
        this.constantEntries = entries == null ? null : org.stag.engine.ops.Constant.ofBool(Boolean.parseBoolean(entries));
        this.activeSetSelf = plan.notes().containsKey("active set") ? plan.tensors().indexOf(plan.notes().get("in-place"))
                : -1;
        this.activeSetSplit = plan.notes().containsKey("active set split") ? plan.tensors().indexOf(plan.notes().get("active set"))
                : -1;
    }

    /**
     * Whether a sparse result in {@code format} is assembled over a dead result's storage by {@link #runWith}: a
     * vector in one ordered, unique compressed level, or a matrix in a dense level over its rows and such a level.
     * A runtime keeps the dead results of those types for the next run.
     */
    public static boolean assemblesOverDead(Format format) {
        return VectorAssembly.applies(format) || MatrixAssembly.applies(format);
    }

    /**
     * A size as a frame holds it: the int slot of the size parameter ({@code >= 0}), {@code -1 - literal}, or
     * {@link #NO_SLOT} when the plan has no slot for it.
     */
    private long sizeCode(String size) {
        if (Character.isDigit(size.charAt(0))) {
            return -1L - Integer.parseInt(size);
        }
        int slot = plan.intScalars().indexOf(size);
        return slot < 0 ? NO_SLOT : slot;
    }

    private int sizeOf(Frame f, long code) {
        if (code == NO_SLOT) {
            throw new IllegalStateException("a size of " + spec.target().name() + " has no slot in the kernel's frame");
        }
        return (int) (code >= 0 ? f.ints[(int) code] : -1L - code);
    }

    /** The kernel's specification. */
    public KernelSpec spec() {
        return spec;
    }

    /** The generated code and its calling convention. */
    public KernelPlan plan() {
        return plan;
    }

    /**
     * The arguments this kernel was compiled from: {@link DefinitionCompiler#compile(CompileRequest)} with them
     * gives the same kernel (a runtime that runs kernels in other JVMs compiles them there from these).
     */
    public CompileRequest request() {
        return request;
    }

    /**
     * The operands the kernel reads in another format than it was asked for, with that format: every run converts them
     * first ([Chou 2018] §4.3's iterator conversion, e.g. DIA or ELL in an addition). Empty when none is.
     */
    public Map<String, Format> conversions() {
        Map<String, Format> out = new java.util.TreeMap<>();
        for (int k = 0; k < operandFormats.length; k++) {
            Format given = request.formats().get(plan.tensors().get(k));
            if (given != null && !given.equals(operandFormats[k])) {
                out.put(plan.tensors().get(k), operandFormats[k]);
            }
        }
        return out;
    }

    /**
     * Whether the outermost loop is a dense loop over the chunked extent (not over gathered coordinates), so that
     * {@link #runRows} can run a range of its coordinates on its own.
     */
    public boolean rowChunked() {
        return plan.chunkExtent() != null && !plan.gathered();
    }

    /** Nanoseconds {@link DefinitionCompiler#compile} took for this kernel (near zero when cached). */
    public long compileNanos() {
        return compileNanos;
    }

    /**
     * Runs the kernel.
     *
     * @param bindings every tensor the kernel reads ({@link Tensor}) and every scalar and size parameter
     *                 ({@link Number} or {@link Boolean}), by name
     * @param threads  worker threads (1 runs on the calling thread)
     * @return the target's value: a {@link Tensor} or a boxed scalar
     */
    public Object run(Map<String, ?> bindings, int threads) {
        Frame f = newFrame();
        for (int k = 0; k < f.tensors.length; k++) {
            f.tensors[k] = (Tensor) require(bindings, plan.tensors().get(k));
        }
        for (int k = 0; k < f.ints.length; k++) {
            Object v = require(bindings, plan.intScalars().get(k));
            f.ints[k] = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
        }
        for (int k = 0; k < f.reals.length; k++) {
            f.reals[k] = ((Number) require(bindings, plan.realScalars().get(k))).doubleValue();
        }
        // One run path: the frame's operands are converted, sized and run exactly as for repeated runs.
        Tensor out = runWith(f, ChunkRunner.of(threads), null);
        return plan.result() == KernelPlan.ResultKind.SCALAR ? box(f, spec.targetType()) : out;
    }

    /**
     * A frame for repeated runs through {@link #runWith}: operand slots sized for {@link #plan()}, to be
     * filled by the caller in the plan's order ({@code tensors()}, {@code intScalars()}, {@code realScalars()},
     * each scalar in its slot form: bools as 0/1, floats widened). The per-chunk buffers grow on first use and
     * are kept, so later runs allocate nothing for them.
     */
    public Frame newFrame() {
        Frame f = new Frame();
        f.tensors = new Tensor[plan.tensors().size()];
        f.ints = new long[plan.intScalars().size()];
        f.reals = new double[plan.realScalars().size()];
        return f;
    }

    /**
     * Runs the kernel on the operands already in {@code f} (a frame of {@link #newFrame()}), reading sizes
     * (the chunked loop's extent, the target's dimensions) from the frame's int slots. The same results as
     * {@link #run}, without boxing or per-run allocation where the result allows:
     * <ul>
     *   <li>a scalar target is left in {@code f.resultInt} or {@code f.resultReal} (as {@link #run} would
     *       box it), and {@code null} is returned;</li>
     *   <li>a dense target is written into {@code reuse}, and {@code reuse} itself is returned, when
     *       {@link #canReuse} holds for it (its values are overwritten: the caller guarantees that nothing
     *       reads them any more and that it is none of the operands); otherwise into a new tensor;</li>
     *   <li>a sparse vector in one compressed level ({@link VectorAssembly}), or a matrix in a dense and a
     *       compressed level whose entries come row by row ({@link MatrixAssembly}), is assembled over the arrays
     *       of {@code reuse} when it is such a tensor (dead: the caller guarantees that nothing reads it any more)
     *       with room for the entries, and {@code reuse} itself is returned, refilled, when it has the target's
     *       format and dimensions (then nothing is allocated);</li>
     *   <li>any other target is assembled into a new tensor, from coordinate buffers kept in {@code f}.</li>
     * </ul>
     * An operand in a format other than the one compiled for (a non-unique level) is converted, as
     * {@link #run} does.
     *
     * @param reuse a dead dense tensor whose values array may be overwritten (or a dead sparse vector or CSR
     *              matrix whose arrays and objects may), or null
     * @throws IllegalArgumentException if an operand's values are not read as compiled ({@link ValueRead}): a
     *                                  constant where the kernel reads an array, or the other way round
     */
    public Tensor runWith(Frame f, ChunkRunner runner, Tensor reuse) {
        return run(f, runner, null, reuse, 0, Integer.MAX_VALUE);
    }

    /**
     * As {@link #runWith}, on the calling thread with workspace {@code ws}, for the outermost coordinates
     * {@code [lo, hi)} only when the kernel is {@link #rowChunked()} (a block of rows: the result's other
     * entries keep what {@code prepare} wrote, and a scalar result reduces the block's rows only), else for the
     * whole loop. A runtime that holds a matrix as blocks of rows runs a block's kernel so, with the block as the
     * operand. Allocation as for {@link #runWith}; several threads may each run one frame of their own at once.
     */
    public Tensor runRows(Frame f, Workspace ws, Tensor reuse, int lo, int hi) {
        return run(f, null, ws, reuse, lo, hi);
    }

    private Tensor run(Frame f, ChunkRunner runner, Workspace ws, Tensor reuse, int rowLo, int rowHi) {
        prepareOperands(f);
        if (plan.result() == KernelPlan.ResultKind.DENSE) {
            f.out = denseTarget(f, reuse);
            if (!canReuse(f, reuse)) {
                reuse = null;
            }
        }
        body.prepare(f);
        boolean chunked = plan.chunkExtent() != null || plan.gathered();
        boolean flat = plan.loopOrder().size() == 1;
        int n = plan.gathered() ? f.gatherSize : plan.chunkExtent() == null ? 0 : sizeOf(f, chunkCode);
        // A loop over dense rows is chunked along the shards of the dynamic levels under them; gathered
        // coordinates are not rows, so their chunks need no alignment, and they are cut small only when each may
        // carry a row (an inner loop): over a vector alone they are as cheap as a dense loop's coordinates.
        int chunkSize = !chunked ? 0 : plan.gathered() && !flat ? ChunkRunner.gatheredChunkSize(n)
                : plan.gathered() ? ChunkRunner.chunkSize(n) : ChunkRunner.chunkSize(n, f.tensors);
        int chunks = chunked ? Math.max(1, (n + chunkSize - 1) / chunkSize) : 1;
        int from = 0;
        if (runner == null && rowChunked()) {
            // A block of rows: chunks of the same size from the block's first row.
            from = Math.max(0, Math.min(n, rowLo));
            n = Math.max(from, Math.min(n, rowHi));
            chunks = Math.max(1, (n - from + chunkSize - 1) / chunkSize);
        }
        if (chunks > 1 && activeSetSelf >= 0 && f.out != null && f.out == TypedArrays.arrayOrNull(f.tensors[activeSetSelf].values())
                && (activeSetSplit < 0 || activeEntries(f) < SPLIT_ACTIVE_FROM)) {
            // In place over an active set: chunk 0 visits the sparse operand's entries and every other chunk has
            // nothing to do, so it runs alone, on this thread, instead of dispatching ~1,024 empty chunks. A kernel
            // that splits a large active set's positions with the chunks keeps them; run as one chunk, it takes
            // the whole extent (chunk size 0: [0, n)) and so all the positions.
            chunks = 1;
            chunkSize = 0;
        }
        if (plan.result() == KernelPlan.ResultKind.SPARSE) {
            if (f.coo == null || f.coo.length < chunks) {
                f.coo = new CooBuffer[chunks];
                for (int c = 0; c < chunks; c++) {
                    f.coo[c] = newEntries();
                }
            } else {
                for (CooBuffer b : f.coo) {
                    b.clear();
                }
            }
        } else if (plan.result() == KernelPlan.ResultKind.SCALAR && (f.partReal == null || f.partReal.length < chunks)) {
            f.partReal = new double[chunks];
            f.partInt = new long[chunks];
        }
        if (runner != null) {
            // A single loop over few coordinates runs here: the workers would cost more than it does.
            runner.runChunks(body, f, n, chunks, chunkSize, !flat || n - from >= ChunkRunner.inlineBelow());
        } else {
            for (int c = 0; c < chunks; c++) {
                int lo = chunkSize <= 0 ? from : from + c * chunkSize;
                int hi = chunkSize <= 0 ? n : Math.min(n, lo + chunkSize);
                body.run(f, c, lo, hi, ws);
            }
        }
        body.finish(f, chunks);
        return switch (plan.result()) {
            case SCALAR -> null;
            case DENSE -> {
                Tensor out = denseResult(f, f.out, reuse);
                f.out = null;
                yield out;
            }
            case SPARSE -> sparseResult(f, f.coo, chunks, reuse);
        };
    }

    /**
     * Converts the operands in {@code f} that are not in the format compiled for (a non-unique level), and checks
     * that their values are read as compiled.
     */
    private void prepareOperands(Frame f) {
        for (int k = 0; k < operandFormats.length; k++) {
            Format now = f.tensors[k].format();
            if (now != operandFormats[k] && !now.equals(operandFormats[k])) {
                f.tensors[k] = f.tensors[k].convert(operandFormats[k]);
            }
            if (!operandReads[k].matches(f.tensors[k])) {
                throw new IllegalArgumentException("tensor " + plan.tensors().get(k) + ": the kernel was compiled to read"
                        + " its values as " + operandReads[k] + ", but they are read as " + ValueRead.of(f.tensors[k])
                        + " (compile with DefinitionCompiler.compile(..., reads, ...))");
            }
        }
    }

    /**
     * The values array a run writes a dense target into: {@code reuse}'s when {@link #canReuse} holds for it, else
     * a new one of the target's size (read from {@code f}'s size slots), of the target's element type.
     */
    public Object denseTarget(Frame f, Tensor reuse) {
        if (canReuse(f, reuse)) {
            return TypedArrays.array(reuse.values());
        }
        long total = 1;
        for (int dim : dimsOf(f)) {
            total *= dim;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(spec.target().name() + ": " + total + " dense entries do not fit an array");
        }
        return TypedArrays.newArray(spec.targetType(), (int) total);
    }

    /**
     * The dense result whose values are {@code array} (from {@link #denseTarget} with the same {@code reuse}):
     * {@code reuse} itself when the kernel can write into it, else a new tensor in the target's format.
     */
    public Tensor denseResult(Frame f, Object array, Tensor reuse) {
        if (canReuse(f, reuse)) {
            return reuse;
        }
        return Tensor.ofDense(spec.targetFormat(), dimsOf(f), values(spec.targetType(), array));
    }

    /** An empty entry buffer of this kernel's sparse target: coordinates, and values unless they are all one constant. */
    public CooBuffer newEntries() {
        return new CooBuffer(dimCodes.length, spec.targetType(), constantEntries == null);
    }

    /**
     * The sparse target assembled from the entries in {@code coo[0, chunks)} (buffers of {@link #newEntries()}), as
     * {@link #runWith} assembles them: over {@code reuse}'s storage where it can (see there), else a new tensor.
     */
    public Tensor sparseResult(Frame f, CooBuffer[] coo, int chunks, Tensor reuse) {
        ScalarType tt = spec.targetType();
        if (vector) {
            return VectorAssembly.assemble(spec.targetFormat(), sizeOf(f, dimCodes[0]), coo, chunks, tt,
                    spec.targetFill(), f, reuse, constantEntries);
        }
        Tensor m = matrix ? MatrixAssembly.assemble(spec.targetFormat(), sizeOf(f, dimCodes[0]), sizeOf(f, dimCodes[1]),
                coo, chunks, tt, spec.targetFill(), f, reuse) : null;
        return m != null ? m : TypedArrays.assemble(spec.targetFormat(), coo, chunks, dimsOf(f), tt, spec.targetFill());
    }

    /**
     * Whether {@link #runWith} can write this kernel's dense result into {@code t}: a dense tensor of the
     * target's format, element type, fill value and dimensions (read from {@code f}'s size slots).
     */
    public boolean canReuse(Frame f, Tensor t) {
        if (t == null || plan.result() != KernelPlan.ResultKind.DENSE || t.valuesInLastLevel()) {
            return false;
        }
        Format target = spec.targetFormat();
        if (t.format() != target && !t.format().equals(target)) {
            return false;
        }
        if (t.order() != dimCodes.length) {
            return false;
        }
        for (int m = 0; m < dimCodes.length; m++) {
            if (t.dimension(m) != sizeOf(f, dimCodes[m])) {
                return false;
            }
        }
        org.stag.engine.ops.Constant fill = spec.targetFill();
        Values v = t.values();
        return switch (spec.targetType()) {
            case DOUBLE -> v instanceof DoubleValues d && Double.compare(d.fill(), fill.real()) == 0;
            case FLOAT -> v instanceof FloatValues d && Float.compare(d.fill(), (float) fill.real()) == 0;
            case LONG -> v instanceof LongValues d && d.fill() == fill.integer();
            case INT -> v instanceof IntValues d && d.fill() == (int) fill.integer();
            case BOOL -> v instanceof BoolValues d && d.fill() == fill.bool();
        };
    }

    /** The entries of the compressed active set the kernel splits (its one level's position range). */
    private int activeEntries(Frame f) {
        int[] pos = ((org.stag.formats.level.CompressedLevel) f.tensors[activeSetSplit].level(0)).pos();
        return pos[1] - pos[0];
    }

    private int[] dimsOf(Frame f) {
        int[] dims = new int[dimCodes.length];
        for (int m = 0; m < dims.length; m++) {
            dims[m] = sizeOf(f, dimCodes[m]);
        }
        return dims;
    }

    private Object box(Frame f, ScalarType t) {
        return switch (t) {
            case BOOL -> f.resultInt != 0;
            case INT -> (int) f.resultInt;
            case LONG -> f.resultInt;
            case FLOAT -> (float) f.resultReal;
            case DOUBLE -> f.resultReal;
        };
    }

    private Values values(ScalarType t, Object array) {
        return TypedArrays.values(t, array, spec.targetFill());
    }


    private static Object require(Map<String, ?> bindings, String name) {
        Object v = bindings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no value bound for " + name);
        }
        return v;
    }
}
