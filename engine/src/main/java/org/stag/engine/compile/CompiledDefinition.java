package org.stag.engine.compile;

import java.util.List;
import java.util.Map;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.codegen.KernelPlan;
import org.stag.engine.front.ScalarType;
import org.stag.engine.runtime.ChunkRunner;
import org.stag.engine.runtime.CooBuffer;
import org.stag.engine.runtime.Frame;
import org.stag.engine.runtime.KernelBody;
import org.stag.formats.tensor.Format;
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

    CompiledDefinition(KernelSpec spec, KernelPlan plan, KernelBody body, long compileNanos) {
        this.spec = spec;
        this.plan = plan;
        this.body = body;
        this.compileNanos = compileNanos;
    }

    /** The kernel's specification. */
    public KernelSpec spec() {
        return spec;
    }

    /** The generated code and its calling convention. */
    public KernelPlan plan() {
        return plan;
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
        Frame f = new Frame();
        f.tensors = new Tensor[plan.tensors().size()];
        for (int k = 0; k < f.tensors.length; k++) {
            String name = plan.tensors().get(k);
            Tensor t = (Tensor) require(bindings, name);
            Format expected = spec.operands().get(name).format();
            f.tensors[k] = t.format().equals(expected) ? t : t.convert(expected);
        }
        f.ints = new long[plan.intScalars().size()];
        for (int k = 0; k < f.ints.length; k++) {
            Object v = require(bindings, plan.intScalars().get(k));
            f.ints[k] = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
        }
        f.reals = new double[plan.realScalars().size()];
        for (int k = 0; k < f.reals.length; k++) {
            f.reals[k] = ((Number) require(bindings, plan.realScalars().get(k))).doubleValue();
        }
        ScalarType tt = spec.targetType();
        int[] dims = plan.result() == KernelPlan.ResultKind.SCALAR ? null : dims(bindings);
        if (plan.result() == KernelPlan.ResultKind.DENSE) {
            long total = 1;
            for (int dim : dims) {
                total *= dim;
            }
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(spec.target().name() + ": " + total + " dense entries do not fit an array");
            }
            f.out = newArray(tt, (int) total);
        }
        body.prepare(f);
        boolean chunked = plan.chunkExtent() != null || plan.gathered();
        int n = plan.gathered() ? f.gatherSize : plan.chunkExtent() == null ? 0 : size(bindings, plan.chunkExtent());
        int chunkSize = chunked ? ChunkRunner.chunkSize(n) : 0;
        int chunks = chunked ? Math.max(1, (n + chunkSize - 1) / chunkSize) : 1;
        if (plan.result() == KernelPlan.ResultKind.SPARSE) {
            f.coo = new CooBuffer[chunks];
            for (int c = 0; c < chunks; c++) {
                f.coo[c] = new CooBuffer(dims.length, tt);
            }
        } else if (plan.result() == KernelPlan.ResultKind.SCALAR) {
            f.partReal = new double[chunks];
            f.partInt = new long[chunks];
        }
        ChunkRunner.of(threads).runChunks(body, f, n, chunks, chunkSize);
        body.finish(f, chunks);
        return switch (plan.result()) {
            case SCALAR -> box(f, tt);
            case DENSE -> Tensor.ofDense(spec.targetFormat(), dims, values(tt, f.out));
            case SPARSE -> assemble(f.coo, dims, tt);
        };
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

    private Tensor assemble(CooBuffer[] coo, int[] dims, ScalarType t) {
        int total = 0;
        for (CooBuffer b : coo) {
            total += b.size;
        }
        int[][] crd = new int[dims.length][total];
        Object vals = newArray(t, total);
        int at = 0;
        for (CooBuffer b : coo) {
            for (int m = 0; m < dims.length; m++) {
                System.arraycopy(b.crd[m], 0, crd[m], at, b.size);
            }
            Object src = switch (t) {
                case DOUBLE -> b.dv;
                case FLOAT -> b.fv;
                case LONG -> b.lv;
                case INT -> b.iv;
                case BOOL -> b.bv;
            };
            System.arraycopy(src, 0, vals, at, b.size);
            at += b.size;
        }
        return Tensor.build(spec.targetFormat(), dims, crd, values(t, vals));
    }

    private Values values(ScalarType t, Object array) {
        org.stag.engine.check.Constant fill = spec.targetFill();
        return switch (t) {
            case DOUBLE -> Values.ofDoubles((double[]) array, fill.real());
            case FLOAT -> Values.ofFloats((float[]) array, (float) fill.real());
            case LONG -> Values.ofLongs((long[]) array, fill.integer());
            case INT -> Values.ofInts((int[]) array, (int) fill.integer());
            case BOOL -> Values.ofBools((boolean[]) array, fill.bool());
        };
    }

    private static Object newArray(ScalarType t, int n) {
        return switch (t) {
            case DOUBLE -> new double[n];
            case FLOAT -> new float[n];
            case LONG -> new long[n];
            case INT -> new int[n];
            case BOOL -> new boolean[n];
        };
    }

    private int[] dims(Map<String, ?> bindings) {
        List<String> sizes = spec.target().tensor().sizes();
        int[] dims = new int[sizes.size()];
        for (int m = 0; m < dims.length; m++) {
            dims[m] = size(bindings, sizes.get(m));
        }
        return dims;
    }

    private static int size(Map<String, ?> bindings, String size) {
        if (Character.isDigit(size.charAt(0))) {
            return Integer.parseInt(size);
        }
        return ((Number) require(bindings, size)).intValue();
    }

    private static Object require(Map<String, ?> bindings, String name) {
        Object v = bindings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no value bound for " + name);
        }
        return v;
    }
}
