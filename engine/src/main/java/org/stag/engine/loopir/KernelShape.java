package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.stag.engine.cin.KernelSpec;
import org.stag.formats.level.LevelFormat;

/**
 * What is fixed about one kernel while it is lowered, decided when its generator is built: the kernel, its level
 * code per access, the loop order, the class name and the prefix of its locals, the free indices iterated inside a
 * reduction (a scatter, from depth {@code scatterFrom}), the kind of result and whether a scattered dense target is
 * updated with atomics. Every emitter of the kernel reads it; none changes it.
 *
 * @param codes     the level code of every level of every access, by access id
 * @param local     the prefix of every local the kernel names (empty alone, {@code dK} for member K of a fused group)
 * @param scattered the free indices iterated inside a reduction, whose values go through a scatter workspace
 */
record KernelShape(KernelSpec spec, Map<Integer, List<LevelCode>> codes, List<String> order, String className,
                   String local, List<String> scattered, int scatterFrom, LoweredKernel.Result result,
                   boolean atomicScatter) {

    /** The shape of {@code spec} over {@code codes} in loop order {@code order}. */
    static KernelShape of(KernelSpec spec, Map<Integer, List<LevelCode>> codes, List<String> order, String className,
                          String local) {
        List<String> scattered = new ArrayList<>();
        int firstReduced = -1;
        for (int d = 0; d < order.size(); d++) {
            if (spec.groupOf(order.get(d)) != null && firstReduced < 0) {
                firstReduced = d;
            }
            if (firstReduced >= 0 && spec.groupOf(order.get(d)) == null) {
                scattered.add(order.get(d));
            }
        }
        LoweredKernel.Result result;
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
        boolean atomic = !scattered.isEmpty() && result == LoweredKernel.Result.DENSE
                && outer.type() == spec.targetType() && outer.op().atomic(outer.type()) != null;
        return new KernelShape(spec, Collections.unmodifiableMap(codes), List.copyOf(order), className, local,
                List.copyOf(scattered), firstReduced, result, atomic);
    }

    /** Whether a free index is iterated inside a reduction, so that the target's values go through a workspace. */
    boolean scatter() {
        return !scattered.isEmpty();
    }

    /** The accumulator of reduction group {@code level}. */
    String acc(int level) {
        return local + "acc" + level;
    }

    /** The accumulator of reduction group {@code g}. */
    Ex acc(KernelSpec.Group g) {
        return Exprs.local(acc(g.level()), JavaTypes.type(g.type()));
    }

    /** The depth of the first loop of reduction group {@code g}. */
    int firstOfGroup(KernelSpec.Group g) {
        for (int d = 0; d < order.size(); d++) {
            if (g.vars().contains(order.get(d))) {
                return d;
            }
        }
        throw new IllegalStateException();
    }

    /** The label of the loop at depth {@code d}, the target of an early exit. */
    String label(int d) {
        return "L" + d;
    }

    /** Whether the loop over {@code v} must visit its coordinates in order. */
    boolean needsOrder(String v) {
        KernelSpec.Group g = spec.groupOf(v);
        // The result depends on the order of the values (CHOOSE keeps the first).
        return g != null && !g.op().commutative();
    }

    /**
     * The extent of index {@code v}: a literal, the scalar local {@code s_NAME}, or for a slot level's index (DIA's
     * diagonals) the dimension its level code unpacked ({@link KernelSpec#isSlotExtent}).
     */
    Ex extent(String v) {
        String e = spec.extents().get(v);
        return e != null && KernelSpec.isSlotExtent(e) ? Exprs.intVar(local + e.substring(1) + "_n") : size(e);
    }

    /** A dimension size: a literal, or the scalar local {@code s_NAME}. */
    static Ex size(String size) {
        return Character.isDigit(size.charAt(0)) ? Exprs.lit(Integer.parseInt(size)) : Exprs.intVar("s_" + size);
    }

    /** The accesses' states before any loop: nothing resolved. */
    AccessState[] initialStates() {
        AccessState[] st = new AccessState[spec.accesses().size()];
        for (int i = 0; i < st.length; i++) {
            st[i] = new AccessState();
        }
        return st;
    }
}
