package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

/**
 * A {@code dense,ctree} matrix built from CSR rows holds every chunk in a run of exactly its size, back to
 * back in row order (each row's prefix, then its heads' chunks in order); random insert and delete batches
 * then move chunks out of those runs and free them in pieces, against a model of every row, with and
 * without a snapshot held over several batches (copy-on-write copies arenas holding exact runs).
 */
class CtreeExactBuildTest {
    private static final int ROWS = 96;
    private static final int COLS = 5000;

    private int savedBits;

    @BeforeEach
    void smallShards() {
        savedBits = ShardedRows.fixBits(4);   // 16 rows a shard: 6 shards
    }

    @AfterEach
    void restoreShards() {
        ShardedRows.fixBits(savedBits);
    }

    @ParameterizedTest(name = "b={0} snapshots={1}")
    @CsvSource({"128,false", "128,true", "8,false", "8,true", "1,true"})
    void exactBuildThenRandomBatchesMatchTheModel(int b, boolean snapshots) {
        SplittableRandom rnd = new SplittableRandom(17 * b + (snapshots ? 1 : 0));
        List<TreeMap<Integer, Double>> model = new ArrayList<>();
        int[] rowPtr = new int[ROWS + 1];
        List<Integer> colList = new ArrayList<>();
        List<Double> valList = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            TreeMap<Integer, Double> row = new TreeMap<>();
            int d = r % 7 == 0 ? 0 : r % 5 == 0 ? 1 + rnd.nextInt(2000) : rnd.nextInt(300);
            for (int k = 0; k < d; k++) {
                row.put(rnd.nextInt(COLS), (double) (1 + rnd.nextInt(255)));
            }
            for (Map.Entry<Integer, Double> e : row.entrySet()) {
                colList.add(e.getKey());
                valList.add(e.getValue());
            }
            rowPtr[r + 1] = colList.size();
            model.add(row);
        }
        int[] col = colList.stream().mapToInt(Integer::intValue).toArray();
        double[] val = valList.stream().mapToDouble(Double::doubleValue).toArray();
        Format format = Format.of(StaticLevelFormat.DENSE, new DynamicLevelFormat(new CtreeFormat(b)));
        Tensor t = Tensor.fromCsr(format, ROWS, COLS, rowPtr, col, val, ValueMode.DOUBLE, 2);
        DynamicLevel live = (DynamicLevel) t.level(1);
        assertExactLayout(live, col.length);
        assertMatches(live, model, "after build");

