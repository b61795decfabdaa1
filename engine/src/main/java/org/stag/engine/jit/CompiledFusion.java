package org.stag.engine.jit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.ops.Constant;
import org.stag.engine.check.Symbol;
import org.stag.engine.javagen.FusedPlan;
import org.stag.engine.front.ScalarType;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.engine.kernellib.Frame;
import org.stag.engine.kernellib.KernelBody;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * Several definitions compiled into one pass ({@code loopir.GroupDriver}). Running it gives every target: dense
 * vectors as {@link Tensor}s, scalars boxed, by name.
 */
public final class CompiledFusion {
    private final FusedPlan plan;
    private final KernelBody body;
    private final Map<String, Format> formats;

    CompiledFusion(FusedPlan plan, KernelBody body, Map<String, Format> formats) {
        this.plan = plan;
        this.body = body;
        this.formats = formats;
    }

    /** The generated code and calling convention. */
    public FusedPlan plan() {
        return plan;
    }

    /**
     * Runs the fused kernel.
     *
     * @param bindings every tensor read (that the group does not define) and every scalar and size, by name
     * @return the value of every target, by name
     */
    public Map<String, Object> run(Map<String, ?> bindings, int threads) {
        Frame f = new Frame();
        f.tensors = new Tensor[plan.tensors().size()];
        for (int k = 0; k < f.tensors.length; k++) {
            String name = plan.tensors().get(k);
            Tensor t = (Tensor) require(bindings, name);
            f.tensors[k] = t.format().equals(formats.get(name)) ? t : t.convert(formats.get(name));
        }
        refuseConstants(f);
        f.ints = new long[plan.intScalars().size()];
        for (int k = 0; k < f.ints.length; k++) {
            Object v = require(bindings, plan.intScalars().get(k));
            f.ints[k] = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
        }
        f.reals = new double[plan.realScalars().size()];
        for (int k = 0; k < f.reals.length; k++) {
            f.reals[k] = ((Number) require(bindings, plan.realScalars().get(k))).doubleValue();
        }
        String extent = plan.extent();
        int n = Character.isDigit(extent.charAt(0)) ? Integer.parseInt(extent) : ((Number) require(bindings, extent)).intValue();
        int chunkSize = ChunkRunner.chunkSize(n, f.tensors);
        int chunks = Math.max(1, (n + chunkSize - 1) / chunkSize);
        List<Symbol> targets = plan.targets();
        f.outs = new Object[targets.size()];
        f.partsReal = new double[targets.size()][];
        f.partsInt = new long[targets.size()][];
        f.resultsReal = new double[targets.size()];
        f.resultsInt = new long[targets.size()];
        for (int k = 0; k < targets.size(); k++) {
            Symbol t = targets.get(k);
            if (t.isTensor() && plan.unstored().contains(t.name())) {
                continue;
            }
            if (t.isTensor()) {
                f.outs[k] = TypedArrays.newArray(t.type().elem(), n);
            } else {
                f.partsReal[k] = new double[chunks];
                f.partsInt[k] = new long[chunks];
            }
        }
        ChunkRunner.of(threads).run(body, f, n, chunks, chunkSize);
        Map<String, Object> out = new LinkedHashMap<>();
        for (int k = 0; k < targets.size(); k++) {
            Symbol t = targets.get(k);
            ScalarType et = t.type().elem();
            if (t.isTensor() && plan.unstored().contains(t.name())) {
                continue;
            }
            if (t.isTensor()) {
                out.put(t.name(), Tensor.ofDense(formats.get(t.name()), new int[] {n}, TypedArrays.values(et, f.outs[k], t.tensor().fill())));
            } else {
                out.put(t.name(), switch (et) {
                    case BOOL -> f.resultsInt[k] != 0;
                    case INT -> (int) f.resultsInt[k];
                    case LONG -> f.resultsInt[k];
                    case FLOAT -> (float) f.resultsReal[k];
                    case DOUBLE -> f.resultsReal[k];
                });
            }
        }
        return out;
    }

