package org.stag.engine.check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ScalarType;

/**
 * What the checker established about one definition.
 *
 * @param target    the variable defined
 * @param extents   every index variable with the size it ranges over, in order of first appearance (left-hand
 *                  side first): the default loop order
 * @param free      the left-hand side's index variables, in order
 * @param reduced   the reduced index variables, in the order written (the first is reduced innermost)
 * @param loopOrder the {@code Ord} order, outermost first, or empty when the compiler chooses
 * @param valueType the type of the right-hand side after the reductions, before conversion to the target's
 */
public record DefinitionInfo(Definition definition, Symbol target, Map<String, String> extents, List<String> free,
                             List<String> reduced, List<String> loopOrder, ScalarType valueType) {

    /** Copies the collections, keeping the order of {@code extents}. */
    public DefinitionInfo {
        extents = Collections.unmodifiableMap(new LinkedHashMap<>(extents));
        free = List.copyOf(free);
        reduced = List.copyOf(reduced);
        loopOrder = List.copyOf(loopOrder);
    }
}
