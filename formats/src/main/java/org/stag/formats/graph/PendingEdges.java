package org.stag.formats.graph;

import it.unimi.dsi.fastutil.HashCommon;
import it.unimi.dsi.fastutil.longs.Long2DoubleMap;
import it.unimi.dsi.fastutil.longs.Long2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.objects.ObjectIterator;

/**
 * Edge changes a {@link DynamicGraph} has accepted but not yet merged into its structures, because an open
 * snapshot still reads them: merging would copy every shard a batch touches, while the log costs about 16 bytes
 * per changed edge. Each edge's latest state: its weight (1.0 in a pattern) when it is present, NaN when it is
 * deleted. An undirected edge is keyed once, by {@code (min, max)}.
 */
final class PendingEdges {
    private static final float LOAD = 0.75f;
    private final boolean directed;
    private Long2DoubleOpenHashMap map = newMap();
    /** Most entries held since the map was made: its table's size follows it (fastutil grows, never shrinks). */
    private int peak;
    /** Stored directed edges the logged changes add (negative: remove) beyond the structures'. */
    private long edgeDelta;

    PendingEdges(boolean directed) {
        this.directed = directed;
    }

    private static Long2DoubleOpenHashMap newMap() {
        Long2DoubleOpenHashMap m = new Long2DoubleOpenHashMap(16, LOAD);
        m.defaultReturnValue(Double.NaN);
        return m;
    }

    long key(int u, int v) {
        if (!directed && u > v) {
            int t = u;
            u = v;
            v = t;
        }
        return ((long) u << 32) | v;
    }

    /** Whether the log holds the edge's state. */
    boolean has(int u, int v) {
        return map.containsKey(key(u, v));
    }

    /** The logged weight of the edge, NaN when the log has it deleted (ask {@link #has} first). */
    double weight(int u, int v) {
        return map.get(key(u, v));
    }

    /** Logs that the edge is now present with weight {@code w}; it was {@code absent} before. */
    void put(int u, int v, double w, boolean absent) {
        map.put(key(u, v), w);
        if (absent) {
            edgeDelta += u == v || directed ? 1 : 2;
        }
        peak = Math.max(peak, map.size());
    }

    /** Logs that the edge, present before, is now deleted. */
    void delete(int u, int v) {
        map.put(key(u, v), Double.NaN);
        edgeDelta -= u == v || directed ? 1 : 2;
        peak = Math.max(peak, map.size());
    }

    int size() {
        return map.size();
    }

    boolean isEmpty() {
        return map.isEmpty();
    }

    long edgeDelta() {
        return edgeDelta;
    }

    /** Bytes of the log's table (keys and values), as fastutil sizes it. */
    long memoryBytes() {
        return 16L * HashCommon.arraySize(Math.max(peak, 16), LOAD);
    }

    /** The logged edges, split into what to insert (with weights) and what to delete; empties the log. */
    Drained drain() {
        int n = map.size();
        Drained d = new Drained(new int[n], new int[n], new double[n], new int[n], new int[n]);
        ObjectIterator<Long2DoubleMap.Entry> it = map.long2DoubleEntrySet().fastIterator();
        while (it.hasNext()) {
            Long2DoubleMap.Entry e = it.next();
            long k = e.getLongKey();
            int u = (int) (k >>> 32);
            int v = (int) k;
            double w = e.getDoubleValue();
            if (Double.isNaN(w)) {
                d.delSrc[d.dels] = u;
                d.delDst[d.dels++] = v;
            } else {
                d.putSrc[d.puts] = u;
                d.putDst[d.puts] = v;
                d.putWeight[d.puts++] = w;
            }
        }
        map = newMap();
        peak = 0;
        edgeDelta = 0;
        return d;
    }

    /** The log as batches: inserts (or weight sets) and deletes, {@code puts} and {@code dels} of each used. */
    static final class Drained {
        final int[] putSrc;
        final int[] putDst;
        final double[] putWeight;
        final int[] delSrc;
        final int[] delDst;
        int puts;
        int dels;

        Drained(int[] putSrc, int[] putDst, double[] putWeight, int[] delSrc, int[] delDst) {
            this.putSrc = putSrc;
            this.putDst = putDst;
            this.putWeight = putWeight;
            this.delSrc = delSrc;
            this.delDst = delDst;
        }
    }
}
