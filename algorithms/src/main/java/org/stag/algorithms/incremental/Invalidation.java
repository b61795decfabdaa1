package org.stag.algorithms.incremental;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.catalog.IncrementalProgram.Relaxation;
import org.stag.formats.graph.EdgeChanges;

/**
 * Decides whether the deletions and weight increases since the previous result can have invalidated it.
 * <ul>
 *   <li>Depths (BFS): a deleted edge u -> v matters only when it was tight, {@code depth[v] == depth[u] + 1}: otherwise
 *       no shortest path of the previous version used it, and every depth still has a path of that length.</li>
 *   <li>Distances (SSSP): likewise an edge deleted or made heavier, tight at the weight it had in the previous version,
 *       {@code dist[v] == dist[u] + w}. Over several batches an edge may change more than once; what counts is
 *       its weight in the previous version (the old weight of its first change, if it existed then) against
 *       its weight now.</li>
 *   <li>Components (WCC): any deletion may split a component.</li>
 * </ul>
 * An undirected edge is tested in both directions. Only tight edges force a full run: a non-tight deletion
 * leaves the previous result standing, and the inserts are then relaxed from it as in an insert-only batch.
 */
final class Invalidation {
    private Invalidation() {
    }

    /**
     * Why the previous result {@code prev} (longs for depths, doubles for distances) cannot be kept, or null when it
     * can.
     */
    static String check(Relaxation r, long[] prevLongs, double[] prevDoubles, List<EdgeChanges> since, boolean directed) {
        return switch (r) {
            case COMPONENTS -> wcc(since);
            case DEPTHS -> bfs(prevLongs, since, directed);
            case DISTANCES -> sssp(prevDoubles, since, directed);
            case WARM_START -> null;
        };
    }

    private static String wcc(List<EdgeChanges> since) {
        long deleted = 0;
        for (EdgeChanges c : since) {
            deleted += c.deleted();
        }
        return deleted == 0 ? null : deleted + " deleted edge" + (deleted == 1 ? "" : "s") + " may split a component";
    }

    private static String bfs(long[] depth, List<EdgeChanges> since, boolean directed) {
        for (EdgeChanges c : since) {
            int[] src = c.deletedSrc();
            int[] dst = c.deletedDst();
            for (int k = 0; k < src.length; k++) {
                int u = src[k];
                int v = dst[k];
                if (tightDepth(depth, u, v) || !directed && tightDepth(depth, v, u)) {
                    return "deleted edge " + u + " -> " + v + " was on a shortest path (depth " + depth[v] + ")";
                }
            }
        }
        return null;
    }

    /** Whether u -> v lies on a shortest path of the previous depths (vertices beyond them are new: never). */
    private static boolean tightDepth(long[] depth, int u, int v) {
        return u < depth.length && v < depth.length && depth[u] != Long.MAX_VALUE && depth[v] == depth[u] + 1;
    }

    private static String sssp(double[] dist, List<EdgeChanges> since, boolean directed) {
        // Per edge changed since the previous version: its weight then (absent if it did not exist), and now.
        Map<Long, double[]> weights = new HashMap<>();
        for (EdgeChanges c : since) {
            for (int k = 0; k < c.inserted(); k++) {
                // Absent before this batch: absent in the previous version unless an earlier batch deleted it.
                weights.computeIfAbsent(key(c.insertedSrc()[k], c.insertedDst()[k], directed),
                        x -> new double[] {Double.NaN, 0})[1] = c.insertedWeight()[k];
            }
            for (int k = 0; k < c.updated(); k++) {
                final double old = c.oldWeight()[k];
                weights.computeIfAbsent(key(c.updatedSrc()[k], c.updatedDst()[k], directed),
                        x -> new double[] {old, 0})[1] = c.newWeight()[k];
            }
            for (int k = 0; k < c.deleted(); k++) {
                final double old = c.deletedWeight()[k];
                weights.computeIfAbsent(key(c.deletedSrc()[k], c.deletedDst()[k], directed),
                        x -> new double[] {old, 0})[1] = Double.POSITIVE_INFINITY;
            }
        }
        for (Map.Entry<Long, double[]> e : weights.entrySet()) {
            double then = e.getValue()[0];
            double now = e.getValue()[1];
            if (Double.isNaN(then) || now <= then) {
                continue;   // new since the previous version, or no heavier: cannot lengthen a path
            }
            int u = (int) (e.getKey() >>> 32);
            int v = (int) (long) e.getKey();
            if (tightDist(dist, u, v, then) || !directed && tightDist(dist, v, u, then)) {
                return (now == Double.POSITIVE_INFINITY ? "deleted edge " : "heavier edge ") + u + " -> " + v
                        + " was on a shortest path (distance " + dist[v] + ")";
            }
        }
        return null;
    }

    private static boolean tightDist(double[] dist, int u, int v, double w) {
        return u < dist.length && v < dist.length && dist[u] != Double.POSITIVE_INFINITY && dist[v] == dist[u] + w;
    }

    /** One key per edge; an undirected edge's two directions share it. */
    private static long key(int u, int v, boolean directed) {
        int a = directed ? u : Math.min(u, v);
        int b = directed ? v : Math.max(u, v);
        return (long) a << 32 | b & 0xffffffffL;
    }
}
