package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.UpdateBatch;
import org.stag.formats.dynamic.ValueMode;

/**
 * Sorted batches large enough to be spread over threads (past the sequential threshold), over many small shards:
 * each entry's report of the value it replaced or removed (read in parallel blocks), the counts, and the matrix
 * after each batch, against a {@code TreeMap}. The batches pile onto a few rows, as R-MAT batches do.
 */
class LargeSortedBatchTest {
    private static final int ROWS = 300;
    private static final int COLS = 5000;
    private int savedBits;

    @BeforeEach
    void smallShards() {
        savedBits = ShardedRows.fixBits(2);
    }

    @AfterEach
    void restoreShards() {
        ShardedRows.fixBits(savedBits);
    }

    private static long key(int r, int c) {
        return (long) r << 32 | c;
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,ctree", "dense,bst", "bst,ctree"})
    void largeBatchesOnTwoThreadsReportWhatTheyReplace(String spec) {
        SplittableRandom rnd = new SplittableRandom(spec.hashCode());
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int k = 0; k < 4000; k++) {
            model.put(key(rnd.nextInt(ROWS), rnd.nextInt(COLS)), (double) rnd.nextInt(1, 1000));
        }
        int[] rowPtr = new int[ROWS + 1];
        int[] col = new int[model.size()];
        double[] val = new double[model.size()];
        int p = 0;
        for (Map.Entry<Long, Double> e : model.entrySet()) {
            rowPtr[(int) (e.getKey() >>> 32) + 1]++;
            col[p] = (int) (long) e.getKey();
            val[p++] = e.getValue();
        }
        for (int r = 0; r < ROWS; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        Tensor t = Tensor.fromCsr(FormatParser.parse(spec), ROWS, COLS, rowPtr, col, val,
                ValueMode.DOUBLE, 2);
        for (int round = 0; round < 4; round++) {
            boolean delete = round == 2;
            TreeMap<Long, Double> batch = new TreeMap<>();
            while (batch.size() < 3000 + round * 500) {
                // hot rows: half the entries fall on eight rows
                int r = rnd.nextBoolean() ? rnd.nextInt(8) * 37 % ROWS : rnd.nextInt(ROWS);
                batch.put(key(r, rnd.nextInt(COLS)), rnd.nextInt(10) == 0 ? -0.0 : rnd.nextInt(-50, 50));
            }
            int n = batch.size();
            int[] rows = new int[n];
            int[] cols = new int[n];
            double[] vals = new double[n];
            double[] want = new double[n];
            long changed = 0;
            int k = 0;
            for (Map.Entry<Long, Double> e : batch.entrySet()) {
                rows[k] = (int) (e.getKey() >>> 32);
                cols[k] = (int) (long) e.getKey();
                vals[k] = e.getValue();
                Double before = model.get(e.getKey());
                want[k] = before == null ? Double.NaN : before;
                changed += (before == null) != delete ? 1 : 0;
                k++;
            }
            double[] old = new double[n];
            UpdateBatch b = UpdateBatch.ofSorted(rows, cols, vals, n);
            long got = delete ? t.deleteSorted(b, 2, old) : t.insertSorted(b, 2, BatchGrowth.FIXED, old);
            assertEquals(changed, got, spec + " round " + round);
            for (k = 0; k < n; k++) {
                if (Double.doubleToLongBits(want[k]) != Double.doubleToLongBits(old[k])) {
                    fail(spec + " round " + round + ": report of (" + rows[k] + ", " + cols[k] + ") is " + old[k]
                            + ", not " + want[k]);
                }
            }
            for (Map.Entry<Long, Double> e : batch.entrySet()) {
                if (delete) {
                    model.remove(e.getKey());
                } else {
                    model.put(e.getKey(), e.getValue());
                }
            }
            t.check();
            TensorCursor c = t.cursor();
            int seen = 0;
            while (c.next()) {
                Double v = model.get(key(c.coordinate(0), c.coordinate(1)));
                if (v == null || Double.doubleToLongBits(v) != Double.doubleToLongBits(c.doubleValue())) {
                    fail(spec + " round " + round + ": (" + c.coordinate(0) + ", " + c.coordinate(1) + ") holds "
                            + c.doubleValue() + ", not " + v);
                }
                seen++;
            }
            assertEquals(model.size(), seen, spec + " round " + round);
        }
    }
}
