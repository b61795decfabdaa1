package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.field;
import static org.stag.engine.loopir.Exprs.local;

import org.stag.engine.front.ScalarType;

/**
 * The parameters of a kernel's methods ({@code prepare(Frame f)}, {@code run(Frame f, int chunk, int lo, int hi,
 * Workspace ws)}, {@code finish(Frame f, int chunks)}), the fields of {@code kernellib.Frame} kernels read, and
 * the reference types generated code names, as loop IR expressions.
 */
final class FrameVars {
    private FrameVars() {
    }

    static final JavaType.Ref FRAME_TYPE = JavaType.ref("org.stag.engine.kernellib.Frame");
    static final JavaType.Ref WORKSPACE = JavaType.ref("org.stag.engine.kernellib.Workspace");
    static final JavaType.Ref TENSOR = JavaType.ref("org.stag.formats.tensor.Tensor");
    static final JavaType.Ref VALUES = JavaType.ref("org.stag.formats.tensor.Values");
    static final JavaType.Ref LEVEL = JavaType.ref("org.stag.formats.level.Level");
    static final JavaType.Ref COO = JavaType.ref("org.stag.engine.kernellib.CooBuffer");

    /** {@code f}. */
    static final Ex F = local("f", FRAME_TYPE);
    /** {@code ws}. */
    static final Ex WS = local("ws", WORKSPACE);
    /** {@code chunk}. */
    static final Ex CHUNK = local("chunk", JavaType.INT);
    /** {@code chunks}. */
    static final Ex CHUNKS = local("chunks", JavaType.INT);
    /** {@code lo}. */
    static final Ex LO = local("lo", JavaType.INT);
    /** {@code hi}. */
    static final Ex HI = local("hi", JavaType.INT);
    /** {@code coo}: the chunk's entry buffer of a sparse target. */
    static final Ex COO_LOCAL = local("coo", COO);

    /** {@code f.name}, of type {@code t}. */
    static Ex f(String name, JavaType t) {
        return field(F, name, t);
    }

    /** {@code f.tensors}. */
    static Ex tensors() {
        return f("tensors", TENSOR.array());
    }

    /** {@code out}: a dense target's values array of element type {@code t}. */
    static Ex out(ScalarType t) {
        return local("out", JavaTypes.type(t).array());
    }

    /** {@code f.partReal} or {@code f.partInt}: the per-chunk partials of a scalar of type {@code t}. */
    static Ex parts(ScalarType t) {
        return t.isFloating() ? f("partReal", JavaType.DOUBLES) : f("partInt", JavaType.LONGS);
    }

    /** The slot of a frame scalar: {@code f.ints} (integers and bools) or {@code f.reals}. */
    static Ex scalars(ScalarType t) {
        return JavaTypes.travelsAsInt(t) ? f("ints", JavaType.LONGS) : f("reals", JavaType.DOUBLES);
    }
}
