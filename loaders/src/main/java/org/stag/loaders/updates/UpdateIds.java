package org.stag.loaders.updates;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.stag.loaders.VertexIds;

/**
 * The graph's id map as updates see it: ids in the graph's own numbering go to internal ids, and an id
 * never seen before gets a new internal id. With dense ids ({@code .mtx} from 1, edge lists from 0) the
 * numbering stays dense: id {@code base + v} is internal {@code v}, and naming a vertex at or beyond the
 * current count grows the graph to it. With an explicit table (LDBC) a new id gets the next internal id.
 */
public final class UpdateIds {
    /** Largest internal id (as for edge lists: the count must fit an int with room to spare). */
    public static final long MAX_INTERNAL = Integer.MAX_VALUE - 2;
    /** Most vertices one dense id may add at once; more is taken for a typo rather than a graph that grows. */
    public static final long MAX_JUMP = 1L << 26;

    private final VertexIds ids;
    private int vertices;
    /** Ids added to an explicit table, in internal order from the graph's count on. */
    private long[] added = new long[16];
    private int addedCount;
    private final Long2IntOpenHashMap addedMap;
    private final int graphVertices;

    /**
     * @param ids      the graph's id map
     * @param vertices the graph's vertex count
     */
    public UpdateIds(VertexIds ids, int vertices) {
        this.ids = ids;
        this.vertices = vertices;
        this.graphVertices = vertices;
        this.addedMap = ids.isOffset() ? null : new Long2IntOpenHashMap();
        if (addedMap != null) {
            addedMap.defaultReturnValue(-1);
        }
    }

    /** Vertices so far: the graph's and those the updates read so far added. */
    public int vertices() {
        return vertices;
    }

    /**
     * The internal id of {@code id} when it is among the first {@code n} vertices (at most the graph's own for
     * an explicit table), else -1. Reads only, so parser threads call it while the reader adds nothing.
     */
    int known(long id, int n) {
        if (ids.isOffset()) {
            long v = id - ids.base();
            return v >= 0 && v < n ? (int) v : -1;
        }
        return ids.internal(id, graphVertices);
    }

    /**
     * The internal id of {@code id}, adding it when new; or -1 with {@link #why} set when the id cannot be a
     * vertex of this graph.
     */
    int internal(long id) {
        if (ids.isOffset()) {
            long v = id - ids.base();
            if (v >= 0 && v < vertices) {
                return (int) v;
            }
            if (v < 0) {
                why = "vertex id " + id + " is below the first id " + ids.base();
                return -1;
            }
            if (v > MAX_INTERNAL || v - vertices >= MAX_JUMP) {
                why = "vertex id " + id + " is absurd: the graph has " + vertices + " vertices and one new id may add at most "
                        + MAX_JUMP;
                return -1;
            }
            vertices = (int) v + 1;
            return (int) v;
        }
        int v = ids.internal(id, graphVertices);
        if (v >= 0) {
            return v;
        }
        v = addedMap.get(id);
        if (v >= 0) {
            return v;
        }
        if (vertices > MAX_INTERNAL) {
            why = "too many vertices (more than " + MAX_INTERNAL + ")";
            return -1;
        }
        if (addedCount == added.length) {
            added = Arrays.copyOf(added, addedCount * 2);
        }
        added[addedCount++] = id;
        addedMap.put(id, vertices);
        return vertices++;
    }

    /**
     * The internal id of {@code id}, adding it as a new vertex when it is not one yet: how a program hands updates
     * in the graph's numbering to a batch without a file.
     *
     * @throws org.stag.loaders.BadInputException when {@code id} cannot be a vertex of this graph (below the first
     *                                            id, an absurd jump, too many vertices)
     */
    public int internalOrAdd(long id) {
        int v = internal(id);
        if (v < 0) {
            throw new org.stag.loaders.BadInputException(why);
        }
        return v;
    }

    /** Why the last {@link #internal} returned -1. */
    String why;

    /** The id map of the grown graph (the graph's own when nothing was added or ids are dense). */
    public VertexIds vertexIds() {
        if (ids.isOffset() || addedCount == 0) {
            return ids;
        }
        long[] all = new long[vertices];
        for (int v = 0; v < graphVertices; v++) {
            all[v] = ids.external(v);
        }
        System.arraycopy(added, 0, all, graphVertices, addedCount);
        return VertexIds.explicit(all);
    }

    /** The id of internal vertex {@code v} in the graph's numbering. */
    public long external(int v) {
        if (ids.isOffset() || v < graphVertices) {
            return ids.external(v);
        }
        return added[v - graphVertices];
    }
}
