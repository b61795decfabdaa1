package org.stag.algorithms.run;

import java.util.SplittableRandom;
import org.stag.loaders.BadInputException;

/**
 * Sources drawn as GAP's {@code SourcePicker} draws them: uniformly random vertices with at least one out-edge,
 * from a fixed seed, so that a benchmark and its peer start from the same vertices and a rerun from the same
 * ones again. Unlike GAP's picker the draws are distinct: a source counted twice would weigh twice in a median.
 */
public final class RandomSources {
    /** GAP's {@code kRandSeed}, the default seed. */
    public static final long DEFAULT_SEED = 27491095L;

    private RandomSources() {
    }

    /**
     * {@code k} distinct vertices with out-degree above 0, in the order drawn; all such vertices (in the order
     * drawn) when fewer than {@code k} have out-edges.
     *
     * @param outPtr the out-edge offsets: vertex {@code v} has {@code outPtr[v + 1] - outPtr[v]} out-edges
     * @param k      how many, at least 1
     * @param seed   the seed; the same seed on the same graph gives the same sources
     * @throws BadInputException when no vertex has an out-edge
     * @throws IllegalArgumentException when {@code k < 1}
     */
    public static int[] pick(int[] outPtr, int k, long seed) {
        if (k < 1) {
            throw new IllegalArgumentException("sources must be at least 1, got " + k);
        }
        int n = outPtr.length - 1;
        int eligible = 0;
        for (int v = 0; v < n; v++) {
            if (outPtr[v + 1] > outPtr[v]) {
                eligible++;
            }
        }
        if (eligible == 0) {
            throw new BadInputException("no vertex has an out-edge, so there is no source to start from");
        }
        int want = Math.min(k, eligible);
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[want];
        for (int i = 0; i < want; i++) {
            int v;
            do {
                v = r.nextInt(n);
            } while (outPtr[v + 1] == outPtr[v] || contains(out, i, v));
            out[i] = v;
        }
        return out;
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }
}
