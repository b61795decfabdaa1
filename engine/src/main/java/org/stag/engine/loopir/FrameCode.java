package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.lattice.Merge;
import org.stag.engine.front.ScalarType;

/**
 * The parts of a kernel outside its loops: the scalars read from the frame, {@code prepare} (fill a dense
 * target, or gather the outermost sparse level's coordinates so that chunks split them) and {@code finish}
 * (fold a scalar's per-chunk partials in chunk order).
 */
final class FrameCode {
    private final KernelGenerator kg;
    private final KernelShape shape;

    FrameCode(KernelGenerator kg) {
        this.kg = kg;
        this.shape = kg.shape;
    }

    /** The kernel's {@code prepare}, laid out as {@code ctx} says (outside every loop). */
    Block prepare(EmitContext ctx) {
        Block b = new Block();
        boolean gathered = ctx.layout().gathered();
        if (gathered) {
            gather(b, ctx);
        }
        if (kg.resultCode.claims()) {
            if (!gathered) {
                declareScalars(b);
            }
            b.eval(Exprs.call(FrameVars.F, "prepareClaims", JavaType.VOID, kg.resultCode.scatterSize()));
        }
        if (shape.result() != LoweredKernel.Result.DENSE) {
            return b;
        }
        KernelSpec spec = shape.spec();
        List<String> order = shape.order();
        ScalarType tt = spec.targetType();
        if (!shape.scatter() && spec.free().size() == 1 && !order.isEmpty() && order.get(0).equals(spec.free().get(0))
                && kg.loopCode.strategy(0, shape.initialStates(), order.get(0), ctx).mode() == Merge.Mode.UNIVERSE) {
            // Every entry is written by the loop over the whole dimension: nothing to fill first.
            return b;
        }
        Ex init;
        if (shape.scatter()) {
            KernelSpec.Group g = shape.spec().groups().get(shape.spec().groups().size() - 1);
            if (!org.stag.engine.cin.IndexExprs.indexFree(g.init())) {
                throw shape.spec().error("the initial value of the reduction over " + g.vars().get(0)
                                + " must not depend on indices when free indices are iterated inside it");
            }
            if (!gathered) {
                // prepare() sees the scalars too: the initial value may read them.
                declareScalars(b);
            }
            init = kg.value(shape.initialStates(), ctx, g.init(), tt);
        } else {
            init = JavaTypes.lit(shape.spec().targetFill());
        }
        JavaType arr = JavaTypes.type(tt).array();
        b.eval(Exprs.staticCall(JavaType.ref("java.util.Arrays"), "fill", JavaType.VOID,
                Exprs.cast(arr, FrameVars.f("out", JavaType.OBJECT)), init));
        return b;
    }

    /**
     * Parallel map over a sparse outermost level (a tree's elements, a list, a compressed segment): one
     * sequential visit collects the outer coordinates and positions, the chunks then split them.
     */
    void gather(Block b, EmitContext ctx) {
        declareScalars(b);
        AccessState[] st = shape.initialStates();
        Merge s = kg.loopCode.strategy(0, st, shape.order().get(0), ctx);
        int a = s.drivers().get(0);
        KernelSpec.Access acc = shape.spec().accesses().get(a);
        String t = "a" + a + "_t";
        b.let(FrameVars.TENSOR, t, Exprs.load(FrameVars.tensors(), Exprs.lit(new ArrayList<>(shape.spec().operands().keySet())
                .indexOf(acc.tensor().name()))));
        b.let(FrameVars.WORKSPACE, "ws", Exprs.call(FrameVars.F, "prepareWorkspace", FrameVars.WORKSPACE));
        LevelCode c = shape.codes().get(a).get(0);
        c.unpack(b, KernelGenerator.level(Exprs.local(t, FrameVars.TENSOR), 0));
        Ex[] range = directRange(c);
        if (range != null) {
            // The positions are split directly (LoopEmitter): nothing to copy, only their number.
            b.assign(FrameVars.f("gatherSize", JavaType.INT), Exprs.sub(range[1], range[0]));
            return;
        }
        b.assign(FrameVars.f("gatherSize", JavaType.INT), Exprs.lit(0));
        String v = shape.order().get(0);
        Ex gathered = c.holdsValues()
                ? Exprs.call(FrameVars.F, "gatherValue", JavaType.VOID, Exprs.intVar("g_c"), Exprs.local("g_v", JavaType.DOUBLE))
                : Exprs.call(FrameVars.F, "gather", JavaType.VOID, Exprs.intVar("g_c"), Exprs.intVar("g_p"));
        c.iterate(b, Exprs.lit(0), new LevelCode.Binding("g_c", c.holdsValues() ? null : "g_p", c.holdsValues() ? "g_v" : null),
                shape.needsOrder(v), "G", body -> body.eval(gathered));
    }

