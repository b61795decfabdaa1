package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexExprs;
import org.stag.engine.front.ProgramException;
import org.stag.formats.level.LocateCost;

/**
 * Chooses the loop order of a kernel — the iteration graph's topological order ([Chou 2018] §4.1). A level
 * that cannot locate must be iterated, so its index comes after the indices of the levels above it;
 * reduction groups nest as written (the first innermost); free indices come first, so the target is
 * written in place, unless a format forces an index of an outer reduction before them (a scatter).
 * An {@code Ord} order is checked against the same rules.
 */
public final class LoopPlanner {
    private final KernelSpec spec;
    private final Map<Integer, List<LevelCode>> codes;
    /** For each index variable, the variables that must come before it, with the reason. */
    private final Map<String, Map<String, String>> before = new LinkedHashMap<>();

    /**
     * For each index variable, the variables that should come before it so that dynamic levels, whose locate
     * is a search, are iterated rather than searched once per coordinate (a preference, dropped when no order
     * satisfies it).
     */
    private final Map<String, Map<String, String>> prefer = new LinkedHashMap<>();

    /** @param codes the level code of every access, by access id */
    public LoopPlanner(KernelSpec spec, Map<Integer, List<LevelCode>> codes) {
        this.spec = spec;
        this.codes = codes;
        for (String v : spec.indexVars()) {
            before.put(v, new LinkedHashMap<>());
            prefer.put(v, new LinkedHashMap<>());
        }
        for (KernelSpec.Access a : spec.accesses()) {
            Set<String> above = new LinkedHashSet<>();
            for (int k = 0; k < a.levels(); k++) {
                String v = a.levelVar().get(k);
                LocateCost cost = codes.get(a.id()).get(k).format().locateCost();
                // A level that cannot locate must be iterated; one whose locate is a search should be.
                Map<String, String> rules = v == null ? null : switch (cost) {
                    case NONE -> before.get(v);
                    case LOGARITHMIC -> prefer.get(v);
                    case CONSTANT -> null;
                };
                String reason = a.tensor().name() + " (" + a.tensor().format() + "): level " + k
                        + " cannot locate, so " + v + " is iterated after the levels above it";
                if (rules != null) {
                    for (String u : above) {
                        if (!u.equals(v)) {
                            rules.putIfAbsent(u, reason);
                        }
                    }
                }
                vars(a.levelIndex().get(k), above);
            }
        }
        List<KernelSpec.Group> groups = spec.groups();
        for (int g = 0; g < groups.size(); g++) {
            for (int h = g + 1; h < groups.size(); h++) {
                for (String inner : groups.get(g).vars()) {
                    for (String outer : groups.get(h).vars()) {
                        before.get(inner).putIfAbsent(outer, "the reduction over " + outer + " (" + groups.get(h).op()
                                + ") encloses the one over " + inner + " (" + groups.get(g).op() + ")");
                    }
                }
            }
        }
    }

    private static void vars(IndexExpr e, Set<String> out) {
        IndexExprs.indexVars(e, out);
    }

    /** The loop order, outermost first: {@code Ord} when given (checked), else the planner's choice. */
    public List<String> order() {
        List<String> ord = spec.declaredOrder();
        if (!ord.isEmpty()) {
            List<String> order = check(ord);
            checkScatter(order);
            return order;
        }
        List<String> order = preferred();
        if (order != null) {
            try {
                checkScatter(order);
                return order;
            } catch (ProgramException e) {
                // The preference leads to a target this definition cannot scatter into; use the plain order.
            }
        }
        order = chooseWith(before);
        checkScatter(order);
        return order;
    }

    private List<String> preference() {
        List<String> pref = new ArrayList<>(spec.free());
        List<KernelSpec.Group> groups = spec.groups();
        for (int g = groups.size() - 1; g >= 0; g--) {
            for (String v : spec.extents().keySet()) {
                if (groups.get(g).vars().contains(v)) {
                    pref.add(v);
                }
            }
        }
        return pref;
    }

    /** The order that also iterates searchable dynamic levels, or null when no order satisfies that. */
    private List<String> preferred() {
        Map<String, Map<String, String>> strict = new LinkedHashMap<>();
        for (String v : before.keySet()) {
            Map<String, String> m = new LinkedHashMap<>(before.get(v));
            prefer.get(v).forEach(m::putIfAbsent);
            strict.put(v, m);
        }
        return greedy(strict);
    }

    /** The order {@link #place} finds, or null when it is partial (the rules leave some variable unplaceable). */
    private List<String> greedy(Map<String, Map<String, String>> rules) {
        List<String> order = place(rules);
        return order.size() == preference().size() ? order : null;
    }

    /** As {@link #greedy}, failing with the reason of the first variable that cannot be placed. */
    private List<String> chooseWith(Map<String, Map<String, String>> rules) {
        List<String> order = place(rules);
        if (order.size() < preference().size()) {
            String stuck = preference().stream().filter(v -> !order.contains(v)).findFirst().orElseThrow();
            String reason = rules.get(stuck).entrySet().stream().filter(e -> !order.contains(e.getKey()))
                    .map(Map.Entry::getValue).findFirst().orElse("a cycle");
            throw error("no loop order can iterate these formats: " + reason);
        }
        return order;
    }

    /**
     * Places variables in preference order, each as soon as every variable its rules require before it is placed;
     * stops at the first point where none can be placed (the order is then partial).
     */
    private List<String> place(Map<String, Map<String, String>> rules) {
        List<String> pref = preference();
        List<String> order = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        while (order.size() < pref.size()) {
            String next = null;
            for (String v : pref) {
                if (!placed.contains(v) && placed.containsAll(rules.get(v).keySet())) {
                    next = v;
                    break;
                }
            }
            if (next == null) {
                return order;
            }
            order.add(next);
            placed.add(next);
        }
        return order;
    }

    private List<String> check(List<String> ord) {
        Set<String> placed = new HashSet<>();
        for (String v : ord) {
            for (Map.Entry<String, String> e : before.get(v).entrySet()) {
                if (!placed.contains(e.getKey())) {
                    throw error("cannot iterate in the order Ord " + String.join(", ", ord) + ": " + e.getValue()
                            + " (" + e.getKey() + " must come before " + v + ")");
                }
            }
            placed.add(v);
        }
        return ord;
    }

    /** A free index after a reduced one accumulates into the target; only one reduction group may do so. */
    private void checkScatter(List<String> order) {
        int lastFree = -1;
        for (int d = 0; d < order.size(); d++) {
            if (spec.groupOf(order.get(d)) == null) {
                lastFree = d;
            }
        }
        int outer = spec.groups().size() - 1;
        for (int d = 0; d < lastFree; d++) {
            KernelSpec.Group g = spec.groupOf(order.get(d));
            if (g != null && g.level() != outer) {
                throw error("cannot compute the target in loop order " + String.join(", ", order) + ": the reduction over "
                        + order.get(d) + " is not the outermost, yet it encloses the free index " + order.get(lastFree));
            }
        }
    }

    private ProgramException error(String reason) {
        return spec.error(reason);
    }
}
