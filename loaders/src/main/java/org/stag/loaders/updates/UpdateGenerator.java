package org.stag.loaders.updates;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Locale;
import java.util.SplittableRandom;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.text.ByteSink;
import org.stag.loaders.text.IoCause;

/**
 * Writes an update stream for a graph, in the graph's own id numbering, the same bytes for the same seed.
 *
 * <ul>
 * <li>{@code rmat} and {@code uniform}: {@code count} updates; each is a delete with probability
 * {@code deleteFraction}, else an insert. Inserts draw an edge between existing vertices (R-MAT with
 * a, b, c = 0.57, 0.19, 0.19 over ids permuted at random, so that the heavy vertices are not the low ids;
 * or uniform), without self-loops; on a weighted graph with an integer weight in [1, 255]. A delete picks
 * an edge present at that point (the graph's or one inserted since, not yet deleted), so every delete hits.
 * On an undirected graph each edge is written once.</li>
 * <li>{@code window}, the sliding-window workload: the graph's edges in a random order
 * {@code e_0 .. e_{E-1}}, {@code count} = N &lt; E of them streamed. The file first deletes the last N
 * ({@code e_{E-N} .. e_{E-1}}), which leaves the first E - N as the starting graph; then, for
 * {@code i = 0 .. N-1}, inserts {@code e_{E-N+i}} (with its weight) and deletes the oldest edge
 * {@code e_i}, so the graph keeps E - N edges. 3N lines in all.</li>
 * </ul>
 */
public final class UpdateGenerator {
    /** The workloads. */
    public enum Kind {
        RMAT, UNIFORM, WINDOW;

