package org.stag.engine.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Ident;
import org.stag.engine.front.LoopOrder;
import org.stag.engine.front.Node;
import org.stag.engine.front.Printer;
import org.stag.engine.front.Trees;

/**
 * Checks an {@code Ord} clause: it must list each index variable of its definition once, and every tensor
 * read must be iterable in that order. A tensor's levels are visited outermost first; a level whose index
 * variable the order puts before the index of an enclosing level must be located, which only some levels
 * can do ({@link LevelCatalog#canLocate}). Writes are not checked: the compiler can scatter a result through
 * a workspace.
 */
final class LoopOrderCheck {
    private final Reporter report;
    private final LevelCatalog levels;

    LoopOrderCheck(Reporter report, LevelCatalog levels) {
        this.report = report;
        this.levels = levels;
    }

    /** The order, outermost first, after checking it against {@code indexVars} and the tensors read. */
    List<String> check(Definition d, Symbol target, Set<String> indexVars, Scope scope) {
        LoopOrder ord = d.order().orElseThrow();
        List<String> order = new ArrayList<>();
        for (Ident i : ord.indices()) {
            if (!indexVars.contains(i.name())) {
                throw report.at(i.pos(), scope.lookup(i.name()) != null
                        ? "'" + i.name() + "' is a variable, not an index variable of this definition"
                        : "'" + i.name() + "' is not an index variable of this definition (its index variables are "
                                + String.join(", ", indexVars) + ")");
            }
            if (order.contains(i.name())) {
                throw report.at(i.pos(), "'" + i.name() + "' appears twice in Ord");
            }
            order.add(i.name());
        }
        List<String> missing = new ArrayList<>(indexVars);
        missing.removeAll(order);
        if (!missing.isEmpty()) {
            throw report.at(ord.pos(), "Ord must list every index variable of the definition; it misses "
                    + String.join(", ", missing));
        }
        Map<String, Integer> position = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            position.put(order.get(k), k);
        }
        for (Node n : Trees.nodes(d.value())) {
            if (n instanceof Expr.Access a && a.tensor() instanceof Expr.Name base) {
                Symbol s = scope.lookup(base.name());
                if (s != null && s.isTensor()) {
                    access(a, s.tensor(), position, order);
                }
            }
        }
        return order;
    }

    private void access(Expr.Access a, VarType.Tensor t, Map<String, Integer> position, List<String> order) {
        int latest = -1;
        String latestVar = null;
        int latestLevel = 0;
        for (int k = 0; k < a.indices().size(); k++) {
            if (!(a.indices().get(k) instanceof Expr.Name n) || !position.containsKey(n.name())) {
                continue; // a computed coordinate: known before any loop, so it does not constrain the order
            }
            int p = position.get(n.name());
            if (p < latest && !levels.canLocate(t.levels().get(k))) {
                List<String> locating = new ArrayList<>();
                for (String l : levels.names()) {
                    if (levels.canLocate(l)) {
                        locating.add(l);
                    }
                }
                throw report.at(a.pos(), Printer.print(a) + " cannot be iterated in the order Ord "
                        + String.join(", ", order) + ": level " + (k + 1) + " of '" + Printer.print(a.tensor()) + "' ("
                        + t.levels().get(k) + ", index " + n.name() + ") would be visited before level " + latestLevel
                        + " (index " + latestVar + "), and a " + t.levels().get(k) + " level cannot be accessed at a"
                        + " given coordinate; change the Ord or store it with a level that can ("
                        + String.join(", ", locating) + ")");
            }
            if (p > latest) {
                latest = p;
                latestVar = n.name();
                latestLevel = k + 1;
            }
        }
    }
}
