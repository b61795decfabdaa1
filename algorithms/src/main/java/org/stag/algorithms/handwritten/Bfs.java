package org.stag.algorithms.handwritten;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.stag.algorithms.graph.Csr;
import org.stag.loaders.Parallel;

/**
 * Breadth-first search with LDBC Graphalytics semantics: the depth (number of edges on a shortest path) of
 * every vertex from a source, following edge direction, and {@link #UNREACHABLE} (the largest long) for
 * vertices the source cannot reach.
 *
 * <p>Direction-optimising (Beamer, Asanović and Patterson, SC 2012, with GAP's heuristic): while the
 * frontier is small, a step pushes from a sparse queue of frontier vertices along their out-edges. When the
 * out-edges of the frontier exceed {@code 1/ALPHA} of the edges not yet checked, the frontier becomes a
 * bitmap and steps pull instead: every unvisited vertex scans its in-edges for a frontier vertex and stops
 * at the first. Pulling continues while the frontier grows or holds more than {@code n/BETA} vertices, then
 * the bitmap turns back into a queue. With direction optimisation off, every step pushes.
 *
 * <p>Depths do not depend on the mode or the thread count (only the order in which a push step discovers
 * vertices does). Memory: the depth array, two queues of {@code n} ints and two bitmaps.
 */
public final class Bfs {
    /** The depth of a vertex the source cannot reach: {@link Long#MAX_VALUE}, as LDBC writes it. */
    public static final long UNREACHABLE = Long.MAX_VALUE;
    /** Switch to pulling when the frontier's out-edges exceed the unchecked edges divided by this. */
    public static final int ALPHA = 15;
    /** Keep pulling while the frontier holds more than {@code n / BETA} vertices. */
    public static final int BETA = 18;

    private static final VarHandle DEPTH = MethodHandles.arrayElementVarHandle(long[].class);
    /** Frontier vertices per parallel chunk of a push step. */
    private static final int PUSH_CHUNK = 1024;
    /** Discovered vertices a push chunk buffers before appending them to the next queue. */
    private static final int LOCAL_BUFFER = 1024;

    /**
     * Depths and how many steps of each kind ran.
     *
     * @param depth     depth of every vertex by internal id, {@link #UNREACHABLE} when not reached
     * @param pushSteps steps that pushed from a queue
     * @param pullSteps steps that pulled into a bitmap
     */
    public record Result(long[] depth, int pushSteps, int pullSteps) {
    }

    /** The depths from {@code source} (internal id); see {@link #run}. */
    public static long[] depths(Csr g, int source, boolean directionOptimizing, int threads) {
        return run(g, source, directionOptimizing, threads).depth();
    }

    /**
     * Runs the search.
     *
     * @param source              internal id of the root
     * @param directionOptimizing whether to switch to pulling on large frontiers; {@code false} pushes only
     * @param threads             worker threads, at least 1
     */
    public static Result run(Csr g, int source, boolean directionOptimizing, int threads) {
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        if (source < 0 || source >= n) {
            throw new IllegalArgumentException("source " + source + " out of range 0.." + (n - 1));
        }
        return new Bfs(g, threads).search(source, directionOptimizing);
    }

    private final Csr g;
    private final int n;
    private final int threads;
    private final long[] depth;
    private int[] queue;
    private int[] nextQueue;
    private int size;
    private final int[][] localBuffers;
    private final long[] chunkScout;
    private final long[] awakePerBlock;

    private Bfs(Csr g, int threads) {
        this.g = g;
        this.n = g.n();
        this.threads = threads;
        this.depth = new long[n];
        this.queue = new int[n];
        this.nextQueue = new int[n];
        int chunks = threads == 1 ? 0 : threads * 4;
        this.localBuffers = new int[chunks][LOCAL_BUFFER];
        this.chunkScout = new long[chunks];
        this.awakePerBlock = new long[VertexBlocks.count(n)];
    }