    /** A frame for {@link #runWith}: operand slots in the plan's order, filled by the caller. */
    public Frame newFrame() {
        Frame f = new Frame();
        int outs = plan.targets().size();
        f.tensors = new Tensor[plan.tensors().size()];
        f.ints = new long[plan.intScalars().size()];
        f.reals = new double[plan.realScalars().size()];
        f.outs = new Object[outs];
        f.partsReal = new double[outs][];
        f.partsInt = new long[outs][];
        f.resultsReal = new double[outs];
        f.resultsInt = new long[outs];
        return f;
    }

    /**
     * Runs with operands already in {@code f} ({@link #newFrame}); {@code n} is the shared loop's size.
     * Dense targets are written into {@code reuse[k]} when it is a tensor of the right size (then returned
     * as is), else into new tensors; scalar targets are left in {@code f.resultsReal}/{@code resultsInt}.
     * Allocates nothing when every dense target is reused and the partial arrays have their size.
     */
    public Tensor[] runWith(Frame f, ChunkRunner runner, int n, Tensor[] reuse, Tensor[] out) {
        refuseConstants(f);
        List<Symbol> targets = plan.targets();
        int chunkSize = ChunkRunner.chunkSize(n, f.tensors);
        int chunks = Math.max(1, (n + chunkSize - 1) / chunkSize);
        for (int k = 0; k < targets.size(); k++) {
            Symbol t = targets.get(k);
            if (t.isTensor() && plan.unstored().contains(t.name())) {
                f.outs[k] = null;
                out[k] = null;
            } else if (t.isTensor()) {
                Tensor r = reuse == null ? null : reuse[k];
                if (r != null && !r.values().isConstant() && r.values().size() == n
                        && r.valueType().name().equals(t.type().elem().name())) {
                    f.outs[k] = array(r);
                    out[k] = r;
                } else {
                    f.outs[k] = TypedArrays.newArray(t.type().elem(), n);
                    out[k] = null;
                }
            } else if (f.partsReal[k] == null || f.partsReal[k].length < chunks) {
                f.partsReal[k] = new double[chunks];
                f.partsInt[k] = new long[chunks];
            }
        }
        runner.run(body, f, n, chunks, chunkSize);
        for (int k = 0; k < targets.size(); k++) {
            Symbol t = targets.get(k);
            if (t.isTensor() && out[k] == null && !plan.unstored().contains(t.name())) {
                out[k] = Tensor.ofDense(formats.get(t.name()), new int[] {n}, TypedArrays.values(t.type().elem(), f.outs[k],
                        t.tensor().fill()));
            }
            f.outs[k] = null;
        }
        return out;
    }

    /**
     * A fused kernel reads every vector's values array; constant vectors run through the members' kernels. A row
     * reduction's matrix may be constant (a pattern graph).
     */
    private void refuseConstants(Frame f) {
        for (int k = 0; k < f.tensors.length; k++) {
            if (f.tensors[k].values().isConstant() && f.tensors[k].order() == 1) {
                throw new IllegalArgumentException("tensor " + plan.tensors().get(k) + " has constant values, which a fused"
                        + " kernel does not read; run the definitions one by one");
            }
        }
    }

    private static Object array(Tensor t) {
        Values v = t.values();
        if (v instanceof org.stag.formats.tensor.DoubleValues d) {
            return d.array();
        } else if (v instanceof org.stag.formats.tensor.FloatValues fl) {
            return fl.array();
        } else if (v instanceof org.stag.formats.tensor.LongValues l) {
            return l.array();
        } else if (v instanceof org.stag.formats.tensor.IntValues i) {
            return i.array();
        }
        return ((org.stag.formats.tensor.BoolValues) v).array();
    }



    private static Object require(Map<String, ?> bindings, String name) {
        Object v = bindings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no value bound for " + name);
        }
        return v;
    }
}
