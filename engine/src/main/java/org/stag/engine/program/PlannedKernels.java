package org.stag.engine.program;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.CompiledFusion;
import org.stag.engine.front.Definition;
import org.stag.engine.plan.FusedVariant;
import org.stag.engine.plan.KernelVariant;
import org.stag.engine.plan.ProgramPlan;

/**
 * The kernels of a {@link ProgramPlan}, compiled up front and in parallel (distinct kernels compile
 * concurrently in the shared kernel cache). A variant that fails to compile keeps its error, thrown when a
 * statement meets that tuple, as a kernel compiled on first use would have failed. Asking for a tuple the plan
 * does not hold is a bug of the planner: an {@link IllegalStateException} naming statement and tuple.
 */
final class PlannedKernels {
    /** A compiled variant, or why it could not be compiled; {@code note} says how uniform conditions were kept. */
    record Entry(CompiledDefinition kernel, String note, RuntimeException failure) {
    }

    /** A compiled fused kernel, or why it could not be compiled. */
    record Fused(CompiledFusion kernel, RuntimeException failure) {
    }

    private final ProgramPlan plan;
    private final Map<Definition, Map<String, Entry>> kernels = new IdentityHashMap<>();
    private final Map<Definition, Fused> fused = new IdentityHashMap<>();
    private final Map<Definition, Map<String, org.stag.engine.cin.ValueRead>> fusedReads = new IdentityHashMap<>();

    PlannedKernels(ProgramPlan plan, Exec ex) {
        this.plan = plan;
        Map<KernelVariant, Entry> done = new ConcurrentHashMap<>();
        Map<FusedVariant, Fused> fusedDone = new ConcurrentHashMap<>();
        List<Object> tasks = new ArrayList<>(plan.kernels());
        tasks.addAll(plan.fused());
        tasks.parallelStream().forEach(t -> {
            if (t instanceof KernelVariant v) {
                done.put(v, compile(v, ex));
            } else {
                FusedVariant f = (FusedVariant) t;
                try {
                    fusedDone.put(f, new Fused(ex.compiler.compileFused(ex.program, f.definitions(), f.formats(), f.reads(), Map.of(), f.unstored(),
                            ex.passes.on(org.stag.engine.pass.Pass.CSE)), null));
                } catch (RuntimeException e) {
                    fusedDone.put(f, new Fused(null, e));
                }
            }
        });
        for (KernelVariant v : plan.kernels()) {
            kernels.computeIfAbsent(v.definition(), d -> new ConcurrentHashMap<>()).put(v.key(), done.get(v));
        }
        fusedDone.forEach((f, k) -> fused.put(f.definitions().get(0), k));
        for (FusedVariant f : plan.fused()) {
            fusedReads.put(f.definitions().get(0), f.reads());
        }
    }

    /**
     * How the fused kernel of the group starting with {@code first} reads its operands whose value read is compiled
     * in (none when the plan has no such group): it runs only for operands read so.
     */
    Map<String, org.stag.engine.cin.ValueRead> fusedReads(Definition first) {
        return fusedReads.getOrDefault(first, Map.of());
    }

    /** The plan. */
    ProgramPlan plan() {
        return plan;
    }

    /** The kernel of {@code d} for tuple {@code key}; {@code tuple} describes it for the error. */
    Entry kernel(Definition d, String function, String key, String tuple) {
        Map<String, Entry> m = kernels.get(d);
        Entry e = m == null ? null : m.get(key);
        if (e == null) {
            throw new IllegalStateException("the plan has no kernel for the definition of '" + d.target().name()
                    + "' in " + function + " (line " + d.pos().line() + ") for " + tuple + "; planned: "
                    + (m == null ? "none" : m.keySet()));
        }
        if (e.failure() != null) {
            throw e.failure();
        }
        return e;
    }

    /** The fused kernel of the group starting with {@code first}. */
    CompiledFusion fused(Definition first, String function) {
        Fused f = fused.get(first);
        if (f == null) {
            throw new IllegalStateException("the plan has no fused kernel for the group starting with '"
                    + first.target().name() + "' in " + function + " (line " + first.pos().line() + ")");
        }
        if (f.failure() != null) {
            throw f.failure();
        }
        return f.kernel();
    }

    private static Entry compile(KernelVariant v, Exec ex) {
        try {
            return KernelStep.compile(ex, v.definition(), v.function(), v.formats(), v.reads(), v.uniform(), v.inPlace());
        } catch (RuntimeException e) {
            return new Entry(null, null, e);
        }
    }
}
