package org.stag.formats.graph;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.BatchScratch;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.updates.UpdateBatch;

/**
 * A graph that takes batches of updates and hands out immutable snapshots of its versions.
 *
 * <p>It holds a {@link GraphTensor} in a format whose tensors take batches ({@code dense,F} or {@code bst,F}
 * for a dynamic F): the out-edges and, for a directed graph, the in-edges as a structure of their own, both
 * changed by every batch. Version 0 is the graph as loaded; {@link #apply} makes the next version, atomically:
 * {@link #snapshot()} and {@code apply} exclude each other, so a snapshot is always of a whole version.
 *
 * <p>Snapshots share the graph's node stores (one per shard of rows in each dynamic level). With no snapshot
 * open, a batch changes the stores in place. While one is open, a batch is checked and counted as usual but its
 * effective changes go to a log (about 16 bytes per changed edge) instead of the stores; the log is merged by the
 * next {@link #snapshot()}, by the first batch after the last snapshot closed, or when it outgrows 1/16 of the
 * edges. A merge changes in place the shards no open snapshot reads and copies the others first (copy-on-write,
 * {@link SnapshotEpochs}), so a snapshot never changes while it is held, and a graph that re-takes its snapshot
 * after closing the old one copies nothing. Taking a snapshot costs the merge of the log plus O(shards).
 * docs/DESIGN.md ("Versions and snapshots") gives the design, bench/results/versioned-graph.md the measured costs.
 *
 * <p>{@code apply}, {@code snapshot} and {@code memoryBytes} may be called from any thread; the size queries
 * ({@link #numEdges()}, {@link #numVertices()}) are for the thread that applies batches.
 *
 * <pre>{@code
 * DynamicGraph g = DynamicGraph.of(graph, GraphTensor.format("dense,ctree"), 2);
 * try (UpdateBatchReader r = UpdateBatchReader.open(path, new UpdateIds(graph.ids(), graph.numVertices()),
 *         100_000, 2, 0)) {
 *     for (UpdateBatch b = r.next(); b != null; b = r.next()) {
 *         ApplyResult res = g.apply(b);
 *     }
 * }
 * try (GraphSnapshot s = g.snapshot()) {
 *     runner.prepare(program, Algorithm.WCC, s.tensors(), settings).run();   // while g takes more batches
 * }
 * }</pre>
 */
public final class DynamicGraph {
    private final GraphTensor tensors;
    private final int threads;
    private final SnapshotEpochs epochs = new SnapshotEpochs();
    private final ReentrantLock lock = new ReentrantLock();
    /** Open snapshots, for {@link #memoryBytes}; closed ones remove themselves from any thread. */
    private final Set<GraphSnapshot> open = ConcurrentHashMap.newKeySet();
    /** Changes accepted while snapshots were open, not yet merged into the structures. */
    private final PendingEdges pending;
    /** The log is merged beyond {@code max(minLog, numEdges() / 16)} edges even while snapshots are open. */
    private final long minLog;
    private volatile long version;
    /**
     * Working arrays of {@code apply} (sort keys, rows, columns, values), kept from batch to batch under the
     * lock: about 115 bytes per update of the largest batch so far, not counted by {@link #memoryBytes}.
     */
    private final BatchScratch scratch = new BatchScratch();

    private DynamicGraph(GraphTensor tensors, int threads, long minLog) {
        this.tensors = tensors;
        this.threads = threads;
        this.minLog = minLog;
        this.pending = new PendingEdges(tensors.directed());
    }

    /**
     * The graph {@code g} in {@code format}, built now (both directions of a directed graph), as version 0.
     *
     * @param threads threads for building and for applying batches
     * @throws IllegalArgumentException when the format's tensors take no batches (e.g. {@code dense,compressed}),
     *                                  or {@code g} has NaN or infinite weights, which such tensors cannot hold
     */
    public static DynamicGraph of(Graph g, Format format, int threads) {
        return of(g, format, threads, 1L << 16);
    }

    /**
     * As {@link #of(Graph, Format, int)}, with {@code g} as version {@code version} rather than 0: a stream resumed
     * from a saved version ({@code stag stream --resume}) goes on numbering its batches from there.
     */
    public static DynamicGraph resumed(Graph g, Format format, int threads, long version) {
        if (version < 0) {
            throw new IllegalArgumentException("version " + version + " is negative");
        }
        DynamicGraph d = of(g, format, threads, 1L << 16);
        d.version = version;
        return d;
    }

