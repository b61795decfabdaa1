package org.stag.algorithms.handwritten;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.stag.algorithms.graph.Csr;
import org.stag.loaders.Parallel;

/**
 * Single-source shortest paths by delta-stepping (Meyer and Sanders, 2003), with LDBC Graphalytics
 * semantics: the length of a shortest path from the source to every vertex along edge direction, where a
 * path's length is the sum of its edge weights, and {@code +Infinity} for vertices the source cannot reach.
 * An unweighted graph weighs 1.0 per edge. Weights must be finite and non-negative (zero is allowed).
 *
 * <p>Tentative distances are kept in buckets of width {@code delta}; the lowest non-empty bucket is relaxed
 * (all edges of its vertices) until it stays empty, then the next one. Only a window of
 * {@code ceil(maxWeight / delta) + 2} buckets can hold vertices at any time, so buckets are a ring of that
 * many slots. On several threads the vertices of a bucket are split into chunks relaxed in parallel,
 * distances are lowered by compare-and-set, and each chunk files the vertices it improved in buckets of its
 * own.
 *
 * <p>The result does not depend on {@code delta} or the thread count: floating-point addition is monotone,
 * so every distance converges to the least left-to-right sum over all paths from the source, the same value
 * Dijkstra's algorithm computes.
 */
public final class Sssp {
    /** The distance of a vertex the source cannot reach. */
    public static final double UNREACHABLE = Double.POSITIVE_INFINITY;
    /** The most buckets the ring may have (bounds the default delta from below). */
    private static final int MAX_RING = 1024;
    /** Frontier vertices per parallel chunk. */
    private static final int CHUNK = 256;
    private static final VarHandle DIST = MethodHandles.arrayElementVarHandle(double[].class);

    /** Runs with {@link #defaultDelta(Csr)}; see {@link #run(Csr, int, double, int)}. */
    public static double[] run(Csr g, int source, int threads) {
        return run(g, source, defaultDelta(g), threads);
    }

    /**
     * The distances from {@code source}.
     *
     * @param source  internal id of the root
     * @param delta   bucket width, positive and finite
     * @param threads worker threads, at least 1
     * @return distance of every vertex by internal id, {@link #UNREACHABLE} when not reached
     * @throws IllegalArgumentException for a negative or non-finite weight, naming the edge (in the input's
     *                                  vertex ids)
     */
    public static double[] run(Csr g, int source, double delta, int threads) {
        VertexBlocks.checkThreads(threads);
        if (!(delta > 0.0) || Double.isInfinite(delta)) {
            throw new IllegalArgumentException("delta must be positive and finite, got " + delta);
        }
        if (source < 0 || source >= g.n()) {
            throw new IllegalArgumentException("source " + source + " out of range 0.." + (g.n() - 1));
        }
        double maxWeight = checkWeights(g);
        return new Sssp(g, delta, maxWeight, threads).search(source);
    }

