package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.Graph;
import org.stag.loaders.updates.UpdateBatch;

/**
 * {@link DynamicGraph#apply} reuses its working arrays from batch to batch ({@code BatchScratch}): batches of
 * sizes that go up and down on one graph (so that every array is longer than the batch needs and holds the
 * last batch's values past its end), across the sequential and parallel thresholds, against {@link EdgeModel}
 * (the TreeMap model): counts, the edge-by-edge changes and the stored edges after every batch.
 */
class ReusedScratchTest {
    private static final int[] SIZES = {70_000, 10, 40_000, 1, 300, 70_000, 5_000, 3, 66_000, 20};

    @ParameterizedTest(name = "{0} directed={1} weighted={2}")
    @CsvSource({"dense,ctree,false,false", "dense,ctree,false,true", "dense,ctree,true,true",
        "dense,ctree,true,false", "bst,ctree,false,true", "dense,bst,true,true"})
    void batchesOfChangingSizeFollowTheModel(String level0, String level1, boolean directed, boolean weighted) {
        String format = level0 + "," + level1;
        Graph g = GraphTensorTest.random(format.hashCode() + (directed ? 7 : 0) + (weighted ? 1 : 0), 2000, 20_000,
                directed, weighted);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format(format), 2, 1L << 30);
        EdgeModel model = new EdgeModel(g);
        Random rnd = new Random(format.hashCode() * 31L + (directed ? 1 : 0) + (weighted ? 2 : 0));
        List<Long> deleted = new ArrayList<>();
        long line = 1;
        for (int i = 0; i < SIZES.length; i++) {
            UpdateBatch b = model.randomBatch(rnd, SIZES[i], line, deleted);
            line += b.size();
            EdgeModel.Expected want = model.apply(b);
            ApplyResult got = dg.apply(b);
            String where = format + " batch " + (i + 1) + " of " + SIZES[i];
            want.assertMatches(got, where);
            try (GraphSnapshot now = dg.snapshot()) {
                assertEquals(model.edges, EdgeModel.outEdges(now.tensors()), where + " stored edges");
                assertEquals(model.pattern(), EdgeModel.inEdgesTransposed(now.tensors()), where + " in-edges");
            }
        }
    }
}
