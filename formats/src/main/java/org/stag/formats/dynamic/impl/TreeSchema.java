package org.stag.formats.dynamic.impl;

import java.util.List;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.MetadataType;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Step;

/**
 * Which fields of a schema play which part in a binary search tree with one element per node: the root
 * record's pointer to the top node, the node's element, and its left and right children, read from the
 * node's {@code seq} (child, element, child). The tree formats look fields up through these names, so a
 * schema of the same shape with other names drives the same code.
 *
 * @param parent the node's parent field, or null when the schema has none
 * @param colour the node's only {@code bool} field, or null when the schema has none
 */
record TreeSchema(String nodeType, String top, String elem, String left, String right, String parent, String colour) {

    /**
     * Reads the roles from {@code s}.
     *
     * @throws IllegalArgumentException when {@code s} is not such a tree
     */
    static TreeSchema of(Schema s) {
        NodeType root = s.root();
        List<Field> tops = root.childFields();
        if (tops.size() != 1 || tops.get(0).kind() != FieldKind.CHILD) {
            throw shape(s, "root type '" + root.name() + "' must have exactly one scalar child field");
        }
        Field top = tops.get(0);
        String typeName = top.target().orElseThrow();
        NodeType node = s.nodeType(typeName)
                .orElseThrow(() -> shape(s, "'" + typeName + "' must be a node type, not a supertype"));
        List<Step> seq = node.traversal();
        if (!node.ordered() || seq.size() != 3 || !(seq.get(0) instanceof Step.Child l)
                || !(seq.get(1) instanceof Step.Element e) || !(seq.get(2) instanceof Step.Child r)) {
            throw shape(s, "node type '" + typeName + "' must have seq = left, elem, right with scalar fields");
        }
        if (!l.field().target().orElseThrow().equals(typeName) || !r.field().target().orElseThrow().equals(typeName)) {
            throw shape(s, "the children of '" + typeName + "' must have type '" + typeName + "'");
        }
        String parent = node.parentField().map(Field::name).orElse(null);
        if (parent != null && !node.parentField().orElseThrow().target().orElseThrow().equals(typeName)) {
            throw shape(s, "the parent of '" + typeName + "' must have type '" + typeName + "'");
        }
        List<Field> bools = node.metadataFields().stream()
                .filter(f -> f.metadataType().orElseThrow() == MetadataType.BOOL).toList();
        String colour = bools.size() == 1 ? bools.get(0).name() : null;
        return new TreeSchema(typeName, top.name(), e.field().name(), l.field().name(), r.field().name(), parent, colour);
    }

    /** Checks that the root type has an {@code int32} field {@code name} (a counter the format keeps there). */
    static String rootCounter(Schema s, String name) {
        Field f = s.root().field(name)
                .orElseThrow(() -> shape(s, "root type '" + s.root().name() + "' needs an int32 field '" + name + "'"));
        if (f.metadataType().orElse(null) != MetadataType.INT32) {
            throw shape(s, "field '" + name + "' of root type '" + s.root().name() + "' must be int32");
        }
        return name;
    }

    private static IllegalArgumentException shape(Schema s, String why) {
        return new IllegalArgumentException("schema " + s.name() + " is not a binary search tree: " + why);
    }
}
