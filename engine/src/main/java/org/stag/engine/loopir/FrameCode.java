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
        if (kg.result != LoweredKernel.Result.DENSE) {
            return b;
        }
        ScalarType tt = kg.spec.targetType();
        if (!kg.scatter && kg.spec.free().size() == 1 && !kg.order.isEmpty() && kg.order.get(0).equals(kg.spec.free().get(0))
                && kg.loopCode.strategy(0, kg.initialStates(), kg.order.get(0)).mode() == Merge.Mode.UNIVERSE) {
            // Every entry is written by the loop over the whole dimension: nothing to fill first.
            return b;
        }
        String init;
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
            init = kg.emitter(kg.initialStates()).emit(g.init(), tt);
        } else {
            init = JavaTypes.literal(kg.spec.targetFill());
        }
        b.eval("java.util.Arrays.fill((" + JavaTypes.of(tt) + "[]) f.out, " + init + ")");
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
        b.let("org.stag.formats.tensor.Tensor", t, "f.tensors[" + new ArrayList<>(kg.spec.operands().keySet())
                .indexOf(acc.tensor().name()) + "]");
        b.let("org.stag.engine.runtime.Workspace", "ws", "f.prepareWorkspace()");
        LevelCode c = kg.codes.get(a).get(0);
        c.unpack(b, t + ".level(0)");
        b.assign("f.gatherSize", "0");
        String v = kg.order.get(0);
        c.iterate(b, "0", new LevelCode.Binding("g_c", c.holdsValues() ? null : "g_p", c.holdsValues() ? "g_v" : null),
                kg.needsOrder(v), "G", body -> body.eval(c.holdsValues() ? "f.gatherValue(g_c, g_v)" : "f.gather(g_c, g_p)"));
    }

    void declareScalars(Block b) {
        for (Map.Entry<String, ScalarType> s : kg.spec.scalars().entrySet()) {
            boolean asInt = JavaTypes.travelsAsInt(s.getValue());
            b.let(JavaTypes.of(s.getValue()), "s_" + s.getKey(),
                    JavaTypes.fromSlot("f." + (asInt ? "ints" : "reals") + "[" + slotOf(s.getKey()) + "]", s.getValue()));
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
        if (kg.result != LoweredKernel.Result.SCALAR) {
            return b;
        }
        ScalarType tt = kg.spec.targetType();
        boolean real = tt.isFloating();
        if (kg.spec.groups().isEmpty()) {
            b.assign(real ? "f.resultReal" : "f.resultInt", real ? "f.partReal[0]" : "f.partInt[0]");
            return b;
        }
        KernelSpec.Group g = kg.spec.groups().get(kg.spec.groups().size() - 1);
        ScalarType at = g.type();
        declareScalars(b);
        b.var(JavaTypes.of(at), "acc", kg.emitter(kg.initialStates()).emit(g.init(), at));
        Block loop = b.forLoop("merge", "int c = 0", "c < chunks", "c++");
        String part = JavaTypes.fromSlot(at.isFloating() ? "f.partReal[c]" : "f.partInt[c]", at);
        loop.let(JavaTypes.of(at), "v", part);
        ResultWriter.combine(loop, kg.spec, g.op(), "acc", "v", at, g.op().stopsEarly(at) ? "merge" : null);
        String value = JavaTypes.convert("acc", at, tt);
        b.assign(real ? "f.resultReal" : "f.resultInt", JavaTypes.toSlot(value, tt));
        return b;
    }
}
