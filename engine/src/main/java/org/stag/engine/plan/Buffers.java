package org.stag.engine.plan;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.pass.Liveness;

/**
 * The buffer assignment of one body, as the runtime decides it: a tensor variable dies after the last
 * statement that reads it (outputs never die), its dense buffer then returns to the pool of its type, and the
 * next dense result of that type takes the buffer released last. Within a star call this is the double
 * buffering of [Dima 2023] §4.5.1: {@code next} takes the buffer of the dead {@code rank}.
 */
public final class Buffers {
    private Buffers() {
    }

    static void assign(CheckedProgram p, FunctionInfo f, List<Stmt> body, List<Definition> kernels,
                       Map<Integer, int[]> groups, Map<Stmt, StatementPlan> plans, Map<Definition, String> inPlace,
                       Map<Definition, String> aliases, Set<String> unstored) {
        Set<String> outputs = new HashSet<>();
        f.outputs().forEach(o -> outputs.add(o.name()));
        Map<String, Integer> lastUse = new HashMap<>();
        for (int s = 0; s < body.size(); s++) {
            Set<String> used = new HashSet<>();
            uses(body.get(s), used);
            for (String n : used) {
                lastUse.put(n, s);
            }
        }
        Map<VarType.Tensor, ArrayDeque<String>> pools = new HashMap<>();
        for (Symbol in : f.inputs()) {
            if (dense(in) && !lastUse.containsKey(in.name()) && !outputs.contains(in.name())) {
                pools.computeIfAbsent(in.tensor(), t -> new ArrayDeque<>()).push(in.name());
            }
        }
        int groupEnd = -1;
        for (int s = 0; s < body.size(); s++) {
            Stmt st = body.get(s);
            StatementPlan sp = plans.get(st);
            if (groups.containsKey(s)) {
                groupEnd = groups.get(s)[1];
            }
            String taken = null;
            if (st instanceof Definition d) {
                Symbol t = symbol(p, f, d.target().name());
                if (groupEnd >= 0 && unstored.contains(d.target().name())) {
                    sp.buffer("none: kept in the fused pass's locals (nothing reads it after the group)");
                } else if (aliases.containsKey(d)) {
                    taken = aliases.get(d);
                    sp.buffer("the tensor of " + taken + " (pass-through)");
                } else if (!t.isTensor()) {
                    sp.buffer("scalar");
                } else if (!dense(t)) {
                    List<String> levels = t.tensor().levels();
                    sp.buffer(levels.equals(List.of("compressed")) || levels.equals(List.of("dense", "compressed"))
                            ? "pool " + t.tensor() + ": a dead result refilled in place, else new storage (sparse result)"
                            : "new storage (sparse result)");
                } else {
                    ArrayDeque<String> pool = pools.get(t.tensor());
                    String self = groupEnd < 0 ? inPlace.get(d) : null;
                    taken = self;
                    String from = self != null || pool == null || pool.isEmpty() ? null : pool.pop();
                    sp.buffer(self != null ? "in place: the buffer of " + self + " when no other variable holds it, else pool "
                            + t.tensor() : "pool " + t.tensor() + ": " + (from == null
                            ? "a buffer freed by an earlier run, else new" : "the buffer of " + from));
                }
            } else if (st instanceof Call c) {
                sp.buffer("results of " + c.function().name());
            } else if (st instanceof StarCall c) {
                sp.buffer("results of " + c.function().name() + "*");
            }
            if (s == groupEnd) {
                groupEnd = -1;
            }
            for (Map.Entry<String, Integer> e : lastUse.entrySet()) {
                Symbol v = f.variables().get(e.getKey());
                if (e.getValue() == s && v != null && dense(v) && !outputs.contains(v.name()) && !v.name().equals(taken)) {
                    pools.computeIfAbsent(v.tensor(), x -> new ArrayDeque<>()).push(v.name());
                }
            }
        }
    }

    private static Symbol symbol(CheckedProgram p, FunctionInfo f, String name) {
        Symbol s = f.variables().get(name);
        return s != null ? s : p.globals().get(name);
    }

    private static boolean dense(Symbol s) {
        return s.isTensor() && s.tensor().levels().stream().allMatch("dense"::equals);
    }

    /**
     * Adds to {@code used} the names a statement reads or writes: {@link Liveness#uses}, the one liveness rule
     * of the plan's buffer assignment and of the runtime's buffer release.
     */
    public static void uses(Stmt st, Set<String> used) {
        Liveness.uses(st, used);
    }
}