    private Result search(int source, boolean directionOptimizing) {
        Arrays.fill(depth, UNREACHABLE);
        depth[source] = 0;
        queue[0] = source;
        size = 1;
        long[] front = null;
        long[] next = null;
        long edgesToCheck = g.m();
        long scout = g.outDegree(source);
        long level = 0;
        int pushSteps = 0;
        int pullSteps = 0;
        while (size > 0) {
            if (directionOptimizing && scout > edgesToCheck / ALPHA) {
                if (front == null) {
                    front = new long[(n + 63) >>> 6];
                    next = new long[front.length];
                }
                queueToBitmap(front);
                long awake = size;
                long previous;
                do {
                    previous = awake;
                    awake = pullStep(front, next, level);
                    long[] t = front;
                    front = next;
                    next = t;
                    level++;
                    pullSteps++;
                } while (awake > 0 && (awake >= previous || awake > n / BETA));
                bitmapToQueue(front);
                scout = 1;
            } else {
                edgesToCheck -= scout;
                scout = threads == 1 || size < 2 * PUSH_CHUNK ? pushStep(level) : parallelPushStep(level);
                int[] t = queue;
                queue = nextQueue;
                nextQueue = t;
                level++;
                pushSteps++;
            }
        }
        return new Result(depth, pushSteps, pullSteps);
    }

    /** Pushes from the queue into {@code nextQueue}; returns the out-degree sum of the discovered vertices. */
    private long pushStep(long level) {
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        long d = level + 1;
        int tail = 0;
        long scout = 0;
        for (int i = 0; i < size; i++) {
            int u = queue[i];
            for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                int v = outIdx[p];
                if (depth[v] == UNREACHABLE) {
                    depth[v] = d;
                    nextQueue[tail++] = v;
                    scout += outPtr[v + 1] - outPtr[v];
                }
            }
        }
        size = tail;
        return scout;
    }

    /** {@link #pushStep} on several threads: claims vertices by compare-and-set, buffers them per chunk. */
    private long parallelPushStep(long level) {
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        long d = level + 1;
        int chunks = Math.min(localBuffers.length, (size + PUSH_CHUNK - 1) / PUSH_CHUNK);
        int[] bounds = Parallel.split(size, chunks);
        AtomicInteger tail = new AtomicInteger();
        int[] from = queue;
        int[] to = nextQueue;
        Parallel.forEachBlock(threads, chunks, c -> {
            int[] buffer = localBuffers[c];
            int k = 0;
            long scout = 0;
            for (int i = bounds[c], stop = bounds[c + 1]; i < stop; i++) {
                int u = from[i];
                for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                    int v = outIdx[p];
                    if (depth[v] == UNREACHABLE && DEPTH.compareAndSet(depth, v, UNREACHABLE, d)) {
                        scout += outPtr[v + 1] - outPtr[v];
                        buffer[k++] = v;
                        if (k == buffer.length) {
                            System.arraycopy(buffer, 0, to, tail.getAndAdd(k), k);
                            k = 0;
                        }
                    }
                }
            }
            System.arraycopy(buffer, 0, to, tail.getAndAdd(k), k);
            chunkScout[c] = scout;
        });
        size = tail.get();
        long scout = 0;
        for (int c = 0; c < chunks; c++) {
            scout += chunkScout[c];
        }
        return scout;
    }

    /**
     * Every unvisited vertex looks for a frontier vertex among its in-neighbours and stops at the first.
     * Blocks own whole words of {@code next}, so no writes are shared. Returns the new frontier's size.
     */
    private long pullStep(long[] front, long[] next, long level) {
        int[] inPtr = g.inPtr();
        int[] inIdx = g.inIdx();
        long d = level + 1;
        VertexBlocks.forEach(threads, n, b -> {
            int start = VertexBlocks.start(b);
            int end = VertexBlocks.end(b, n);
            Arrays.fill(next, start >>> 6, (end + 63) >>> 6, 0L);
            long awake = 0;
            for (int v = start; v < end; v++) {
                if (depth[v] != UNREACHABLE) {
                    continue;
                }
                for (int p = inPtr[v], stop = inPtr[v + 1]; p < stop; p++) {
                    int u = inIdx[p];
                    if ((front[u >>> 6] & (1L << u)) != 0) {
                        depth[v] = d;
                        next[v >>> 6] |= 1L << v;
                        awake++;
                        break;
                    }
                }
            }
            awakePerBlock[b] = awake;
        });
        long awake = 0;
        for (long a : awakePerBlock) {
            awake += a;
        }
        return awake;
    }

    private void queueToBitmap(long[] bits) {
        Arrays.fill(bits, 0L);
        for (int i = 0; i < size; i++) {
            int v = queue[i];
            bits[v >>> 6] |= 1L << v;
        }
    }

    private void bitmapToQueue(long[] bits) {
        int k = 0;
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            while (word != 0) {
                queue[k++] = (w << 6) + Long.numberOfTrailingZeros(word);
                word &= word - 1;
            }
        }
        size = k;
    }
}
