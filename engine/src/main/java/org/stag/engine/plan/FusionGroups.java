package org.stag.engine.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Trees;
import org.stag.formats.tensor.Format;

/**
 * Which consecutive definitions of a body fuse into one pass ([Dima 2023] §6.2.1), decided on their declared
 * formats; the runtime and the plan both ask here, so they find the same groups.
 */
public final class FusionGroups {
    private FusionGroups() {
    }

    /**
     * The longest runs of consecutive definitions, starting at each statement, that fuse with their declared
     * formats, as {first, last} indices into {@code defs}; a null entry (not a kernel) breaks a run, and a run
     * of one is not a group. None when {@code passes} has fusion off.
     */
    public static List<int[]> of(CheckedProgram p, List<Definition> defs, Function<String, Format> declared,
                                 org.stag.engine.pass.Passes passes) {
        List<int[]> out = new ArrayList<>();
        if (!passes.on(org.stag.engine.pass.Pass.FUSION)) {
            return out;
        }
        int a = 0;
        while (a < defs.size()) {
            int b = a;
            while (b + 1 < defs.size() && defs.get(b + 1) != null && defs.get(a) != null
                    && Fusible.whyNot(p, defs.subList(a, b + 2), formatsOf(defs.subList(a, b + 2), declared)) == null) {
                b++;
            }
            if (b > a) {
                out.add(new int[] {a, b});
                a = b + 1;
            } else {
                a++;
            }
        }
        return out;
    }

    /**
     * The dense targets of group {@code g} (indices into {@code f}'s body) that nothing reads after it: the fused
     * kernel keeps them in locals and never stores them (PageRank's {@code incoming}).
     */
    public static Set<String> unstored(CheckedProgram p, org.stag.engine.check.FunctionInfo f, List<Definition> defs,
                                       int[] g) {
        org.stag.engine.pass.Liveness live = new org.stag.engine.pass.Liveness(f);
        Set<String> out = new java.util.TreeSet<>();
        for (int k = g[0]; k <= g[1]; k++) {
            String t = defs.get(k).target().name();
            if (p.definition(defs.get(k)).target().isTensor() && !live.neededAfter(t, g[1])) {
                out.add(t);
            }
        }
        return out;
    }

    /** The declared format of every tensor the definitions read or define. */
    public static Map<String, Format> formatsOf(List<Definition> defs, Function<String, Format> declared) {
        Map<String, Format> f = new LinkedHashMap<>();
        for (Definition d : defs) {
            if (d == null) {
                continue;
            }
            Set<String> read = new LinkedHashSet<>();
            Trees.tensorsReadOutside(d.value(), read, Set.of());
            for (String n : read) {
                Format x = declared.apply(n);
                if (x != null) {
                    f.put(n, x);
                }
            }
            Format t = declared.apply(d.target().name());
            if (t != null) {
                f.put(d.target().name(), t);
            }
        }
        return f;
    }

    /**
     * Whether a fused kernel is compiled for how an operand of format {@code f} holds its values: a last level that
     * is dynamic carries them in its elements or nothing ({@code cin.ValueRead#lastLevel}), which its generated
     * visit unpacks, so the group is planned and run for one value read of it; a static last level's values are an
     * array or a constant, both handled by one kernel.
     */
    public static boolean readCompiledIn(Format f) {
        return f != null && f.depth() > 0 && f.level(f.depth() - 1).dynamicFormat().isPresent();
    }

    /**
     * The value reads a fused kernel of {@code defs} is compiled for: {@code read}'s of each operand whose read is
     * compiled in ({@link #readCompiledIn}, or a matrix read with values or nothing in its last level: a compressed
     * level with 64-bit positions), by name.
     */
    public static Map<String, org.stag.engine.cin.ValueRead> reads(List<Definition> defs, Map<String, Format> formats,
                                                                  Function<String, org.stag.engine.cin.ValueRead> read) {
        Map<String, org.stag.engine.cin.ValueRead> out = new LinkedHashMap<>();
        for (String n : operands(defs)) {
            if (readCompiledIn(formats.get(n))) {
                out.put(n, read.apply(n));
            } else if (formats.get(n) != null && formats.get(n).order() > 1) {
                // A compressed last level with 64-bit positions carries values or nothing, as a dynamic one does.
                org.stag.engine.cin.ValueRead r = read.apply(n);
                if (r.lastLevel() != org.stag.formats.dynamic.ValueMode.POSITION) {
                    out.put(n, r);
                }
            }
        }
        return out;
    }

    /** The tensors the group reads that it does not define before (the fused kernel's operands), in order. */
    public static List<String> operands(List<Definition> defs) {
        Set<String> defined = new LinkedHashSet<>();
        Set<String> read = new LinkedHashSet<>();
        for (Definition d : defs) {
            Trees.tensorsReadOutside(d.value(), read, defined);
            defined.add(d.target().name());
        }
        return new ArrayList<>(read);
    }
}
