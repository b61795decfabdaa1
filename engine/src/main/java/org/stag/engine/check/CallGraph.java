package org.stag.engine.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.Call;
import org.stag.engine.front.FunctionDecl;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Program;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;

/**
 * Rejects recursion. A program's functions run as kernels with caller-allocated outputs, and outer loops
 * are written with the star operator, so a function never needs to call itself, directly or not.
 */
final class CallGraph {
    private final Reporter report;
    private final Map<String, List<Ident>> calls = new LinkedHashMap<>();
    private final Map<String, Integer> state = new HashMap<>();
    private final List<String> path = new ArrayList<>();

    private CallGraph(Reporter report, Program program) {
        this.report = report;
        for (FunctionDecl f : program.functions()) {
            List<Ident> out = new ArrayList<>();
            for (Stmt s : f.body()) {
                if (s instanceof Call c) {
                    out.add(c.function());
                } else if (s instanceof StarCall c) {
                    out.add(c.function());
                }
            }
            calls.putIfAbsent(f.name(), out);
        }
    }

    static void check(Reporter report, Program program) {
        CallGraph g = new CallGraph(report, program);
        for (String f : g.calls.keySet()) {
            g.visit(f);
        }
    }

    private void visit(String f) {
        if (state.getOrDefault(f, 0) == 2) {
            return;
        }
        state.put(f, 1);
        path.add(f);
        for (Ident callee : calls.getOrDefault(f, List.of())) {
            int s = state.getOrDefault(callee.name(), 0);
            if (s == 1) {
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(callee.name()), path.size()));
                cycle.add(callee.name());
                throw report.at(callee.pos(), "recursive call " + String.join(" -> ", cycle)
                        + "; functions cannot call themselves (repeat one with a star call, F*(...))");
            }
            if (calls.containsKey(callee.name())) {
                visit(callee.name());
            }
        }
        path.remove(path.size() - 1);
        state.put(f, 2);
    }
}
