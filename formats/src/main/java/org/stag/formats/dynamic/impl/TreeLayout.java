package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.schema.Schema;

/**
 * Where the fields named by a {@link TreeSchema} live in a store's pools. A pool derives its layout from
 * its node type alone, so one lookup in a probe pool serves every store of the schema and operations skip
 * the per-field name lookups.
 *
 * @param parent null when the schema has no parent field
 * @param colour null when the schema has no colour field
 */
record TreeLayout(String nodeType, FieldLayout top, FieldLayout elem, FieldLayout left, FieldLayout right,
                  FieldLayout parent, FieldLayout colour) {

    static TreeLayout of(Schema s, TreeSchema t) {
        NodePool root = rootProbe(s);
        NodePool node = new NodePool(s.nodeType(t.nodeType()).orElseThrow(), ValueMode.NONE);
        return new TreeLayout(t.nodeType(), root.layout(t.top()), node.layout(t.elem()), node.layout(t.left()),
                node.layout(t.right()), t.parent() == null ? null : node.layout(t.parent()),
                t.colour() == null ? null : node.layout(t.colour()));
    }

    /** A pool of the schema's root type, for looking up the layout of further root fields. */
    static NodePool rootProbe(Schema s) {
        return new NodePool(s.root(), ValueMode.NONE);
    }
}
