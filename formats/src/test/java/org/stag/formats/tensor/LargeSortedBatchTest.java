package org.stag.formats.tensor;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.ShardedRows;

/**
 * Sorted batches large enough to be spread over threads (past the sequential threshold), over many small shards:
 * each entry's report of the value it replaced or removed (read in parallel blocks), the counts, and the matrix
 * after each batch, against a {@code TreeMap}. The batches pile onto a few rows, as R-MAT batches do. Fast enough
 * for PIT, unlike {@link TensorBatchTest}, whose helpers it uses.
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

    @ParameterizedTest
    @ValueSource(strings = {"dense,ctree", "dense,bst", "bst,ctree"})
    void largeBatchesOnTwoThreadsReportWhatTheyReplace(String spec) {
        SplittableRandom rnd = new SplittableRandom(spec.hashCode());
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int k = 0; k < 4000; k++) {
            model.put(TensorBatchTest.key(rnd.nextInt(ROWS), rnd.nextInt(COLS)), (double) rnd.nextInt(1, 1000));
        }
        Tensor t = TensorBatchTest.fromCsr(FormatParser.parse(spec), ROWS, COLS, model);
        for (int round = 0; round < 4; round++) {
            TreeMap<Long, Double> batch = new TreeMap<>();
            while (batch.size() < 3000 + round * 500) {
                // hot rows: half the entries fall on eight rows
                int r = rnd.nextBoolean() ? rnd.nextInt(8) * 37 % ROWS : rnd.nextInt(ROWS);
                batch.put(TensorBatchTest.key(r, rnd.nextInt(COLS)), rnd.nextInt(10) == 0 ? -0.0 : rnd.nextInt(-50, 50));
            }
            SortedBatches.apply(t, model, batch, round == 2, 2, spec + " round " + round);
            TensorBatchTest.assertHolds(spec + " round " + round, t, model);
        }
    }
}
