package org.stag.loaders;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * The error for an undirected edge list that writes an edge both ways with different weights. Runs only on
 * the error path: it scans the entries once more to find the lines involved.
 */
final class MirrorConflicts {
    private MirrorConflicts() {
    }

    /** Both directions of one pair: their values combined in file order, line counts and last entries. */
    private static final class Pair {
        final double[] value = new double[2];
        final int[] lines = new int[2];
        final long[] last = new long[2];
    }

    /**
     * Names the conflict that is complete earliest in the file: {@code edge 3 5 has weight 2.0 here and 4.0
     * on line 3 (its mirror)}.
     *
     * @param conflicts {@code (u << 32) | v} with {@code u < v}, as internal ids
     */
    static BadInputException error(EdgeList edges, LongArrayList conflicts, DuplicatePolicy policy) {
        Long2ObjectOpenHashMap<Pair> pairs = new Long2ObjectOpenHashMap<>();
        for (int i = 0; i < conflicts.size(); i++) {
            pairs.put(conflicts.getLong(i), new Pair());
        }
        int[] src = edges.src();
        int[] dst = edges.dst();
        double[] w = edges.weights();
        for (int k = 0; k < edges.size(); k++) {
            int s = src[k];
            int d = dst[k];
            Pair p = pairs.get(s < d ? ((long) s << 32) | d : ((long) d << 32) | s);
            if (p == null) {
                continue;
            }
            int way = s < d ? 0 : 1;
            p.value[way] = p.lines[way] == 0 ? w[k] : policy.combine(p.value[way], w[k]);
            p.lines[way]++;
            p.last[way] = k;
        }
        Pair worst = null;
        long worstKey = 0;
        for (Long2ObjectOpenHashMap.Entry<Pair> e : pairs.long2ObjectEntrySet()) {
            Pair p = e.getValue();
            if (worst == null || Math.max(p.last[0], p.last[1]) < Math.max(worst.last[0], worst.last[1])) {
                worst = p;
                worstKey = e.getLongKey();
            }
        }
        if (worst == null) {
            return new BadInputException(edges.source(), 0, "an edge has different weights in its two directions");
        }
        int here = worst.last[0] > worst.last[1] ? 0 : 1;
        int there = 1 - here;
        int u = (int) (worstKey >>> 32);
        int v = (int) worstKey;
        int from = here == 0 ? u : v;
        int to = here == 0 ? v : u;
        VertexIds ids = edges.ids();
        String combined = worst.lines[here] > 1 ? " (" + worst.lines[here] + " lines, --duplicates "
                + policy.name().toLowerCase(java.util.Locale.ROOT) + ")" : "";
        String otherCombined = worst.lines[there] > 1 ? " (with " + (worst.lines[there] - 1) + " more)" : "";
        long otherLine = edges.lineOf(worst.last[there]);
        return new BadInputException(edges.source(), edges.lineOf(worst.last[here]), "edge " + ids.external(from) + " "
                + ids.external(to) + " has weight " + worst.value[here] + " here" + combined + " and "
                + worst.value[there] + (otherLine > 0 ? " on line " + otherLine : "") + otherCombined
                + " (its mirror); an undirected edge has one weight, or give --duplicates first|last|sum|min to combine them");
    }
}
