package org.stag.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Output;
import org.stag.loaders.gen.GeneratorOptions;

/** The facade on static graphs: loading, generating, building, runs, programs, references, and its errors. */
class StagGraphTest {
    static final Path KARATE = Path.of("..", "data", "karate.mtx");

    @TempDir
    Path dir;

    @Test
    void theAlgorithmsAreTheCatalogs() {
        assertEquals(Algorithm.names(), StagGraph.algorithms());
    }

    /** tc's result is one number: count() and scalar(); the per-vertex accessors say what to read instead. */
    @Test
    void triangleCountingReturnsOneCountAndComparesWithBothReferences() {
        StagGraph g = StagGraph.load(KARATE);
        Result tc = g.run("tc").execute();
        assertTrue(tc.isScalar());
        assertEquals(45, tc.count());
        assertEquals("triangles", tc.scalar().name());
        assertEquals(45L, tc.scalars().get("triangles"));
        IllegalStateException e = assertThrows(IllegalStateException.class, tc::size);
        assertEquals("tc.stag gives one number: read count() or scalar()", e.getMessage());
        for (String ref : new String[] {"jgrapht", "handwritten"}) {
            Agreement a = g.run("tc").threads(2).compare(ref);
            assertTrue(a.agree(), ref + ": " + a.message());
            assertEquals(45, a.stag().count());
        }
        Result pr = g.run("pagerank").execute();
        assertFalse(pr.isScalar());
        assertEquals("pagerank.stag gives one value per vertex, not one number: read values()",
                assertThrows(IllegalStateException.class, pr::count).getMessage());
        StagException bad = assertThrows(StagException.class, () -> g.run("tc").source(1).execute());
        assertTrue(bad.getMessage().contains("source"), bad.getMessage());
    }

    @Test
    void loadsAndRunsPageRankAndBfs() {
        StagGraph g = StagGraph.load(KARATE);
        assertEquals(34, g.numVertices());
        assertEquals(156, g.numEdges());
        assertFalse(g.directed());
        Result pr = g.run("pagerank").iterations(20).execute();
        assertFalse(pr.integral());
        double sum = 0;
        for (double r : pr.doubles()) {
            sum += r;
        }
        assertEquals(1.0, sum, 1e-6);
        // The hubs of Zachary's karate club: the instructor (1) and the president (34).
        long[] top = pr.top(2);
        assertEquals(java.util.Set.of(1L, 34L), java.util.Set.of(top[0], top[1]));
        assertTrue(pr.value(34) >= pr.value(top[1]));

        Result depths = g.run("bfs").source(1).format("dense,ctree").execute();
        assertTrue(depths.integral());
        assertEquals(0, depths.longs()[0]);
        assertEquals(2.0, depths.value(34), 0);   // 1 and 34 are not neighbours, but share 9, 14, 20, 32
        assertTrue(depths.defaultSource().isEmpty());
    }

    @Test
    void aSourceNotGivenIsTheVertexWithTheMostOutEdges() {
        Result r = StagGraph.load(KARATE).run("sssp").execute();
        assertEquals(34, r.defaultSource().orElseThrow());
        assertEquals(0.0, r.value(34), 0);
    }

    @Test
    void everyAlgorithmOfTheCatalogAgreesWithItsReference() {
        StagGraph g = StagGraph.load(KARATE);
        // Every algorithm of the catalog with a result per vertex and a reference: new ones join by their descriptor.
        for (String name : Algorithm.ids(d -> d.output().shape() == Output.Shape.VERTEX
                && (d.jgrapht().isPresent() || d.handwritten().isPresent()))) {
            Agreement a = g.run(name).compare();
            assertTrue(a.agree(), name + ": " + a.message());
            String expected = Algorithm.byName(name).orElseThrow().descriptor().jgrapht().isPresent() ? "jgrapht"
                    : "handwritten";
            assertEquals(expected, a.reference(), name);
        }
        Agreement sampled = g.run("bc").sources(1, 2, 3).compare();
        assertTrue(sampled.agree(), sampled.message());
        assertEquals("handwritten", sampled.reference());
    }

