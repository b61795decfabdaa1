package org.stag.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.VertexOrder;
import org.stag.loaders.VertexRelabel;
import org.stag.loaders.binary.BinaryGraphWriter;
import org.stag.loaders.io.GraphLoader;

/**
 * {@link StagGraph#load(Path, LoadOptions, String)} loads a {@code .stagb} straight into {@code dense,vbyte}: runs in
 * that format read the encoded structure and give what the whole graph gives, in the input's ids (a file stored in
 * degree order); what needs arrays ({@code csr()}, references, another format) reads the edges back from it.
 */
class StraightLoadApiTest {
    @TempDir
    Path dir;

    @Test
    void aStraightLoadRunsAsTheWholeGraphAndReadsItsEdgesBackForTheRest() throws IOException {
        Graph karate = GraphLoader.load(StagGraphTest.KARATE, LoadOptions.defaults());
        Path file = dir.resolve("karate-degree.stagb");
        BinaryGraphWriter.write(VertexRelabel.toOrder(karate, VertexOrder.DEGREE), file, 1);
        StagGraph whole = StagGraph.load(file);
        StagGraph straight = StagGraph.load(file, LoadOptions.defaults(), "dense,vbyte");
        assertFalse(straight.graph().holdsEdges());
        assertTrue(whole.graph().holdsEdges());
        assertSame(straight.tensors("dense,vbyte"), straight.tensors("dense,vbyte"));
        for (String algorithm : new String[] {"bfs", "wcc", "cdlp", "pagerank", "sssp"}) {
            boolean sourced = algorithm.equals("bfs") || algorithm.equals("sssp");
            Run ra = whole.run(algorithm).format("dense,vbyte");
            Run rb = straight.run(algorithm).format("dense,vbyte");
            Result a = (sourced ? ra.source(1) : ra).execute();
            Result b = (sourced ? rb.source(1) : rb).execute();
            assertEquals(34, b.size());
            for (int v = 0; v < a.size(); v++) {
                assertEquals(a.vertexId(v), b.vertexId(v), algorithm);
            }
            if (a.integral()) {
                assertArrayEquals(a.longs(), b.longs(), algorithm);
            } else {
                double[] x = a.doubles();
                double[] y = b.doubles();
                for (int v = 0; v < x.length; v++) {
                    assertTrue(Math.abs(x[v] - y[v]) <= 1e-9 * Math.abs(x[v]), algorithm + " vertex " + v);
                }
            }
        }
        // Another format, the references and csr() read the edges back from the encoded structure.
        Result pr = straight.run("pagerank").format("dense,compressed").execute();
        assertEquals(34, pr.size());
        assertTrue(straight.run("bfs").format("dense,vbyte").source(1).compare("handwritten").agree());
        assertEquals(whole.csr().m(), straight.csr().m());
        assertEquals(156, straight.numEdges());
    }
}
