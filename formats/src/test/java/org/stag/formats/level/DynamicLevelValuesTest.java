package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;

/**
 * {@link DynamicLevel#values}, the batched lookup a graph's batch makes before it changes anything, against
 * {@link DynamicLevel#value} one coordinate at a time: small batches (read in the calling thread) and large ones
 * (rows split into blocks of about equal entries on several threads) where one hub row holds most of the
 * batch, as R-MAT batches do; negative parents read as absent; entries outside the batch untouched.
 */
class DynamicLevelValuesTest {
    @ParameterizedTest(name = "{0} rows={1} batch rows={2} threads={3}")
    @CsvSource({"dense,ctree,500,40,1", "dense,ctree,5000,3000,2", "dense,ctree,5000,3000,3", "dense,bst,3000,2500,2",
        "dense,blist,3000,2500,2"})
    void batchedLookupsReadWhatSingleLookupsRead(String level0, String level1, int n, int batchRows, int threads) {
        SplittableRandom rnd = new SplittableRandom(n + batchRows);
        // Row 0 is a hub of n / 2 columns; the others hold a few each.
        int[] rowPtr = new int[n + 1];
        int[] deg = new int[n];
        deg[0] = n / 2;
        for (int r = 1; r < n; r++) {
            deg[r] = rnd.nextInt(6);
        }
        for (int r = 0; r < n; r++) {
            rowPtr[r + 1] = rowPtr[r] + deg[r];
        }
        int[] col = new int[rowPtr[n]];
        double[] w = new double[rowPtr[n]];
        for (int r = 0; r < n; r++) {
            int[] c = rnd.ints(3L * deg[r] + 3, 0, n).distinct().limit(deg[r]).sorted().toArray();
            System.arraycopy(c, 0, col, rowPtr[r], c.length);
            rowPtr[r + 1] = rowPtr[r] + c.length;
            for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
                w[k] = k + 0.5;
            }
        }
        Tensor t = Tensor.fromCsr(FormatParser.parse(level0 + "," + level1), n, n, rowPtr, col, w, ValueMode.DOUBLE, 2);
        DynamicLevel last = (DynamicLevel) t.level(1);
        // Batch rows: row 0 (the hub, asked about every other column) and random others; one negative parent.
        int[] rows = rnd.ints(4L * batchRows, 1, n).distinct().limit(batchRows - 1).sorted().toArray();
        int count = rows.length + 2;
        int[] parents = new int[count];
        int[] start = new int[count + 1];
        int[] crd = new int[8 * n];
        int e = 3;
        start[0] = e;
        parents[0] = 0;
        for (int c = 0; c < n; c += 2) {
            crd[e++] = c;
        }
        for (int i = 1; i <= rows.length; i++) {
            start[i] = e;
            parents[i] = rows[i - 1];
            for (int c : rnd.ints(4, 0, n).distinct().sorted().toArray()) {
                crd[e++] = c;
            }
        }
        start[count - 1] = e;
        parents[count - 1] = -1;
        crd[e++] = 1;
        start[count] = e;
        double[] out = new double[e + 2];
        Arrays.fill(out, -7.0);
        last.values(parents, start, count, crd, out, threads);
        int found = 0;
        for (int i = 0; i < count; i++) {
            for (int k = start[i]; k < start[i + 1]; k++) {
                double want = parents[i] < 0 ? Double.NaN : last.value(parents[i], crd[k]);
                found += Double.isNaN(want) ? 0 : 1;
                assertEquals(want, out[k], "row " + parents[i] + " column " + crd[k]);
            }
        }
        assertTrue(found > 10 && found < e - 3, found + " of " + (e - 3) + " lookups found");
        for (int k : new int[] {0, 1, 2, e, e + 1}) {
            assertEquals(-7.0, out[k], "entry " + k + " lies outside the batch");
        }
    }
}
