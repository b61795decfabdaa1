package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.UpdateBatch;

/** A sorted batch applied to a tensor and to its {@code TreeMap} model, what the tensor reports checked. */
final class SortedBatches {
    private SortedBatches() {
    }

    /**
     * Applies {@code batch} (row-major keys {@code r << 32 | c} with values) to {@code t} as one sorted insert or
     * delete on {@code threads} threads, checks the count of new (or removed) entries and each entry's report of
     * the value it replaced or removed (NaN where absent, compared bit for bit), then applies it to {@code model}.
     */
    static void apply(Tensor t, TreeMap<Long, Double> model, TreeMap<Long, Double> batch, boolean delete, int threads,
            String what) {
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
        long got = delete ? t.deleteSorted(b, threads, old) : t.insertSorted(b, threads, BatchGrowth.FIXED, old);
        assertEquals(changed, got, what);
        for (k = 0; k < n; k++) {
            assertEquals(want[k], old[k], what + ": report of (" + rows[k] + ", " + cols[k] + ")");
        }
        for (Map.Entry<Long, Double> e : batch.entrySet()) {
            if (delete) {
                model.remove(e.getKey());
            } else {
                model.put(e.getKey(), e.getValue());
            }
        }
    }
}
