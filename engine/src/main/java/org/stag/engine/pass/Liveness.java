package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.plan.Buffers;

/**
 * The statements of a body the runtime runs (definitions, calls, star calls) and, per variable, the last of
 * them that uses it ({@link Buffers#uses}, the rule the runtime releases buffers by).
 */
public final class Liveness {
    private final List<Stmt> body = new ArrayList<>();
    private final Map<String, Integer> lastUse = new HashMap<>();
    private final Set<String> outputs = new HashSet<>();

    /** The liveness of {@code f}'s body. */
    public Liveness(FunctionInfo f) {
        for (Stmt s : f.decl().body()) {
            if (s instanceof Definition || s instanceof Call || s instanceof StarCall) {
                body.add(s);
            }
        }
        for (int s = 0; s < body.size(); s++) {
            Set<String> used = new HashSet<>();
            Buffers.uses(body.get(s), used);
            for (String n : used) {
                lastUse.put(n, s);
            }
        }
        f.outputs().forEach(o -> outputs.add(o.name()));
    }

    /** The statements, in order. */
    public List<Stmt> body() {
        return body;
    }

    /**
     * Whether the value of {@code name} is needed after the {@code s}-th statement: it is an output, or a later
     * statement uses it.
     */
    public boolean neededAfter(String name, int s) {
        Integer last = lastUse.get(name);
        return outputs.contains(name) || last == null || last > s;
    }

    /** Whether local {@code name} is not an output and no statement after the {@code s}-th uses it. */
    public boolean diesAt(String name, int s) {
        Integer last = lastUse.get(name);
        return !outputs.contains(name) && last != null && last == s;
    }
}