        SnapshotEpochs epochs = new SnapshotEpochs();
        Tensor held = null;
        long epoch = -1;
        List<TreeMap<Integer, Double>> heldModel = null;
        int[] sizes = {1, 3, 40, 700, 5, 3000, 2, 200, 9000, 60};
        for (int step = 0; step < 40; step++) {
            String what = "b=" + b + " step " + step;
            if (snapshots && held == null && step % 6 == 1) {
                held = t.snapshot(epochs);
                epoch = epochs.open();
                heldModel = copy(model);
            }
            int want = sizes[step % sizes.length];
            boolean delete = step % 3 == 2;
            // Distinct (row, column) pairs; a delete takes mostly present ones, an insert new and present ones.
            TreeMap<Long, Double> batch = new TreeMap<>();
            for (int k = 0; k < want; k++) {
                int r = rnd.nextInt(4) == 0 ? rnd.nextInt(ROWS) : 5 * rnd.nextInt(ROWS / 5);
                TreeMap<Integer, Double> row = model.get(r);
                int c = rnd.nextInt(COLS);
                if (delete && !row.isEmpty() && rnd.nextInt(5) != 0) {
                    Integer present = row.ceilingKey(c);
                    c = present != null ? present : row.firstKey();
                }
                batch.put((long) r << 32 | c, (double) (1 + rnd.nextInt(255)));
            }
            int n = batch.size();
            int[] src = new int[n];
            int[] dst = new int[n];
            double[] w = new double[n];
            int k = 0;
            for (Map.Entry<Long, Double> e : batch.entrySet()) {
                src[k] = (int) (e.getKey() >>> 32);
                dst[k] = (int) (long) e.getKey();
                w[k] = e.getValue();
                k++;
            }
            // Shuffled: batches arrive in any order.
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int ts = src[i];
                src[i] = src[j];
                src[j] = ts;
                int td = dst[i];
                dst[i] = dst[j];
                dst[j] = td;
                double tw = w[i];
                w[i] = w[j];
                w[j] = tw;
            }
            if (delete) {
                t.deleteBatch(src, dst, n, 2);
                for (int i = 0; i < n; i++) {
                    model.get(src[i]).remove(dst[i]);
                }
            } else {
                t.insertBatch(src, dst, w, n, 2, BatchGrowth.FIXED);
                for (int i = 0; i < n; i++) {
                    model.get(src[i]).put(dst[i], w[i]);
                }
            }
            t.check();
            assertMatches(live, model, what);
            assertArenaAccounting(live, what);
            if (held != null) {
                held.check();
                assertMatches((DynamicLevel) held.level(1), heldModel, what + " (snapshot)");
                if (step % 6 == 4) {
                    epochs.close(epoch);
                    held = null;
                }
            }
        }
    }

    private static List<TreeMap<Integer, Double>> copy(List<TreeMap<Integer, Double>> model) {
        List<TreeMap<Integer, Double>> c = new ArrayList<>();
        for (TreeMap<Integer, Double> row : model) {
            c.add(new TreeMap<>(row));
        }
        return c;
    }

    private static void assertMatches(DynamicLevel level, List<TreeMap<Integer, Double>> model, String what) {
        int[] crd = new int[COLS];
        double[] val = new double[COLS];
        for (int r = 0; r < ROWS; r++) {
            TreeMap<Integer, Double> row = model.get(r);
            assertEquals(row.size(), level.structureSize(r), what + ": size of row " + r);
            int n = level.collect(r, crd, val, 0);
            assertEquals(row.size(), n, what + ": elements of row " + r);
            int i = 0;
            for (Map.Entry<Integer, Double> e : row.entrySet()) {
                if (crd[i] != e.getKey() || val[i] != e.getValue()) {
                    throw new AssertionError(what + ": row " + r + " element " + i + " is (" + crd[i] + ", " + val[i]
                            + "), expected (" + e.getKey() + ", " + e.getValue() + ")");
                }
                i++;
            }
        }
    }

    /** Per shard, visits each row's prefix and then its heads' chunks in order: (offset, size, capacity). */
    private interface ChunkVisitor {
        void chunk(int shard, int off, int n, int cap);
    }

    private static void forEachChunk(DynamicLevel level, ChunkVisitor v) {
        for (int s = 0; s < level.shardCount(); s++) {
            NodeStore store = level.store(s);
            NodePool rp = store.rootPool();
            int[] eOff = rp.ints(rp.layout("e"));
            int[] eCap = rp.capacities(rp.layout("e"));
            int[] eN = rp.ints(rp.layout("N"));
            NodePool np = store.pool("ctree");
            int[] tOff = np.ints(np.layout("t"));
            int[] tCap = np.capacities(np.layout("t"));
            int[] tN = np.ints(np.layout("N"));
            NodeOrder o = level.nodeOrder(s);
            int[] rows = o.rows();
            int[] nodes = o.nodes();
            int lo = s << level.shardBits();
            int hi = Math.min(ROWS, (s + 1) << level.shardBits());
            for (int p = lo; p < hi; p++) {
                int root = level.roots()[p];
                int lp = p - lo;
                if (eN[root] > 0) {
                    v.chunk(s, eOff[root], eN[root], eCap[root]);
                }
                for (int q = rows[4 * lp + 2]; q < rows[4 * lp + 3]; q++) {
                    int h = nodes[q];
                    if (tN[h] > 0) {
                        v.chunk(s, tOff[h], tN[h], tCap[h]);
                    }
                }
            }
        }
    }

    /** Every chunk's run is exactly its size and starts where the previous one (in row order) ended. */
    private static void assertExactLayout(DynamicLevel level, int edges) {
        int[] cursor = new int[level.shardCount()];
        Arrays.fill(cursor, 1);
        long[] heads = new long[1];
        forEachChunk(level, (s, off, n, cap) -> {
            assertEquals(n, cap, "run of a built chunk is its exact size");
            assertEquals(cursor[s], off, "shard " + s + ": chunks back to back in row order");
            cursor[s] += n;
        });
        long chunked = 0;
        for (int s = 0; s < level.shardCount(); s++) {
            assertEquals(cursor[s] - 1, level.store(s).arena().liveSlots(), "shard " + s + ": no slot besides the chunks");
            chunked += cursor[s] - 1;
            heads[0] += level.store(s).pool("ctree").live();
        }
        assertEquals(edges, chunked + heads[0], "every element in a chunk or a head");
    }

    /**
     * The arena's live slots are exactly the chunks' runs, whatever their capacities, and no two runs of a
     * shard (of any rows) share a slot.
     */
    private static void assertArenaAccounting(DynamicLevel level, String what) {
        long[] held = new long[level.shardCount()];
        List<List<long[]>> runs = new ArrayList<>();
        for (int s = 0; s < level.shardCount(); s++) {
            runs.add(new ArrayList<>());
        }
        forEachChunk(level, (s, off, n, cap) -> {
            assertTrue(n <= cap, what + ": chunk of " + n + " in a run of " + cap);
            held[s] += cap;
            runs.get(s).add(new long[] {off, off + cap});
        });
        for (int s = 0; s < level.shardCount(); s++) {
            assertEquals(held[s], level.store(s).arena().liveSlots(), what + ": shard " + s + " live slots");
            List<long[]> r = runs.get(s);
            r.sort((x, y) -> Long.compare(x[0], y[0]));
            for (int i = 1; i < r.size(); i++) {
                assertTrue(r.get(i - 1)[1] <= r.get(i)[0], what + ": shard " + s + ": runs at " + r.get(i - 1)[0]
                        + " and " + r.get(i)[0] + " overlap");
            }
        }
    }
}
