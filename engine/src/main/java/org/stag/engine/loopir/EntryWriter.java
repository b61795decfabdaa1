package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.field;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.List;
import org.stag.engine.front.ScalarType;

/**
 * Writes the entries of a sparse result into the chunk's {@code CooBuffer} through locals: the entry count
 * {@code coo_n}, the coordinate arrays {@code coo_c0}, ... and the value array {@code coo_v}, read at the start of
 * the chunk and written back at its end; one runtime call, {@code coo.reserve}, when the buffer is full, or once
 * up front where the chunk's loop bounds its entries; no value for a {@code bool} vector with constant entries.
 */
final class EntryWriter {
    private final KernelShape shape;

    EntryWriter(KernelShape shape) {
        this.shape = shape;
    }

    /**
     * Appends the entry {@code x} at {@code coords} to the chunk's buffer through its locals ({@link #declareEntries}):
     * {@code coo_c0[coo_n] = i; coo_v[coo_n] = x; coo_n++}, without the value when {@link #constantEntries}. With
     * {@code checked}, a full buffer grows first ({@link #grow}); without, the room was reserved before.
     */
    void emit(Block w, List<Ex> coords, Ex x, ScalarType t, boolean checked) {
        if (checked) {
            grow(w.ifThen(Exprs.eq(COO_N, Exprs.length(cooCrd(0)))), lit(1));
        }
        boolean values = !constantEntries();
        if (coords.size() == 1 && !values) {
            w.store(cooCrd(0), postInc(COO_N), coords.get(0));
            return;
        }
        for (int m = 0; m < coords.size(); m++) {
            w.store(cooCrd(m), COO_N, coords.get(m));
        }
        if (values) {
            w.store(cooVals(t), COO_N, x);
        }
        w.eval(postInc(COO_N));
    }

    /** The chunk's entry count while it runs: {@code coo.size}, written back by {@link #closeEntries}. */
    private static final Ex COO_N = intVar("coo_n");

    /** The local holding the chunk's coordinate array of mode {@code m}. */
    private static Ex cooCrd(int m) {
        return local("coo_c" + m, INTS);
    }

    /** The local holding the chunk's value array of type {@code t}. */
    private static Ex cooVals(ScalarType t) {
        return local("coo_v", JavaTypes.type(t).array());
    }

    /**
     * Whether the kernel stores no value with its entries: a {@code bool} vector that {@code jit.VectorAssembly}
     * assembles, whose entries all hold the fill's negation (an entry is written only when it is not the fill), so
     * the vector gets constant values ({@code notes "entries"}).
     */
    boolean constantEntries() {
        return shape.result() == LoweredKernel.Result.SPARSE && shape.spec().targetType() == ScalarType.BOOL
                && org.stag.engine.cin.ValueRead.sortedVector(shape.spec().targetFormat());
    }

    /**
     * Whether a chunk emits at most one entry per iteration of its loop, so that {@code hi - lo} entries are
     * reserved once and no entry checks for room: a vector result indexed by the chunked outermost loop's index,
     * not scattered (each iteration writes its coordinate's entry once, after any reduction).
     */
    private boolean boundedByChunk(boolean chunked) {
        return chunked && !shape.scatter() && shape.spec().free().size() == 1 && !shape.order().isEmpty()
                && shape.order().get(0).equals(shape.spec().free().get(0));
    }

    /**
     * After {@code coo} is declared in {@code run}: the entry count and arrays of the chunk's buffer in locals,
     * with {@code hi - lo} entries reserved first when the chunk's entries are bounded by its range
     * ({@link #boundedByChunk}); then no entry checks for room.
     */
    boolean declareEntries(Block run, boolean chunked) {
        boolean bounded = boundedByChunk(chunked);
        if (bounded) {
            run.eval(call(FrameVars.COO_LOCAL, "reserve", JavaType.VOID, Exprs.sub(FrameVars.HI, FrameVars.LO)));
        }
        run.var(INT, "coo_n", field(FrameVars.COO_LOCAL, "size", INT));
        ScalarType t = shape.spec().targetType();
        for (int m = 0; m < shape.spec().targetFormat().order(); m++) {
            Ex a = load(field(FrameVars.COO_LOCAL, "crd", INTS.array()), lit(m));
            if (bounded) {
                run.let(INTS, "coo_c" + m, a);
            } else {
                run.var(INTS, "coo_c" + m, a);
            }
        }
        if (!constantEntries()) {
            Ex v = field(FrameVars.COO_LOCAL, ResultWriter.valueArray(t), JavaTypes.type(t).array());
            if (bounded) {
                run.let(JavaTypes.type(t).array(), "coo_v", v);
            } else {
                run.var(JavaTypes.type(t).array(), "coo_v", v);
            }
        }
        return bounded;
    }

    /** At the end of the chunk: writes the entry count back ({@code coo.size = coo_n}). */
    void closeEntries(Block run) {
        run.assign(field(FrameVars.COO_LOCAL, "size", INT), COO_N);
    }

    /**
     * Makes room for {@code extra} more entries: writes the count back, calls {@code coo.reserve} (the one runtime
     * call, only when full) and reads the buffer's replaced arrays into the locals again.
     */
    private void grow(Block b, Ex extra) {
        b.assign(field(FrameVars.COO_LOCAL, "size", INT), COO_N);
        b.eval(call(FrameVars.COO_LOCAL, "reserve", JavaType.VOID, extra));
        ScalarType t = shape.spec().targetType();
        for (int m = 0; m < shape.spec().targetFormat().order(); m++) {
            b.assign(cooCrd(m), load(field(FrameVars.COO_LOCAL, "crd", INTS.array()), lit(m)));
        }
        if (!constantEntries()) {
            b.assign(cooVals(t), field(FrameVars.COO_LOCAL, ResultWriter.valueArray(t), JavaTypes.type(t).array()));
        }
    }

    /** Before a flush of at most {@code n} entries: room for them, so that its entries check nothing. */
    void reserveFlush(Block out, Ex n) {
        grow(out.ifThen(Exprs.gt(add(COO_N, n), Exprs.length(cooCrd(0)))), n);
    }
}
