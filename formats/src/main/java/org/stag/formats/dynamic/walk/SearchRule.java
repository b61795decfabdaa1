package org.stag.formats.dynamic.walk;

import java.util.List;
import org.stag.formats.schema.SchemaTraits;

/**
 * When a structure can be searched by a descent, and why not otherwise: the rule both the interpreted
 * {@code get} and generated {@code locate} follow. In coordinate order a node's items are its elements and
 * children interleaved as {@code seq} says, so a key is either at an element or in the one child of the gap
 * between the elements around it. That needs an ordered branching schema without empty slots, whose array
 * loops interleave one element array with at most one child array as long (or, child first, one longer),
 * whose node types have children of one target type, and where no gap holds two children, except two in a row
 * whose second's types all start with an element (a skip list's run below and successor): the search tells
 * them apart by that element.
 */
final class SearchRule {
    private SearchRule() {
    }

    /** Why {@code types} (the plan of {@code schema}) cannot be searched by a descent, or null when it can. */
    static String whyNot(String schema, SchemaTraits traits, List<NodePlan> types, List<RefKind> kinds) {
        if (!traits.searchable()) {
            return "schema " + schema + " is not a search tree (it must be ordered and branching)";
        }
        if (!traits.compact()) {
            return "schema " + schema + " has element fields with empty slots";
        }
        for (NodePlan t : types) {
            String why = whyNot(t, types, kinds);
            if (why != null) {
                return "node type " + t.type().name() + " of schema " + schema + ": " + why;
            }
        }
        return null;
    }

    private static String whyNot(NodePlan t, List<NodePlan> types, List<RefKind> kinds) {
        if (t.type().childFields().stream().map(f -> f.target().orElseThrow()).distinct().count() > 1) {
            return "its children have different target types";
        }
        // Whether the current gap (since the last element) already has a child.
        boolean pending = false;
        for (WalkStep s : t.steps()) {
            if (s instanceof WalkStep.Element) {
                pending = false;
            } else if (s instanceof WalkStep.Child c) {
                if (pending && !(c.second() && startsWithElement(kinds.get(c.field().kind()), types))) {
                    return "two children with no element between them";
                }
                pending = true;
            } else {
                WalkStep.Loop a = (WalkStep.Loop) s;
                long elems = a.members().stream().filter(PlanField::element).count();
                long kids = a.members().stream().filter(PlanField::child).count();
                if (elems != 1 || kids > 1) {
                    return "an array loop must interleave one element array with at most one child array";
                }
                PlanField e = a.element();
                if (kids == 0) {
                    pending = pending && t.type().lengthBounds(e.field()).lower() == 0;
                    continue;
                }
                PlanField c = a.child();
                int diff = c.addend() - e.addend();
                if (a.childFirst()) {
                    if (pending) {
                        return "two children with no element between them";
                    }
                    if (diff != 0 && diff != 1) {
                        return "child array " + c.name() + " must be as long as " + e.name() + " or one longer";
                    }
                    pending = diff == 1;
                } else {
                    if (diff != 0) {
                        return "child array " + c.name() + " must be as long as " + e.name();
                    }
                    pending = true;
                }
            }
        }
        return null;
    }

    /** Whether every node type a reference of {@code kind} may point at starts with a scalar nonempty element. */
    private static boolean startsWithElement(RefKind kind, List<NodePlan> types) {
        for (int t : kind.types()) {
            if (types.get(t).firstElement() == null) {
                return false;
            }
        }
        return true;
    }
}
