package org.stag.engine.loopir;

import java.util.ArrayList;
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

    FrameCode(KernelGenerator kg) {
        this.kg = kg;
    }

    Block prepare() {
        Block b = new Block();
        if (kg.gathered) {
            gather(b);
        }
        if (kg.resultCode.claims()) {
            if (!kg.gathered) {
                declareScalars(b);
            }
            b.eval(Exprs.call(FrameVars.F, "prepareClaims", JavaType.VOID, kg.resultCode.scatterSize()));
        }
        if (kg.result != LoweredKernel.Result.DENSE) {
            return b;
        }
        ScalarType tt = kg.spec.targetType();
        if (!kg.scatter && kg.spec.free().size() == 1 && !kg.order.isEmpty() && kg.order.get(0).equals(kg.spec.free().get(0))
                && kg.loopCode.strategy(0, kg.initialStates(), kg.order.get(0)).mode() == Merge.Mode.UNIVERSE) {
            // Every entry is written by the loop over the whole dimension: nothing to fill first.
            return b;
        }
        Ex init;
        if (kg.scatter) {
            KernelSpec.Group g = kg.spec.groups().get(kg.spec.groups().size() - 1);
            if (!org.stag.engine.cin.IndexExprs.indexFree(g.init())) {
                throw kg.spec.error("the initial value of the reduction over " + g.vars().get(0)
                                + " must not depend on indices when free indices are iterated inside it");
            }
            if (!kg.gathered) {
                // prepare() sees the scalars too: the initial value may read them.
                declareScalars(b);
            }
            init = kg.value(kg.initialStates(), g.init(), tt);
        } else {
            init = JavaTypes.lit(kg.spec.targetFill());
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
    void gather(Block b) {
        declareScalars(b);
        AccessState[] st = kg.initialStates();
        Merge s = kg.loopCode.strategy(0, st, kg.order.get(0));
        int a = s.drivers().get(0);
        KernelSpec.Access acc = kg.spec.accesses().get(a);
        String t = "a" + a + "_t";
        b.let(FrameVars.TENSOR, t, Exprs.load(FrameVars.tensors(), Exprs.lit(new ArrayList<>(kg.spec.operands().keySet())
                .indexOf(acc.tensor().name()))));
        b.let(FrameVars.WORKSPACE, "ws", Exprs.call(FrameVars.F, "prepareWorkspace", FrameVars.WORKSPACE));
        LevelCode c = kg.codes.get(a).get(0);
        c.unpack(b, KernelGenerator.level(Exprs.local(t, FrameVars.TENSOR), 0));
        Ex[] range = directRange(c);
        if (range != null) {
            // The positions are split directly (LoopEmitter): nothing to copy, only their number.
            b.assign(FrameVars.f("gatherSize", JavaType.INT), Exprs.sub(range[1], range[0]));
            return;
        }
        b.assign(FrameVars.f("gatherSize", JavaType.INT), Exprs.lit(0));
        String v = kg.order.get(0);
        Ex gathered = c.holdsValues()
                ? Exprs.call(FrameVars.F, "gatherValue", JavaType.VOID, Exprs.intVar("g_c"), Exprs.local("g_v", JavaType.DOUBLE))
                : Exprs.call(FrameVars.F, "gather", JavaType.VOID, Exprs.intVar("g_c"), Exprs.intVar("g_p"));
        c.iterate(b, Exprs.lit(0), new LevelCode.Binding("g_c", c.holdsValues() ? null : "g_p", c.holdsValues() ? "g_v" : null),
                kg.needsOrder(v), "G", body -> body.eval(gathered));
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
        for (Map.Entry<String, ScalarType> s : kg.spec.scalars().entrySet()) {
            boolean asInt = JavaTypes.travelsAsInt(s.getValue());
            b.let(JavaTypes.type(s.getValue()), "s_" + s.getKey(),
                    JavaTypes.fromSlot(Exprs.load(FrameVars.scalars(s.getValue()), Exprs.lit(slotOf(s.getKey()))), s.getValue()));
        }
    }

    int slotOf(String scalar) {
        boolean asInt = JavaTypes.travelsAsInt(kg.spec.scalars().get(scalar));
        int n = 0;
        for (Map.Entry<String, ScalarType> s : kg.spec.scalars().entrySet()) {
            if (s.getKey().equals(scalar)) {
                return n;
            }
            if (JavaTypes.travelsAsInt(s.getValue()) == asInt) {
                n++;
            }
        }
        throw new IllegalArgumentException(scalar);
    }

    Block finish() {
        Block b = new Block();
        if (kg.resultCode.claims()) {
            b.eval(Exprs.call(FrameVars.F, "clearClaims", JavaType.VOID, FrameVars.CHUNKS));
        }
        if (kg.result != LoweredKernel.Result.SCALAR) {
            return b;
        }
        ScalarType tt = kg.spec.targetType();
        boolean real = tt.isFloating();
        Ex result = real ? FrameVars.f("resultReal", JavaType.DOUBLE) : FrameVars.f("resultInt", JavaType.LONG);
        if (kg.spec.groups().isEmpty()) {
            b.assign(result, Exprs.load(FrameVars.parts(tt), Exprs.lit(0)));
            return b;
        }
        KernelSpec.Group g = kg.spec.groups().get(kg.spec.groups().size() - 1);
        ScalarType at = g.type();
        JavaType jt = JavaTypes.type(at);
        declareScalars(b);
        b.var(jt, "acc", kg.value(kg.initialStates(), g.init(), at));
        Ex c = Exprs.intVar("c");
        Block loop = b.forLoop("merge", JavaType.INT, "c", Exprs.lit(0), Exprs.lt(c, FrameVars.CHUNKS), Exprs.postInc(c));
        loop.let(jt, "v", JavaTypes.fromSlot(Exprs.load(FrameVars.parts(at), c), at));
        Ex acc = Exprs.local("acc", jt);
        ResultWriter.combine(loop, kg.spec, g.op(), acc, Exprs.local("v", jt), at, g.op().stopsEarly(at) ? "merge" : null);
        b.assign(result, JavaTypes.toSlot(JavaTypes.convert(acc, at, tt), tt));
        return b;
    }
}
