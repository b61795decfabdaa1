package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.Graph;
import org.stag.loaders.updates.UpdateBatch;

/**
 * {@link DynamicGraph#apply} on batches large enough for every parallel path (the packed sort in parts, the
 * lookups in blocks of rows, the classification in blocks, the shards merged on several threads), against
 * {@link EdgeModel}: counts, the edge-by-edge changes and the stored edges after every batch; with no snapshot
 * open (changes merged at once) and with one held (changes logged, then merged when it closes).
 */
class LargeBatchTest {
    @ParameterizedTest(name = "{0} directed={1} weighted={2} snapshot held={3}")
    @CsvSource({"dense,ctree,false,false,false", "dense,ctree,false,true,false", "dense,ctree,true,true,false",
        "dense,ctree,false,true,true", "bst,ctree,true,false,false", "dense,bst,false,true,false"})
    void largeBatchesFollowTheModel(String level0, String level1, boolean directed, boolean weighted, boolean held) {
        String format = level0 + "," + level1;
        Graph g = GraphTensorTest.random(format.hashCode() + (directed ? 5 : 0) + (weighted ? 3 : 0), 3000, 30_000,
                directed, weighted);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format(format), 2, 1L << 30);
        EdgeModel model = new EdgeModel(g);
        Random rnd = new Random(format.hashCode() ^ (held ? 99 : 0));
        List<Long> deleted = new ArrayList<>();
        GraphSnapshot s = held ? dg.snapshot() : null;
        long line = 1;
        for (int batch = 1; batch <= 3; batch++) {
            UpdateBatch b = model.randomBatch(rnd, 70_000, line, deleted);
            line += b.size();
            EdgeModel.Expected want = model.apply(b);
            ApplyResult got = dg.apply(b);
            String where = format + " batch " + batch;
            want.assertMatches(got, where);
            assertTrue(got.inserted() > 1000 && got.deleted() > 1000 && got.missing() > 100, where + ": " + got);
            if (s != null && batch == 1) {
                continue; // batch 2 is classified against the log of batch 1, which the held snapshot keeps
            }
            if (s != null) {
                s.close();
                s = null;
            }
            try (GraphSnapshot now = dg.snapshot()) {
                assertEquals(model.edges, EdgeModel.outEdges(now.tensors()), where + " stored edges");
                assertEquals(model.pattern(), EdgeModel.inEdgesTransposed(now.tensors()), where + " in-edges");
            }
        }
        if (s != null) {
            s.close();
        }
    }
}
