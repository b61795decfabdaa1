package org.stag.formats.level;

import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/** A dynamic format with a schema and no storage: enough to derive a level's capabilities and properties. */
final class SchemaOnlyFormat implements DynamicFormat {
    private final Schema schema;

    SchemaOnlyFormat(String builtin) {
        this.schema = Schemas.builtin(builtin);
    }

    @Override
    public String name() {
        return schema.name();
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int size(NodeStore s, int root) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int collect(NodeStore s, int root, int[] crd, double[] val, int at) {
        throw new UnsupportedOperationException();
    }

    @Override
    public double get(NodeStore s, int root, int c) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void clear(NodeStore s, int root) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void check(NodeStore s, int root) {
        throw new UnsupportedOperationException();
    }
}
