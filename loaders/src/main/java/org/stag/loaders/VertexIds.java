package org.stag.loaders;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Maps dense internal vertex ids {@code 0..n-1} to the ids the input file used, and back. Matrix Market
 * and GAP files number vertices densely (from 1 and 0); LDBC files use arbitrary 64-bit ids; a graph stored in
 * another vertex order (degree order, {@code --order degree}) has explicit ids that are a permutation of a dense
 * range. Three representations, one API: an offset (no table), a permutation ({@code int[]} each way, 8 bytes per
 * vertex), and a table with a hash map back (about 32 bytes per vertex) for arbitrary ids.
 */
public final class VertexIds {
    private final long base;
    private final long[] external;
    private final Long2IntOpenHashMap internal;
    private final int[] permToExternal;
    private final int[] permToInternal;
    private final VertexOrder order;

    private VertexIds(long base, long[] external, Long2IntOpenHashMap internal, int[] toExternal, int[] toInternal) {
        this(base, external, internal, toExternal, toInternal, VertexOrder.NONE);
    }

    private VertexIds(long base, long[] external, Long2IntOpenHashMap internal, int[] toExternal, int[] toInternal,
                      VertexOrder order) {
        this.order = order;
        this.base = base;
        this.external = external;
        this.internal = internal;
        this.permToExternal = toExternal;
        this.permToInternal = toInternal;
    }

    /** Dense ids shifted by {@code base}: internal id {@code v} is written as {@code v + base}. */
    public static VertexIds offset(long base) {
        return new VertexIds(base, null, null, null, null);
    }

    /**
     * Explicit ids: internal id {@code v} is written as {@code ids[v]}; the ids must be distinct. When they are a
     * permutation of {@code min..min+n-1} (checked in O(n)) the compact permutation form is kept.
     */
    public static VertexIds explicit(long[] ids) {
        VertexIds perm = permutationOrNull(ids);
        if (perm != null) {
            return perm;
        }
        Long2IntOpenHashMap map = new Long2IntOpenHashMap(ids.length);
        map.defaultReturnValue(-1);
        for (int i = 0; i < ids.length; i++) {
            if (map.put(ids[i], i) != -1) {
                throw new IllegalArgumentException("vertex id " + ids[i] + " appears twice");
            }
        }
        return new VertexIds(0, ids.clone(), map, null, null);
    }

    /**
     * Explicit ids with their inverse already built ({@code map.get(ids[v]) == v}, default return -1).
     * Both are kept, not copied.
     */
    public static VertexIds explicit(long[] ids, Long2IntOpenHashMap map) {
        if (map.size() != ids.length || map.defaultReturnValue() != -1) {
            throw new IllegalArgumentException("the inverse map does not match the ids");
        }
        return new VertexIds(0, ids, map, null, null);
    }

    /**
     * A permutation of {@code base..base+n-1}: internal id {@code v} is written as {@code base + toExternal[v]}.
     * The array is kept, not copied.
     *
     * @throws IllegalArgumentException when {@code toExternal} is not a permutation of {@code 0..n-1}
     */
    public static VertexIds permutation(long base, int[] toExternal) {
        int n = toExternal.length;
        int[] back = new int[n];
        java.util.Arrays.fill(back, -1);
        for (int v = 0; v < n; v++) {
            int e = toExternal[v];
            if (e < 0 || e >= n || back[e] != -1) {
                throw new IllegalArgumentException("vertex id " + (base + e) + (e < 0 || e >= n
                        ? " is outside " + base + ".." + (base + n - 1) : " appears twice"));
            }
            back[e] = v;
        }
        return new VertexIds(base, null, null, toExternal, back);
    }

    /** The permutation form of {@code ids}, or null when they are not a permutation of a dense range. */
    private static VertexIds permutationOrNull(long[] ids) {
        int n = ids.length;
        if (n == 0) {
            return null;
        }
        long min = Long.MAX_VALUE;
        for (long id : ids) {
            min = Math.min(min, id);
        }
        int[] toExternal = new int[n];
        int[] back = new int[n];
        java.util.Arrays.fill(back, -1);
        for (int v = 0; v < n; v++) {
            long e = ids[v] - min;   // min <= ids[v], so e >= 0 unless the difference overflows
            if (e < 0 || e >= n || back[(int) e] != -1) {
                return null;
            }
            toExternal[v] = (int) e;
            back[(int) e] = v;
        }
        return new VertexIds(min, null, null, toExternal, back);
    }

    /**
     * These ids, recorded as stored in {@code order} (what {@code stag info} reports as {@code vertex-order}).
     *
     * @throws IllegalArgumentException for another order than {@link VertexOrder#NONE} on dense shifted ids
     */
    public VertexIds withOrder(VertexOrder order) {
        if (order != VertexOrder.NONE && isOffset()) {
            throw new IllegalArgumentException("vertex order " + order.label() + " needs explicit vertex ids");
        }
        return new VertexIds(base, external, internal, permToExternal, permToInternal, order);
    }

    /** The order the vertices are stored in ({@link VertexOrder#NONE} unless a file or a conversion says so). */
    public VertexOrder order() {
        return order;
    }

    /** The id of internal vertex {@code v} in the input's numbering. */
    public long external(int v) {
        if (permToExternal != null) {
            return base + permToExternal[v];
        }
        return external == null ? v + base : external[v];
    }

    /** The internal id of an id in the input's numbering, or -1 when there is no such vertex among {@code n}. */
    public int internal(long id, int n) {
        if (permToInternal != null) {
            long e = id - base;
            return e >= 0 && e < permToInternal.length && e < n ? permToInternal[(int) e] : -1;
        }
        if (external == null) {
            long v = id - base;
            return v >= 0 && v < n ? (int) v : -1;
        }
        return internal.get(id);
    }

    /** Whether ids are dense and shifted (as opposed to an explicit table or permutation). */
    public boolean isOffset() {
        return external == null && permToExternal == null;
    }

    /**
     * Whether the ids are a permutation of the dense range {@code base()..base()+n-1} stored in another order (a
     * degree-ordered file): outputs per vertex can then be written in the order of external ids.
     */
    public boolean isPermutation() {
        return permToExternal != null;
    }

    /**
     * The internal id of the vertex whose external id is {@code base() + rank}, for a permutation (the order in
     * which per-vertex outputs are written).
     *
     * @throws IllegalStateException when the ids are not a permutation
     */
    public int internalAtRank(int rank) {
        if (permToInternal == null) {
            throw new IllegalStateException("the vertex ids are not a permutation of a dense range");
        }
        return permToInternal[rank];
    }

    /**
     * The internal vertex written {@code k}-th in a per-vertex output: for a permutation, the vertex whose external id
     * is {@code base() + k}, so that a graph stored in another order writes its results in the order of its ids (the
     * same bytes as the graph stored in the natural order); otherwise {@code k} itself (the graph's order).
     */
    public int writeOrder(int k) {
        return permToInternal != null && k < permToInternal.length ? permToInternal[k] : k;
    }

    /** The shift of dense ids (0 for GAP, 1 for Matrix Market), the smallest id of a permutation; 0 for tables. */
    public long base() {
        return base;
    }

    /** Bytes held by the mapping. */
    public long memoryBytes() {
        if (permToExternal != null) {
            return permToExternal.length * 8L;
        }
        return external == null ? 0 : external.length * 8L + internal.size() * 12L * 2;
    }
}
