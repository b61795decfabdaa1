package org.stag.engine.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.Printer;
import org.stag.engine.front.Stmt;

/**
 * The plan of one statement: the kernel variants it may run (one per reachable tuple), the fused group it
 * belongs to, and where its result is stored.
 */
public final class StatementPlan {
    private final String function;
    private final Stmt statement;
    private final Map<String, KernelVariant> variants = new LinkedHashMap<>();
    private List<String> fusedWith = List.of();
    private FusedVariant fused;
    private boolean fusedReached;
    private String buffer = "-";
    private String passesThrough;

    StatementPlan(String function, Stmt statement) {
        this.function = function;
        this.statement = statement;
    }

    public String function() {
        return function;
    }

    public Stmt statement() {
        return statement;
    }

    /** The kernel variants, by {@link KernelVariant#key()}. */
    public Map<String, KernelVariant> variants() {
        return Collections.unmodifiableMap(variants);
    }

    /** The fused kernel this statement starts, when some reachable tuple runs it; else null. */
    public FusedVariant fused() {
        return fusedReached ? fused : null;
    }

    /** The targets of the other definitions of its fused group (empty when not in one). */
    public List<String> fusedWith() {
        return fusedWith;
    }

    /** Where a dense result is written, as the runtime's liveness decides. */
    public String buffer() {
        return buffer;
    }

    void add(KernelVariant v) {
        variants.putIfAbsent(v.key(), v);
    }

    void group(FusedVariant f, List<String> others, boolean first) {
        this.fusedWith = List.copyOf(others);
        if (first) {
            this.fused = f;
        }
    }

    /** Some reachable tuple binds the target to the tensor of {@code source} instead of running a kernel. */
    void passesThrough(String source) {
        this.passesThrough = source;
    }

    /** The tensor the target is bound to when the pass-through pass applies, or null. */
    public String passThrough() {
        return passesThrough;
    }

    void fusedReached() {
        fusedReached = true;
    }

    void buffer(String b) {
        this.buffer = b;
    }

    /** {@code Step:19 next[j] = ... | kernels: [..] [..] | fused with: - | buffer: ...}. */
    @Override
    public String toString() {
        List<String> ks = new ArrayList<>();
        if (fused() != null) {
            ks.add("[fused pass]");
        }
        if (passesThrough != null) {
            ks.add("[pass-through of " + passesThrough + "]");
        }
        variants.values().forEach(v -> ks.add("[" + v.tuple() + "]"));
        return function + ":" + statement.pos().line() + " " + Printer.statement(statement).trim()
                + " | kernels: " + (ks.isEmpty() ? "-" : String.join(" ", ks))
                + " | fused with: " + (fusedWith.isEmpty() ? "-" : String.join(", ", fusedWith))
                + " | buffer: " + buffer;
    }
}
