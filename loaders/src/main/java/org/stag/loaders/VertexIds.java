package org.stag.loaders;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Maps dense internal vertex ids {@code 0..n-1} to the ids the input file used, and back. Matrix Market
 * and GAP files number vertices densely (from 1 and 0); LDBC files use arbitrary 64-bit ids.
 */
public final class VertexIds {
    private final long base;
    private final long[] external;
    private final Long2IntOpenHashMap internal;

    private VertexIds(long base, long[] external, Long2IntOpenHashMap internal) {
        this.base = base;
        this.external = external;
        this.internal = internal;
    }

    /** Dense ids shifted by {@code base}: internal id {@code v} is written as {@code v + base}. */
    public static VertexIds offset(long base) {
        return new VertexIds(base, null, null);
    }

    /** Explicit ids: internal id {@code v} is written as {@code ids[v]}; the ids must be distinct. */
    public static VertexIds explicit(long[] ids) {
        Long2IntOpenHashMap map = new Long2IntOpenHashMap(ids.length);
        map.defaultReturnValue(-1);
        for (int i = 0; i < ids.length; i++) {
            if (map.put(ids[i], i) != -1) {
                throw new IllegalArgumentException("vertex id " + ids[i] + " appears twice");
            }
        }
        return new VertexIds(0, ids.clone(), map);
    }

    /**
     * Explicit ids with their inverse already built ({@code map.get(ids[v]) == v}, default return -1).
     * Both are kept, not copied.
     */
    public static VertexIds explicit(long[] ids, Long2IntOpenHashMap map) {
        if (map.size() != ids.length || map.defaultReturnValue() != -1) {
            throw new IllegalArgumentException("the inverse map does not match the ids");
        }
        return new VertexIds(0, ids, map);
    }

    /** The id of internal vertex {@code v} in the input's numbering. */
    public long external(int v) {
        return external == null ? v + base : external[v];
    }

    /** The internal id of an id in the input's numbering, or -1 when there is no such vertex among {@code n}. */
    public int internal(long id, int n) {
        if (external == null) {
            long v = id - base;
            return v >= 0 && v < n ? (int) v : -1;
        }
        return internal.get(id);
    }

    /** Whether ids are dense and shifted (as opposed to an explicit table). */
    public boolean isOffset() {
        return external == null;
    }

    /** The shift of dense ids (0 for GAP, 1 for Matrix Market); 0 for explicit tables. */
    public long base() {
        return base;
    }

    /** Bytes held by the mapping. */
    public long memoryBytes() {
        return external == null ? 0 : external.length * 8L + internal.size() * 12L * 2;
    }
}