    /**
     * The position range of the gathered outermost level when its positions can be split directly (a compressed
     * level: the chunks take {@code [start + lo, start + hi)} and read the coordinates there), else null: then
     * {@code prepare} copies every coordinate and position into the frame's gather arrays.
     */
    static Ex[] directRange(LevelCode c) {
        return c.holdsValues() ? null : c.positionRange(Exprs.lit(0));
    }

    void declareScalars(Block b) {
        for (Map.Entry<String, ScalarType> s : shape.spec().scalars().entrySet()) {
            boolean asInt = JavaTypes.travelsAsInt(s.getValue());
            b.let(JavaTypes.type(s.getValue()), "s_" + s.getKey(),
                    JavaTypes.fromSlot(Exprs.load(FrameVars.scalars(s.getValue()), Exprs.lit(slotOf(s.getKey()))), s.getValue()));
        }
    }

    int slotOf(String scalar) {
        boolean asInt = JavaTypes.travelsAsInt(shape.spec().scalars().get(scalar));
        int n = 0;
        for (Map.Entry<String, ScalarType> s : shape.spec().scalars().entrySet()) {
            if (s.getKey().equals(scalar)) {
                return n;
            }
            if (JavaTypes.travelsAsInt(s.getValue()) == asInt) {
                n++;
            }
        }
        throw new IllegalArgumentException(scalar);
    }

    /** The kernel's {@code finish} (outside every loop, in context {@code ctx}). */
    Block finish(EmitContext ctx) {
        Block b = new Block();
        if (kg.resultCode.claims()) {
            b.eval(Exprs.call(FrameVars.F, "clearClaims", JavaType.VOID, FrameVars.CHUNKS));
        }
        if (shape.result() != LoweredKernel.Result.SCALAR) {
            return b;
        }
        ScalarType tt = shape.spec().targetType();
        boolean real = tt.isFloating();
        Ex result = real ? FrameVars.f("resultReal", JavaType.DOUBLE) : FrameVars.f("resultInt", JavaType.LONG);
        if (shape.spec().groups().isEmpty()) {
            b.assign(result, Exprs.load(FrameVars.parts(tt), Exprs.lit(0)));
            return b;
        }
        KernelSpec.Group g = shape.spec().groups().get(shape.spec().groups().size() - 1);
        ScalarType at = g.type();
        JavaType jt = JavaTypes.type(at);
        declareScalars(b);
        b.var(jt, "acc", kg.value(shape.initialStates(), ctx, g.init(), at));
        Ex c = Exprs.intVar("c");
        Block loop = b.forLoop("merge", JavaType.INT, "c", Exprs.lit(0), Exprs.lt(c, FrameVars.CHUNKS), Exprs.postInc(c));
        loop.let(jt, "v", JavaTypes.fromSlot(Exprs.load(FrameVars.parts(at), c), at));
        Ex acc = Exprs.local("acc", jt);
        ResultWriter.combine(loop, shape.spec(), g.op(), acc, Exprs.local("v", jt), at, g.op().stopsEarly(at) ? "merge" : null);
        b.assign(result, JavaTypes.toSlot(JavaTypes.convert(acc, at, tt), tt));
        return b;
    }
}