    /** As {@link #of(Graph, Format, int)}, merging the log beyond {@code max(minLog, edges / 16)} edges (tests). */
    static DynamicGraph of(Graph g, Format format, int threads, long minLog) {
        GraphTensor t = GraphTensor.of(g, format, threads);
        try {
            t.prepareBatches();
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        GraphWrites.prepareLookups(t);
        return new DynamicGraph(t, threads, minLog);
    }

    /**
     * Applies one batch atomically, as the next version: its updates in file order, the last update of an edge
     * winning (on an undirected graph {@code u v} and {@code v u} are one edge, applied in both directions).
     * An insert of an absent edge stores it with its weight, or 1.0 when the update gives none; an insert of a
     * present edge sets its weight when one is given and leaves it otherwise (counted as updated either way);
     * a delete of a present edge removes it; a delete of an absent edge, or of a vertex not in the graph, is
     * counted as missing. Vertices the batch names beyond the graph's are added ({@link
     * UpdateBatch#verticesAfter()}), with or without edges. A pattern graph ignores weights.
     *
     * <p>The batch is checked whole first: a vertex id that is negative or not below
     * {@code max(numVertices(), verticesAfter())}, or an infinite weight, refuses it and nothing changes (nor
     * does the version). A graph whose vertices have ids of their own (LDBC) cannot grow.
     *
     * @throws BatchRefusedException naming the line of the first bad update
     */
    public ApplyResult apply(UpdateBatch batch) {
        lock.lock();
        try {
            long t0 = System.nanoTime();
            int before = tensors.numVertices();
            int after = Math.max(before, batch.verticesAfter());
            check(batch, after);
            LastUpdates last = LastUpdates.of(batch, tensors.directed(), after, threads, scratch);
            boolean direct = epochs.openCount() == 0 && pending.isEmpty();
            // No snapshot reads the structures: the batch goes in as it is, classified by what the levels report
            // they replaced (one descent per row); null when it needs the lookup first (see DirectApply).
            EffectiveBatch e = direct ? DirectApply.apply(batch, last, tensors, threads, before, after, scratch)
                    : null;
            if (e == null) {
                e = EffectiveBatch.of(batch, last, tensors.weighted(), tensors, pending, threads, before, after);
                tensors.growVertices(after);
                if (direct) {
                    merge(e.putSrc, e.putDst, e.putWeight, e.puts, e.delSrc, e.delDst, e.dels);
                } else {
                    // A snapshot is open (or was, when the log began): log the batch rather than copy the shards
                    // it touches; merge the log once it is large, or once no snapshot reads the structures.
                    log(e);
                    if (epochs.openCount() == 0 || pending.size() > logLimit()) {
                        flush();
                    }
                }
            }
            version++;
            return new ApplyResult(version, e.inserted, e.updated, e.deleted, e.missing, tensors.numVertices(),
                    numEdges(), System.nanoTime() - t0, e.changes);
        } finally {
            lock.unlock();
        }
    }

    /** The most edges the log holds before it is merged although snapshots are open: 1/16 of the graph's. */
    private long logLimit() {
        return Math.max(minLog, numEdges() / 16);
    }

    private void log(EffectiveBatch e) {
        for (int k = 0; k < e.puts; k++) {
            pending.put(e.putSrc[k], e.putDst[k], e.putWeight == null ? 1.0 : e.putWeight[k], e.putIsNew[k]);
        }
        for (int k = 0; k < e.dels; k++) {
            pending.delete(e.delSrc[k], e.delDst[k]);
        }
    }

    /**
     * Merges the log into the structures: in place where no open snapshot reads a shard, else into a copy of it
     * (copy-on-write in the levels).
     */
    private void flush() {
        if (pending.isEmpty()) {
            return;
        }
        PendingEdges.Drained d = pending.drain();
        merge(d.putSrc, d.putDst, tensors.weighted() ? d.putWeight : null, d.puts, d.delSrc, d.delDst, d.dels);
    }

    /** Inserts (or sets the weights of) the puts and deletes the dels, which name distinct edges. */
    private void merge(int[] putSrc, int[] putDst, double[] putWeight, int puts, int[] delSrc, int[] delDst, int dels) {
        if (puts > 0) {
            tensors.insertBatch(putSrc, putDst, putWeight, puts, threads, BatchGrowth.FIXED);
        }
        if (dels > 0) {
            tensors.deleteBatch(delSrc, delDst, dels, threads);
        }
    }

    /** Batches of at least this many updates are checked on several threads. */
    private static final int PARALLEL_CHECK = 1 << 15;

    /**
     * Refuses the batch, naming its first bad update, before anything changes. A large batch is scanned in
     * parallel blocks, each finding its first bad update; the earliest of those is refused.
     */
    private void check(UpdateBatch b, int after) {
        int before = tensors.numVertices();
        boolean offset = tensors.graph().ids().isOffset();
        int n = b.size();
        int first;
        if (n < PARALLEL_CHECK || threads <= 1) {
            first = firstBad(b, 0, n, before, after, offset);
        } else {
            int blocks = 4 * threads;
            int[] bounds = Parallel.split(n, blocks);
            int[] bad = new int[blocks];
            Parallel.forEachBlock(threads, blocks, blk -> bad[blk] = firstBad(b, bounds[blk], bounds[blk + 1], before,
                    after, offset));
            first = -1;
            for (int blk = 0; blk < blocks && first < 0; blk++) {
                first = bad[blk];
            }
        }
        if (first >= 0) {
            int u = b.src[first];
            int v = b.dst[first];
            if (u < 0 || v < 0 || u >= after || v >= after) {
                throw new BatchRefusedException(b.line[first], "vertex " + (u < 0 || u >= after ? u : v)
                        + " is not an internal id of the graph (0.." + (after - 1) + ")");
            }
            double w = b.weight[first];
            if (Double.isInfinite(w)) {
                throw new BatchRefusedException(b.line[first], "weight " + w + " is not finite");
            }
            throw new BatchRefusedException(b.line[first], "vertex " + Math.max(u, v) + " is new, but the vertices of "
                    + tensors.graph().source() + " have ids of their own, so the graph cannot grow");
        }
        if (after > before && !offset) {
            throw new BatchRefusedException(b.size() > 0 ? b.line[0] : 0, "the batch adds vertices, but the vertices of "
                    + tensors.graph().source() + " have ids of their own, so the graph cannot grow");
        }
    }

    /** The first update of {@code b[from, to)} that {@link #check} refuses, or -1. */
    private static int firstBad(UpdateBatch b, int from, int to, int before, int after, boolean offset) {
        int[] src = b.src;
        int[] dst = b.dst;
        double[] weight = b.weight;
        // The ids of a graph that cannot grow must stay below before; an offset graph's below after.
        int limit = offset ? after : before;
        for (int i = from; i < to; i++) {
            int u = src[i];
            int v = dst[i];
            if (u < 0 || v < 0 || u >= limit || v >= limit || Double.isInfinite(weight[i])) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The current version, immutable and never half-applied: O(shards) to take. Close it when done (it keeps
     * the stores later batches replace).
     */
    public GraphSnapshot snapshot() {
        lock.lock();
        try {
            flush();
            GraphTensor t = tensors.snapshot(epochs, version);
            GraphSnapshot s = new GraphSnapshot(this, epochs.open(), version, t);
            open.add(s);
            return s;
        } finally {
            lock.unlock();
        }
    }

    /** Called once by {@link GraphSnapshot#close()}. */
    void release(GraphSnapshot s) {
        open.remove(s);
        epochs.close(s.epoch());
    }

    /** Batches applied so far. */
    public long version() {
        return version;
    }

    /** Vertices of the current version. */
    public int numVertices() {
        return tensors.numVertices();
    }

    /** Stored directed edges of the current version (an undirected edge twice, a self-loop once). */
    public long numEdges() {
        return tensors.numEdges() + pending.edgeDelta();
    }

    public Format format() {
        return tensors.format();
    }

    public boolean directed() {
        return tensors.directed();
    }

    public boolean weighted() {
        return tensors.weighted();
    }

    /** Snapshots taken and not yet closed. */
    public int openSnapshots() {
        return epochs.openCount();
    }

    /**
     * Bytes of the current version's structures plus what open snapshots keep alive besides (the stores later
     * batches replaced); every store counted once however many versions share it.
     */
    public long memoryBytes() {
        lock.lock();
        try {
            Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            long b = tensors.memoryBytes(seen) + pending.memoryBytes();
            for (GraphSnapshot s : open) {
                GraphTensor t = s.tensorsOrNull();
                if (t != null) {
                    b += t.memoryBytes(seen);
                }
            }
            return b;
        } finally {
            lock.unlock();
        }
    }
}
