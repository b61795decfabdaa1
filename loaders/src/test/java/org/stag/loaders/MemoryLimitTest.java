package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.io.GraphLoader;

/**
 * Loads that cannot fit the heap are refused before their arrays are allocated, with the file, the line
 * and the figure. Runs in its own surefire fork limited to {@code -Xmx256m} (see the pom), so what fits
 * does not depend on the machine.
 */
class MemoryLimitTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void runsWithASmallHeap() {
        long max = Runtime.getRuntime().maxMemory();
        assertTrue(max <= 300L << 20, "this test must run in the -Xmx256m fork, the heap limit is " + max);
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void aSizeLineOfTwoBillionVerticesIsRefusedAtTheSizeLine() throws IOException {
        Path p = write("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n% c\n2000000000 2000000000 78\n1 2\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults()));
        assertEquals(3, e.line());
        assertTrue(e.reason().matches("needs about 1[67] GB for 2000000000 vertices and 78 entries \\(the heap limit is \\d+ MB\\); "
                + "give more with STAG_JAVA_OPTS=-Xmx2[01]g"), e.getMessage());
    }

    @Test
    void aDeclaredEntryCountIsAnUpperBoundThatMustFit() throws IOException {
        // 3 x 3 cannot hold more than 9, 100000 x 100000 can hold 1e10 but one graph cannot.
        Path big = write("big.mtx", "%%MatrixMarket matrix coordinate real general\n100000 100000 10000000000\n1 2 1.0\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(big, LoadOptions.defaults()));
        assertEquals(2, e.line());
        assertTrue(e.reason().contains("declares 10000000000 entries, more than one graph can hold"), e.getMessage());
        // 100 million entries would need gigabytes: refused before reading them, not after.
        Path many = write("many.mtx", "%%MatrixMarket matrix coordinate real general\n100000 100000 100000000\n1 2 1.0\n");
        BadInputException f = assertThrows(BadInputException.class, () -> GraphLoader.load(many, LoadOptions.defaults()));
        assertEquals(2, f.line());
        assertTrue(f.reason().startsWith("needs about 4.") && f.reason().contains("for 100000 vertices and 100000000 entries"),
                f.getMessage());
        // A declared count that fits is checked against the entries found, as before.
        Path few = write("few.mtx", "%%MatrixMarket matrix coordinate real general\n100000 100000 1000\n1 2 1.0\n");
        BadInputException g = assertThrows(BadInputException.class, () -> GraphLoader.load(few, LoadOptions.defaults()));
        assertTrue(g.reason().startsWith("unexpected end of file: the size line (line 2) declares 1000 entries"), g.getMessage());
    }

    @Test
    void aHugeVertexIdInAnEdgeListIsRefusedNamingItsLine() throws IOException {
        Path p = write("g.el", "# ids\n0 1\n1 2\n2 2000000000\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults()));
        assertEquals(4, e.line());
        assertTrue(e.reason().startsWith("needs about 16 GB for 2000000001 vertices, up to id 2000000000"), e.getMessage());
        BadInputException u = assertThrows(BadInputException.class,
                () -> GraphLoader.load(p, LoadOptions.defaults().withDirected(false).withThreads(1)));
        assertEquals(4, u.line());
    }

    @Test
    void aDeclaredRowCountThatFitsLoadsWithoutAnArrayPerRow() throws IOException {
        // 100 million rows would need 400 MB of row offsets: refused in this heap...
        Path big = write("big.mtx", "%%MatrixMarket matrix coordinate pattern general\n100000000 100000000 1\n1 2\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(big, LoadOptions.defaults()));
        assertTrue(e.reason().contains("for 100000000 vertices and 1 entry"), e.getMessage());
        // ...while 20 million rows (80 MB when materialized) load holding two rows, and materialize on demand.
        Path p = write("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n20000000 20000000 2\n1 2\n2 1\n");
        Graph g = GraphLoader.load(p, LoadOptions.defaults());
        assertEquals(20000000, g.numVertices());
        assertTrue(g.memoryBytes() < 1024, "memory " + g.memoryBytes());
        assertEquals(0, g.minDegree());
        assertEquals(1, g.maxDegree());
        assertEquals(0, g.degree(19999999));
        assertEquals(2, g.numEdges());
        int[] rowPtr = g.rowPtr();
        assertEquals(20000001, rowPtr.length);
        assertEquals(2, rowPtr[20000000]);
        assertEquals(1, rowPtr[1]);
        assertEquals(2, rowPtr[2]);
    }

    @Test
    void materializingRowsThatCannotFitIsRefusedToo() {
        // A graph built elsewhere with few stored rows: asking for all 500 million offsets is refused.
        Graph g = new Graph("g", 500000000, 500000000, new int[] {0, 1}, new int[] {1}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(1), 0);
        assertEquals(1, g.numEdges());
        BadInputException e = assertThrows(BadInputException.class, g::rowPtr);
        assertTrue(e.getMessage().startsWith("g: needs about 2.0 GB for 500000000 vertices and 1 entry"), e.getMessage());
    }
}
