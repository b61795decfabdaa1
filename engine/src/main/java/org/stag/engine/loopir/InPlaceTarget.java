package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.lattice.Merge;
import org.stag.engine.pass.ActiveSet;

/**
 * Whether a kernel may write into its in-place input's buffer ({@code pass.InPlace}) and, when it does, which
 * sparse operand's stored coordinates alone can drive the update ({@code pass.ActiveSet}).
 */
final class InPlaceTarget {
    private final KernelGenerator kg;
    private final KernelShape shape;

    InPlaceTarget(KernelGenerator kg) {
        this.kg = kg;
        this.shape = kg.shape;
    }

    /**
     * The values array of the in-place input when this kernel may overwrite it: a dense vector target written
     * entry by entry by a loop over its whole dimension (nothing filled first), the input read from an array.
     */
    String inPlaceSource(Merge.Mode top) {
        String src = kg.walker.inPlace;
        boolean writesAll = shape.result() == LoweredKernel.Result.DENSE && !shape.scatter() && shape.spec().groups().isEmpty()
                && shape.spec().free().size() == 1 && !shape.order().isEmpty() && shape.order().get(0).equals(shape.spec().free().get(0))
                && top == Merge.Mode.UNIVERSE;
        if (src == null || !writesAll) {
            return null;
        }
        for (KernelSpec.Access a : shape.spec().accesses()) {
            List<LevelCode> lc = shape.codes().get(a.id());
            if (a.tensor().name().equals(src) && !lc.get(lc.size() - 1).holdsValues() && !a.tensor().read().isConstant()) {
                return "a" + a.id() + "_vals";
            }
        }
        return null;
    }

    /**
     * The access of a sparse vector (neither dense nor a bitmap) indexed by the outermost loop whose absence
     * leaves the in-place input as it is ({@link ActiveSet}), every other operand of that loop able to locate;
     * -1 when there is none or the pass is off (or the kernel, laid out as {@code layout}, does not run in place).
     */
    int activeDriver(EmitContext.Layout layout) {
        if (layout.inPlaceValues() == null || !kg.walker.loop(0).activeSet()) {
            return -1;
        }
        String v = shape.order().get(0);
        AccessState[] st = shape.initialStates();
        List<Integer> p = kg.loopCode.participants(st, v);
        for (int a : p) {
            KernelSpec.Access acc = shape.spec().accesses().get(a);
            LevelCode c = kg.loopCode.level(a, st);
            String name = acc.tensor().name();
            List<Integer> twins = twins(a);
            if (name.equals(kg.walker.inPlace) || acc.levels() != 1 || c.full() || c.format().name().equals("bitmap")
                    || twins.get(0) != a
                    || shape.spec().accesses().stream().filter(x -> x.tensor().name().equals(name)).count() != twins.size()) {
                continue;
            }
            boolean othersLocate = true;
            for (int o : p) {
                othersLocate &= twins.contains(o) || LoopEmitter.canLocate(kg.loopCode.level(o, st));
            }
            if (othersLocate && ActiveSet.keepsInput(shape.spec(), kg.walker.inPlace, new Symbolic(shape.spec(), new HashSet<>(twins)),
                    shape.spec().rhs())) {
                return a;
            }
        }
        return -1;
    }

    /**
     * The accesses of access {@code a}'s tensor that read it at the outermost loop's coordinate, {@code a}'s
     * position first among them: one cursor serves them all.
     */
    List<Integer> twins(int a) {
        List<Integer> out = new ArrayList<>();
        String name = shape.spec().accesses().get(a).tensor().name();
        for (KernelSpec.Access x : shape.spec().accesses()) {
            if (x.tensor().name().equals(name) && x.levels() == 1 && shape.order().get(0).equals(x.levelVar().get(0))) {
                out.add(x.id());
            }
        }
        return out;
    }

    /** Whether {@code e} reads the in-place input at the target's coordinates. */
    boolean isSelf(IndexExpr e) {
        return e instanceof IndexExpr.Read r && r.tensor().equals(kg.walker.inPlace);
    }
}