    @Test
    void aGraphBuiltFromArraysRunsAsTheLoadedOne() {
        StagGraph loaded = StagGraph.load(KARATE);
        int n = loaded.numVertices();
        int[] ptr = loaded.graph().rowPtr();
        int[] idx = loaded.graph().colIdx();
        int m = 0;
        for (int u = 0; u < n; u++) {
            for (int k = ptr[u]; k < ptr[u + 1]; k++) {
                m += u < idx[k] ? 1 : 0;
            }
        }
        int[] src = new int[m];
        int[] dst = new int[m];
        int e = 0;
        for (int u = 0; u < n; u++) {
            for (int k = ptr[u]; k < ptr[u + 1]; k++) {
                if (u < idx[k]) {
                    src[e] = idx[k];   // either way round: an undirected edge is one edge
                    dst[e++] = u;
                }
            }
        }
        StagGraph built = StagGraph.fromEdges(n, src, dst, null, false);
        assertEquals(loaded.numEdges(), built.numEdges());
        assertEquals(0, built.vertexId(0));
        // Component labels are vertex ids: Matrix Market's from 1, the arrays' from 0.
        long[] labels = built.run("wcc").execute().longs();
        for (int v = 0; v < labels.length; v++) {
            labels[v]++;
        }
        assertArrayEquals(loaded.run("wcc").execute().longs(), labels);
        assertArrayEquals(loaded.run("bfs").source(1).execute().longs(), built.run("bfs").source(0).execute().longs());
        assertArrayEquals(loaded.run("pagerank").execute().doubles(), built.run("pagerank").execute().doubles(), 0);
    }

    @Test
    void generatedGraphsAreThoseOfStagGenerate() {
        StagGraph kron = StagGraph.generate("kron", 6);
        assertEquals(64, kron.numVertices());
        StagGraph again = StagGraph.generate("kron", GeneratorOptions.of(6, 16, 1).withThreads(2));
        assertArrayEquals(kron.graph().colIdx(), again.graph().colIdx());
        StagGraph urand = StagGraph.generate("urand", GeneratorOptions.of(5, 8, 3).withDirected(true));
        assertTrue(urand.directed());
        assertTrue(urand.run("wcc").compare().agree());
    }

    @Test
    void aProgramOfOnesOwnRunsLikeTheShippedOne() throws IOException {
        Path program = Files.writeString(dir.resolve("myrank.stag"), Algorithm.PAGERANK.text());
        StagGraph g = StagGraph.load(KARATE);
        assertArrayEquals(g.run("pagerank").iterations(7).execute().doubles(),
                g.run(program).iterations(7).execute().doubles(), 0);
        assertNotNull(g.tensors("dense,hashed").a());
    }

    @Test
    void badInputIsAStagExceptionWithTheCommandLinesMessage() throws IOException {
        StagGraph g = StagGraph.load(KARATE);
        assertMessage("--source: wcc does not take it (wcc takes none of --source, --sources, --iterations, --damping, --seed, --k)",
                () -> g.run("wcc").source(1).execute());
        assertMessage("unknown algorithm 'pagerrank' (expected " + String.join(", ", Algorithm.names()) + ")",
                () -> g.run("pagerrank"));
        assertMessage("source 99 is not a vertex of ../data/karate.mtx", () -> g.run("bfs").source(99).execute());
        assertThrows(StagException.class, () -> g.run("bfs").format("dense,nosuchlevel"));
        assertThrows(StagException.class, () -> StagGraph.load(dir.resolve("missing.mtx")));
        Path broken = Files.writeString(dir.resolve("broken.mtx"), "%%MatrixMarket matrix coordinate pattern general\n"
                + "3 3 1\n1 x\n");
        StagException e = assertThrows(StagException.class, () -> StagGraph.load(broken));
        assertTrue(e.getMessage().contains("broken.mtx"), e.getMessage());
        Path bad = Files.writeString(dir.resolve("bad.stag"), "Main( -> x\n");
        e = assertThrows(StagException.class, () -> g.run(bad));
        assertTrue(e.getMessage().startsWith(bad + ":1:"), e.getMessage());
        assertMessage("unknown reference 'networkx' (expected jgrapht or handwritten)",
                () -> g.run("bfs").compare("networkx"));
        assertMessage("JGraphT has no cdlp with LDBC's semantics; compare cdlp with --reference handwritten",
                () -> g.run("cdlp").compare("jgrapht"));
        assertThrows(StagException.class, () -> g.run(Files.writeString(dir.resolve("pr.stag"),
                Algorithm.PAGERANK.text())).compare());
        assertThrows(StagException.class, () -> StagGraph.fromEdges(3, new int[] {0}, new int[] {3}, null, true));
        assertThrows(StagException.class, () -> StagGraph.generate("lattice", 4));
        assertThrows(StagException.class, () -> g.run("pagerank").execute().value(0));
        assertThrows(StagException.class, () -> g.dynamic("dense,compressed"));
    }

    static void assertMessage(String expected, org.junit.jupiter.api.function.Executable body) {
        StagException e = assertThrows(StagException.class, body);
        assertEquals(expected, e.getMessage());
    }
}