        /** The kind named {@code name} (lower case on the command line). */
        public static Kind byName(String name) {
            for (Kind k : values()) {
                if (k.name().toLowerCase(Locale.ROOT).equals(name)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown update kind '" + name + "' (expected rmat, uniform or window)");
        }
    }

    /** What was written. */
    public record Written(long inserts, long deletes) {
    }

    private static final double A = 0.57;
    private static final double B = 0.19;
    private static final double C = 0.19;

    private final Graph g;
    private final int n;
    private final int[] rowPtr;
    private final int[] col;
    private final boolean once;
    private final SplittableRandom rnd;

    private UpdateGenerator(Graph g, long seed) {
        this.g = g.requireSquare();
        this.n = g.numRows();
        this.rowPtr = g.rowPtr();
        this.col = g.colIdx();
        this.once = !g.directed();
        this.rnd = new SplittableRandom(seed);
    }

    /**
     * Writes {@code count} updates of {@code kind} for {@code g} to {@code out} (gzipped when it ends in .gz).
     *
     * @throws IllegalArgumentException when the parameters do not fit the kind or the graph
     * @throws BadInputException        when the file cannot be written
     */
    public static Written write(Graph g, Kind kind, long count, double deleteFraction, long seed, Path out) {
        if (count < 1) {
            throw new IllegalArgumentException("--count must be at least 1, got " + count);
        }
        if (!(deleteFraction >= 0 && deleteFraction <= 1)) {
            throw new IllegalArgumentException("--delete-fraction must be in [0, 1], got " + deleteFraction);
        }
        UpdateGenerator gen = new UpdateGenerator(g, seed);
        if (gen.n < 2 && kind != Kind.WINDOW) {
            throw new IllegalArgumentException("the graph needs at least 2 vertices to draw edges");
        }
        int[] edges = gen.edgePositions();
        if (kind == Kind.WINDOW && count >= edges.length) {
            throw new IllegalArgumentException("window: --count must be below the graph's " + edges.length + " edges, got " + count);
        }
        // Checked before the file is created, so a refused request leaves no file behind.
        try (ByteSink sink = ByteSink.create(out)) {
            return kind == Kind.WINDOW ? gen.window(edges, count, sink) : gen.random(edges, kind == Kind.RMAT, count, deleteFraction, sink);
        } catch (IOException e) {
            throw new BadInputException(out.toString(), 0, "cannot write: " + IoCause.of(e));
        }
    }

    /** The positions of the graph's edges, each undirected edge once. */
    private int[] edgePositions() {
        int e = 0;
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                if (!once || col[p] >= r) {
                    e++;
                }
            }
        }
        int[] pos = new int[e];
        e = 0;
        for (int r = 0; r < n && e < pos.length; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                if (!once || col[p] >= r) {
                    pos[e++] = p;
                }
            }
        }
        return pos;
    }

    private int rowOf(int p) {
        int lo = 0;
        int hi = n - 1;
        // The last row whose start is at or before p.
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (rowPtr[mid] <= p) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private Written random(int[] edges, boolean rmat, long count, double deleteFraction, ByteSink out) throws IOException {
        int live = edges.length;
        // Graph edges still present are edges[0, live): a deleted one is swapped past the end and its position marked.
        BitSet deleted = new BitSet(col.length);
        int[] perm = rmat ? permutation(n) : null;
        int scale = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
        // Inserted edges not in the graph, each once (a repeated insert only updates a weight), so a delete always hits.
        long[] inserted = new long[1024];
        int insertedCount = 0;
        Long2IntOpenHashMap insertedAt = new Long2IntOpenHashMap();
        insertedAt.defaultReturnValue(-1);
        long inserts = 0;
        long deletes = 0;
        boolean weighted = g.weighted();
        for (long i = 0; i < count; i++) {
            boolean delete = rnd.nextDouble() < deleteFraction && live + insertedCount > 0;
            if (delete) {
                long j = rnd.nextLong(live + (long) insertedCount);
                int u;
                int v;
                if (j < live) {
                    int k = (int) j;
                    int p = edges[k];
                    u = rowOf(p);
                    v = col[p];
                    edges[k] = edges[--live];
                    edges[live] = p;
                    deleted.set(p);
                } else {
                    int k = (int) (j - live);
                    long e = inserted[k];
                    u = (int) (e >>> 32);
                    v = (int) e;
                    insertedAt.remove(e);
                    long last = inserted[--insertedCount];
                    if (k < insertedCount) {
                        inserted[k] = last;
                        insertedAt.put(last, k);
                    }
                }
                out.put((byte) '-').space().number(g.ids().external(u)).space().number(g.ids().external(v)).newline();
                deletes++;
            } else {
                int u;
                int v;
                do {
                    if (rmat) {
                        long e = rmatPair(scale);
                        u = perm[(int) (e >>> 32)];
                        v = perm[(int) e];
                    } else {
                        u = rnd.nextInt(n);
                        v = rnd.nextInt(n);
                    }
                } while (u == v);
                long key = once && v < u ? (long) v << 32 | u : (long) u << 32 | v;
                if (!inGraph((int) (key >>> 32), (int) key, deleted) && insertedAt.get(key) < 0) {
                    if (insertedCount == inserted.length) {
                        inserted = java.util.Arrays.copyOf(inserted, insertedCount * 2);
                    }
                    insertedAt.put(key, insertedCount);
                    inserted[insertedCount++] = key;
                }
                out.put((byte) '+').space().number(g.ids().external(u)).space().number(g.ids().external(v));
                if (weighted) {
                    out.space().number(1 + rnd.nextInt(255));
                }
                out.newline();
                inserts++;
            }
        }
        return new Written(inserts, deletes);
    }

    /** Whether the graph has edge (r, c) and it was not deleted (rows are sorted). */
    private boolean inGraph(int r, int c, BitSet deleted) {
        int p = java.util.Arrays.binarySearch(col, rowPtr[r], rowPtr[r + 1], c);
        return p >= 0 && !deleted.get(p);
    }

    /** One R-MAT pair below {@code n}, as {@code u << 32 | v}. */
    private long rmatPair(int scale) {
        while (true) {
            int u = 0;
            int v = 0;
            for (int bit = 0; bit < scale; bit++) {
                double r = rnd.nextDouble();
                u <<= 1;
                v <<= 1;
                if (r < A) {
                    continue;
                } else if (r < A + B) {
                    v |= 1;
                } else if (r < A + B + C) {
                    u |= 1;
                } else {
                    u |= 1;
                    v |= 1;
                }
            }
            if (u < n && v < n) {
                return (long) u << 32 | v;
            }
        }
    }

    private int[] permutation(int size) {
        int[] p = new int[size];
        for (int i = 0; i < size; i++) {
            p[i] = i;
        }
        for (int i = size - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    private Written window(int[] edges, long count, ByteSink out) throws IOException {
        int e = edges.length;
        int[] order = permutation(e);
        int nStream = (int) count;
        int start = e - nStream;
        for (int i = start; i < e; i++) {
            edge('-', edges[order[i]], out);
        }
        for (int i = 0; i < nStream; i++) {
            edge('+', edges[order[start + i]], out);
            edge('-', edges[order[i]], out);
        }
        return new Written(nStream, 2L * nStream);
    }

    private void edge(char op, int p, ByteSink out) throws IOException {
        out.put((byte) op).space().number(g.ids().external(rowOf(p))).space().number(g.ids().external(col[p]));
        if (op == '+' && g.weighted()) {
            out.space().value(g.weightAt(p));
        }
        out.newline();
    }
}
