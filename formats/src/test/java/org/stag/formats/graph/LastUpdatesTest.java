package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.updates.UpdateBatch;

/**
 * {@link LastUpdates} against a model (the last update of each edge, edges in (row, column) order), directed and
 * undirected ({@code u v} and {@code v u} one edge, named (min, max)), with the index packed beside the ids and
 * with ids too wide to pack, each with what its last update does and how it names the edge, on one thread and on several (a batch large enough to be sorted in parts).
 */
class LastUpdatesTest {
    @ParameterizedTest(name = "vertices={0} directed={1} updates={2} threads={3}")
    @CsvSource({"100,true,1000,1", "100,false,1000,1", "5000,false,300000,2", "5000,true,300000,3",
        "2000000000,false,5000,2", "2000000000,true,300000,2", "1,true,10,2", "10,false,0,2"})
    void lastUpdateOfEachEdgeInEdgeOrder(int vertices, boolean directed, int m, int threads) {
        SplittableRandom rnd = new SplittableRandom(m + vertices);
        byte[] op = new byte[m];
        int[] src = new int[m];
        int[] dst = new int[m];
        double[] w = new double[m];
        long[] line = new long[m];
        TreeMap<Long, Integer> model = new TreeMap<>();
        int span = Math.min(vertices, 700);
        for (int i = 0; i < m; i++) {
            // A few hundred ids spread over the range: repeats of an edge, in both directions, are common.
            src[i] = (int) ((long) rnd.nextInt(span) * (vertices - 1) / Math.max(1, span - 1));
            dst[i] = (int) ((long) rnd.nextInt(span) * (vertices - 1) / Math.max(1, span - 1));
            op[i] = rnd.nextInt(10) == 0 ? UpdateBatch.DELETE : UpdateBatch.INSERT;
            w[i] = Double.NaN;
            line[i] = i + 1;
            int u = directed ? src[i] : Math.min(src[i], dst[i]);
            int v = directed ? dst[i] : Math.max(src[i], dst[i]);
            model.put(((long) u << 32) | v, i);
        }
        UpdateBatch b = UpdateBatch.of(op, src, dst, w, line, vertices, vertices);
        LastUpdates e = LastUpdates.of(b, directed, vertices, threads);
        assertEquals(model.size(), e.edges);
        int k = 0;
        for (Map.Entry<Long, Integer> x : model.entrySet()) {
            assertEquals((int) (x.getKey() >>> 32), e.src[k], "row of edge " + k);
            assertEquals((int) (long) x.getKey(), e.dst[k], "column of edge " + k);
            assertEquals(x.getValue(), e.last[k], "last update of edge " + k);
            int i = x.getValue();
            assertEquals(op[i] == UpdateBatch.DELETE, e.delete[k], "delete flag of edge " + k);
            assertEquals(!directed && src[i] > dst[i], e.flipped[k], "flipped flag of edge " + k);
            assertEquals(src[i], e.updateSrc(k), "source as updated, edge " + k);
            assertEquals(dst[i], e.updateDst(k), "destination as updated, edge " + k);
            k++;
        }
    }
}
