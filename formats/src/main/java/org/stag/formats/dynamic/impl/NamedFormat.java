package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.schema.Schema;

/**
 * A format under another name: a shipped implementation over a user's schema of the same shape (say a
 * B-tree of order 8) must not be named like the shipped one, because compiled kernels are cached by
 * format name and the node layouts differ.
 */
public final class NamedFormat implements DynamicFormat {
    private final String name;
    private final DynamicFormat impl;

    /** {@code impl} named {@code name}. */
    public NamedFormat(String name, DynamicFormat impl) {
        this.name = name;
        this.impl = impl;
    }

    /** The format that does the work. */
    public DynamicFormat implementation() {
        return impl;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Schema schema() {
        return impl.schema();
    }

    @Override
    public boolean ordered() {
        return impl.ordered();
    }

    @Override
    public NodeStore newStore(ValueMode mode) {
        return impl.newStore(mode);
    }

    @Override
    public int newRoot(NodeStore s) {
        return impl.newRoot(s);
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        impl.build(s, root, crd, val, from, to);
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        return impl.appendFirst(s, root, crd, val);
    }

    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        return impl.appendRest(s, root, state, crd, val);
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        return impl.insert(s, root, crd, val, from, to);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        return impl.delete(s, root, crd, from, to);
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to, double[] old) {
        return impl.insert(s, root, crd, val, from, to, old);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to, double[] old) {
        return impl.delete(s, root, crd, from, to, old);
    }

    @Override
    public void getSorted(NodeStore s, int root, int[] crd, int from, int to, double[] out) {
        impl.getSorted(s, root, crd, from, to, out);
    }

    @Override
    public void clear(NodeStore s, int root) {
        impl.clear(s, root);
    }

    @Override
    public void check(NodeStore s, int root) {
        impl.check(s, root);
    }
}
