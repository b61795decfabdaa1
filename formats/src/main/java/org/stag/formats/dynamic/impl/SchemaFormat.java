package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;

/** What every format of this package has: the schema it stores and its name in format strings. */
abstract class SchemaFormat implements DynamicFormat {
    final Schema schema;
    private final String name;

    SchemaFormat(Schema schema, String name) {
        this.schema = schema;
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Schema schema() {
        return schema;
    }

    /**
     * Field {@code name} of node type {@code t}, which a format's code relies on.
     *
     * @throws IllegalArgumentException when {@code t} has no such field or it is of another kind
     */
    static Field require(NodeType t, String name, FieldKind kind) {
        Field f = t.field(name).orElseThrow(() -> new IllegalArgumentException("node type " + t.name() + " has no field '"
                + name + "'"));
        if (f.kind() != kind) {
            throw new IllegalArgumentException("field " + t.name() + "." + name + " must be a " + kind + " field, not " + f.kind());
        }
        return f;
    }
}