    /**
     * Checks that every weight is finite and non-negative.
     *
     * @return the largest weight (1 for an unweighted graph with edges, 0 without edges)
     * @throws IllegalArgumentException naming the first offending edge in the input's vertex ids
     */
    public static double checkWeights(Csr g) {
        double[] w = g.outWeights();
        if (w == null) {
            return g.m() > 0 ? 1.0 : 0.0;
        }
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        double max = 0.0;
        for (int u = 0; u < g.n(); u++) {
            for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                double x = w[p];
                if (!(x >= 0.0) || Double.isInfinite(x)) {
                    throw new IllegalArgumentException((x < 0 ? "negative" : "non-finite") + " weight " + x
                            + " on edge " + g.external(u) + " -> " + g.external(outIdx[p]) + " of " + g.source()
                            + "; shortest paths need finite non-negative weights");
                }
                max = Math.max(max, x);
            }
        }
        return max;
    }

    /**
     * The bucket width used when none is given: the mean edge weight, but at least {@code maxWeight / 1024}
     * so the bucket ring stays small, and 1 when there are no positive weights. For an unweighted graph it
     * is 1, so buckets are BFS levels.
     */
    public static double defaultDelta(Csr g) {
        double max = checkWeights(g);
        double[] w = g.outWeights();
        if (max == 0.0 || w == null) {
            return 1.0;
        }
        double sum = 0.0;
        for (int p = 0, m = g.m(); p < m; p++) {
            sum += w[p];
        }
        return deltaOf(max, sum, g.m(), () -> {
            double mean = 0.0;
            for (int p = 0, m = g.m(); p < m; p++) {
                mean += w[p] / m;
            }
            return mean;
        });
    }

    /**
     * The default bucket width from the largest weight, the weights' sum and their count: the mean weight, at least
     * the largest over the ring of buckets, 1 when every weight is 0. {@code meanDividedFirst} gives the mean when
     * the sum overflowed (weights near {@code Double.MAX_VALUE}): each weight divided first keeps it finite.
     */
    public static double deltaOf(double max, double sum, long m, java.util.function.DoubleSupplier meanDividedFirst) {
        if (max == 0.0) {
            return 1.0;
        }
        double mean = sum / m;
        if (Double.isInfinite(mean)) {
            mean = meanDividedFirst.getAsDouble();
        }
        return Math.max(mean, max / MAX_RING);
    }

    /** Most buckets one edge may span: the ring holds that many, and finding the next non-empty bucket scans it. */
    public static final double MAX_BUCKETS_PER_EDGE = 1 << 20;

    /**
     * Why {@code text}, a bucket width given by the user, cannot be used on {@code g}, or null when it can: it must
     * be a positive finite number, and at least the largest weight / {@link #MAX_BUCKETS_PER_EDGE}, since this
     * class, the reference {@code compare} runs, keeps a ring of that many buckets per chunk and scans it for the
     * next non-empty one (a width of 1e-300 would need 10^300).
     */
    public static String refuseDelta(String text, Csr g) {
        return refuseDelta(text, checkWeights(g));
    }

    /**
     * Why {@code text} cannot be the bucket width of a graph whose largest weight is {@code maxWeight}, or null when
     * it can: the rule of {@link #refuseDelta(String, Csr)} for a graph the {@code Csr} view does not reach.
     */
    public static String refuseDelta(String text, double maxWeight) {
        double delta;
        try {
            delta = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return "the bucket width must be a positive finite number";
        }
        if (!(delta > 0) || Double.isInfinite(delta)) {
            return "the bucket width must be a positive finite number";
        }
        if (maxWeight / delta > MAX_BUCKETS_PER_EDGE) {
            return "the bucket width must be at least the largest weight / " + (long) MAX_BUCKETS_PER_EDGE + " ("
                    + maxWeight / MAX_BUCKETS_PER_EDGE + " here): the hand-written reference's ring of buckets would be too large";
        }
        return null;
    }

    private final Csr g;
    private final double delta;
    private final int threads;
    private final int ring;
    private final double[] dist;
    /** Per chunk, per ring slot: the vertices filed there, and how many. */
    private final int[][][] bins;
    private final int[][] binSize;
    private int[] frontier = new int[16];
    private int frontierSize;

    private Sssp(Csr g, double delta, double maxWeight, int threads) {
        this.g = g;
        this.delta = delta;
        this.threads = threads;
        double span = Math.ceil(maxWeight / delta) + 2;
        if (span > 1 << 24) {
            throw new IllegalArgumentException("delta " + delta + " is too small for the largest weight " + maxWeight);
        }
        this.ring = (int) span;
        this.dist = new double[g.n()];
        int chunks = threads == 1 ? 1 : threads * 4;
        this.bins = new int[chunks][ring][];
        this.binSize = new int[chunks][ring];
    }

    private long bucketOf(double d) {
        return (long) (d / delta);
    }

    private double[] search(int source) {
        Arrays.fill(dist, UNREACHABLE);
        dist[source] = 0.0;
        frontier[0] = source;
        frontierSize = 1;
        long bucket = 0;
        while (true) {
            relax(bucket);
            gather(slot(bucket));
            if (frontierSize > 0) {
                continue;
            }
            long nextBucket = -1;
            for (int j = 1; j < ring && nextBucket < 0; j++) {
                int s = slot(bucket + j);
                for (int[] sizes : binSize) {
                    if (sizes[s] > 0) {
                        nextBucket = bucket + j;
                        break;
                    }
                }
            }
            if (nextBucket < 0) {
                return dist;
            }
            bucket = nextBucket;
            gather(slot(bucket));
        }
    }

    private int slot(long bucket) {
        return (int) (bucket % ring);
    }

    /** Relaxes every edge of the frontier vertices that still belong to {@code bucket}. */
    private void relax(long bucket) {
        int chunks = threads == 1 ? 1 : Math.min(bins.length, (frontierSize + CHUNK - 1) / CHUNK);
        if (chunks <= 1) {
            relaxChunk(0, 0, frontierSize, bucket, false);
            return;
        }
        int[] bounds = Parallel.split(frontierSize, chunks);
        Parallel.forEachBlock(threads, chunks, c -> relaxChunk(c, bounds[c], bounds[c + 1], bucket, true));
    }

    private void relaxChunk(int chunk, int from, int to, long bucket, boolean shared) {
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        double[] w = g.outWeights();
        for (int i = from; i < to; i++) {
            int u = frontier[i];
            double du = dist[u];
            if (bucketOf(du) < bucket) {
                continue; // settled in an earlier bucket; this entry is stale
            }
            for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                int v = outIdx[p];
                double nd = du + (w == null ? 1.0 : w[p]);
                if (shared) {
                    double old = dist[v];
                    while (nd < old) {
                        if (DIST.compareAndSet(dist, v, old, nd)) {
                            file(chunk, v, nd, bucket);
                            break;
                        }
                        old = (double) DIST.getVolatile(dist, v);
                    }
                } else if (nd < dist[v]) {
                    dist[v] = nd;
                    file(chunk, v, nd, bucket);
                }
            }
        }
    }

    private void file(int chunk, int v, double d, long current) {
        long b = bucketOf(d);
        if (b - current >= ring) {
            throw new IllegalStateException("bucket " + b + " beyond the ring of " + ring + " from " + current);
        }
        int s = slot(b);
        int[] list = bins[chunk][s];
        int k = binSize[chunk][s];
        if (list == null || k == list.length) {
            list = list == null ? new int[16] : Arrays.copyOf(list, 2 * k);
            bins[chunk][s] = list;
        }
        list[k] = v;
        binSize[chunk][s] = k + 1;
    }

    /** Moves the vertices of ring slot {@code s} from every chunk, in chunk order, into the frontier. */
    private void gather(int s) {
        int total = 0;
        for (int[] sizes : binSize) {
            total += sizes[s];
        }
        if (total > frontier.length) {
            frontier = new int[Math.max(total, 2 * frontier.length)];
        }
        int k = 0;
        for (int c = 0; c < bins.length; c++) {
            int size = binSize[c][s];
            if (size > 0) {
                System.arraycopy(bins[c][s], 0, frontier, k, size);
                k += size;
                binSize[c][s] = 0;
            }
        }
        frontierSize = k;
    }
}
