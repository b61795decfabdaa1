package org.stag.engine.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Stmt;

/**
 * What a program runs, decided before it runs ({@link Planner}): per statement of every function reachable
 * from {@code Main}, the kernel variants for every format tuple the program's FormatRules can reach, the fused
 * groups and the buffer of each dense result. {@code stag compile} writes exactly its kernels; the runtime
 * compiles them up front and runs nothing else.
 */
public final class ProgramPlan {
    private final List<StatementPlan> statements;
    private final Map<Stmt, StatementPlan> byStatement = new IdentityHashMap<>();

    ProgramPlan(List<StatementPlan> statements) {
        this.statements = List.copyOf(statements);
        statements.forEach(s -> byStatement.put(s.statement(), s));
    }

    /** Every statement's plan, function by function in program order. */
    public List<StatementPlan> statements() {
        return Collections.unmodifiableList(statements);
    }

    /** The plan of {@code s}, or null when its function is never reached. */
    public StatementPlan of(Stmt s) {
        return byStatement.get(s);
    }

    /** Every kernel variant, statement by statement. */
    public List<KernelVariant> kernels() {
        List<KernelVariant> out = new ArrayList<>();
        statements.forEach(s -> out.addAll(s.variants().values()));
        return out;
    }

    /** Every fused kernel. */
    public List<FusedVariant> fused() {
        List<FusedVariant> out = new ArrayList<>();
        statements.forEach(s -> {
            if (s.fused() != null) {
                out.add(s.fused());
            }
        });
        return out;
    }

    /** The planned variant of {@code d} for this tuple, or null when the plan has none. */
    public KernelVariant variant(Definition d, String key) {
        StatementPlan s = byStatement.get(d);
        return s == null ? null : s.variants().get(key);
    }

    /** One line per statement. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        statements.forEach(s -> b.append(s).append('\n'));
        return b.toString();
    }
}
