package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.impl.CtreeFormat;

/**
 * A dynamic level's batch insert and delete against a model: batches whose parents come in order or shuffled, with
 * skipped (negative) parents, small (applied in the calling thread) and large (shards in parallel blocks), growing
 * and shrinking from one batch to the next, so that the level's working arrays, kept between batches, are reused
 * with what an earlier, larger batch left in them.
 */
class DynamicLevelBatchTest {
    private static final int PARENTS = 600;
    private static final int DIMENSION = 3000;

    @ParameterizedTest(name = "threads={0} shuffled={1}")
    @CsvSource({"1,false", "1,true", "2,false", "2,true"})
    void batchesMatchTheModelWhateverTheirOrderAndSize(int threads, boolean shuffled) {
        int bits = ShardedRows.fixBits(3);
        try {
            DynamicLevel level = (DynamicLevel) Level.create(new DynamicLevelFormat(new CtreeFormat(4)), DIMENSION,
                    ValueMode.DOUBLE);
            level.appendInit(PARENTS);
            List<TreeMap<Integer, Double>> model = new ArrayList<>();
            for (int p = 0; p < PARENTS; p++) {
                model.add(new TreeMap<>());
            }
            SplittableRandom rnd = new SplittableRandom(17 + threads + (shuffled ? 100 : 0));
            // Entries per batch: large ones take the parallel path (2048 entries or more), small ones do not.
            int[] parentsPerBatch = {500, 3, 120, 600, 40, 1, 590, 250};
            for (int step = 0; step < 32; step++) {
                int count = parentsPerBatch[step % parentsPerBatch.length];
                boolean delete = step % 4 == 3;
                Batch b = batch(rnd, count, shuffled, step);
                double[] old = new double[b.start[count]];
                long expected = 0;
                double[] expectedOld = new double[old.length];
                for (int i = 0; i < count; i++) {
                    for (int k = b.start[i]; k < b.start[i + 1]; k++) {
                        if (b.parents[i] < 0) {
                            expectedOld[k] = Double.NaN;
                            continue;
                        }
                        TreeMap<Integer, Double> m = model.get(b.parents[i]);
                        Double before = delete ? m.remove(b.crd[k]) : m.put(b.crd[k], b.vals[k]);
                        expectedOld[k] = before == null ? Double.NaN : before;
                        expected += delete ? (before != null ? 1 : 0) : (before == null ? 1 : 0);
                    }
                }
                String what = "step " + step + (delete ? " (delete)" : " (insert)");
                long got = delete ? level.deleteBatch(b.parents, b.start, count, b.crd, threads, old)
                        : level.insertBatch(b.parents, b.start, count, b.crd, b.vals, threads, old);
                assertEquals(expected, got, what + ": count");
                for (int k = 0; k < old.length; k++) {
                    assertEquals(expectedOld[k], old[k], what + ": value reported for entry " + k);
                }
                level.check();
            }
            long total = 0;
            for (int p = 0; p < PARENTS; p++) {
                TreeMap<Integer, Double> m = model.get(p);
                total += m.size();
                assertEquals(m.size(), level.structureSize(p), "size of parent " + p);
                for (int c = 0; c < DIMENSION; c += 7) {
                    Double v = m.get(c);
                    assertEquals(v == null ? Double.NaN : v, level.value(p, c), "parent " + p + " coordinate " + c);
                }
            }
            assertEquals(total, level.size());
        } finally {
            ShardedRows.fixBits(bits);
        }
    }

    private record Batch(int[] parents, int[] start, int[] crd, double[] vals) {
    }

    /**
     * {@code count} distinct parents (one in eight skipped as -1), ascending or shuffled, each with a sorted,
     * duplicate-free run of coordinates: a few, or (for one parent in twenty) a few hundred.
     */
    private static Batch batch(SplittableRandom rnd, int count, boolean shuffled, int step) {
        int[] parents = rnd.ints(0, PARENTS).distinct().limit(count).sorted().toArray();
        if (shuffled) {
            for (int i = count - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = parents[i];
                parents[i] = parents[j];
                parents[j] = t;
            }
        }
        for (int i = 0; i < count; i++) {
            if (rnd.nextInt(8) == 0) {
                parents[i] = -1;
            }
        }
        int[] start = new int[count + 1];
        List<int[]> runs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int n = rnd.nextInt(20) == 0 ? 100 + rnd.nextInt(400) : 1 + rnd.nextInt(8);
            int[] run = rnd.ints(n, 0, DIMENSION).sorted().distinct().toArray();
            runs.add(run);
            start[i + 1] = start[i] + run.length;
        }
        int[] crd = new int[start[count]];
        double[] vals = new double[start[count]];
        for (int i = 0; i < count; i++) {
            System.arraycopy(runs.get(i), 0, crd, start[i], runs.get(i).length);
        }
        for (int k = 0; k < vals.length; k++) {
            vals[k] = step * 100_000 + k;
        }
        return new Batch(parents, start, crd, vals);
    }
}
