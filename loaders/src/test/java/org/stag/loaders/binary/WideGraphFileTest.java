package org.stag.loaders.binary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.Graph;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Graphs held in row blocks ({@link Graph#wide()}) written by {@link BinaryGraphWriter} (version 3: int64 row
 * pointers, the blocks' columns and weights one after the other) and read back, row by row against the arrays they
 * were split from: weighted, unweighted and weighted-by-kind without weights (weight 1), and more rows than the
 * writer's row-pointer buffer holds; integer values held only as doubles, written exactly; and a version 2 file read
 * into row blocks.
 */
class WideGraphFileTest {
    @TempDir
    Path dir;
    private long savedLimit;

    @BeforeEach
    void saveLimit() {
        savedLimit = RowBlocks.limit();
    }

    @AfterEach
    void restoreLimit() {
        RowBlocks.setLimit(savedLimit);
    }

    /** Each row as "column:weight" strings, read through the blocks whatever holds them. */
    private static List<List<String>> rows(Graph g) {
        RowBlocks b = g.blocks();
        List<List<String>> out = new ArrayList<>();
        for (int r = 0; r < g.numRows(); r++) {
            int k = b.blockOf(r);
            int local = r - b.firstRow(k);
            List<String> row = new ArrayList<>();
            for (int p = b.ptr(k)[local]; p < b.ptr(k)[local + 1]; p++) {
                row.add(b.col(k)[p] + ":" + (b.weighted() ? b.weights(k)[p] : 1.0));
            }
            out.add(row);
        }
        return out;
    }

    @ParameterizedTest(name = "{0} rows, {1}, weights held: {2}")
    @CsvSource({"300,REAL,true", "300,PATTERN,false", "120,REAL,false", "70000,REAL,true"})
    void aGraphInRowBlocksRoundTrips(int n, ValueKind kind, boolean weightsHeld) throws IOException {
        SplittableRandom rnd = new SplittableRandom(n);
        int[] rowPtr = new int[n + 1];
        List<Integer> cols = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            int deg = r % 1000 == 7 ? 30 : rnd.nextInt(3);
            int c = rnd.nextInt(5);
            for (int k = 0; k < deg && c < n; k++, c += 1 + rnd.nextInt(7)) {
                cols.add(c);
            }
            rowPtr[r + 1] = cols.size();
        }
        int m = cols.size();
        int[] col = cols.stream().mapToInt(Integer::intValue).toArray();
        double[] w = null;
        if (weightsHeld) {
            w = new double[m];
            for (int p = 0; p < m; p++) {
                w[p] = rnd.nextInt(10) == 0 ? -0.0 : rnd.nextInt(-100, 100) / 4.0;
            }
        }
        // Blocks of at most a fifth of the entries, and a limit that reads the file back into blocks too.
        long max = Math.max(50, m / 5);
        RowBlocks.setLimit(max);
        Graph g = new Graph("g", n, n, RowBlocks.split(n, rowPtr, col, w, max), Symmetry.GENERAL, kind, VertexIds.offset(1), 2);
        assertTrue(g.wide() && g.blocks().blockCount() > 2, "blocks: " + g.blocks().blockCount());
        Path file = dir.resolve("g.stagb");
        BinaryGraphWriter.write(g, file, 2);
        Graph back = BinaryGraphReader.read(file, file.toString(), 2);
        assertEquals(n, back.numRows());
        assertEquals(m, back.numEntries());
        assertEquals(kind, back.valueKind());
        assertEquals(2, back.duplicates());
        assertEquals(rows(g), rows(back));
        // Read with the usual limit, the same rows come back in arrays.
        RowBlocks.setLimit(savedLimit);
        Graph arrays = BinaryGraphReader.read(file, file.toString(), 1);
        assertTrue(!arrays.wide());
        assertEquals(rows(g), rows(arrays));
    }

    /**
     * An integer graph held as doubles only (as a format hands one back) is written as exact int64 values: uint64
     * values from 2^63 up as their 64 bits, signed ones as they are; a graph weighted by kind but holding no weights
     * is written with weight 1.
     */
    @org.junit.jupiter.api.Test
    void integerValuesHeldAsDoublesAreWrittenExactly() throws IOException {
        int[] rowPtr = {0, 3, 4};
        int[] col = {0, 1, 2, 1};
        double[] u = {0x1p63, 0x1.fffffffffffffp63, 5, 0x1p62};
        Graph unsigned = new Graph("u", 3, 3, rowPtr, col, u, Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.offset(1), 0, 0,
                null, org.stag.loaders.GraphBlasType.UINT64);
        Path file = dir.resolve("u.stagb");
        BinaryGraphWriter.write(unsigned, file, 1);
        Graph back = BinaryGraphReader.read(file, file.toString(), 1);
        assertEquals(org.stag.loaders.GraphBlasType.UINT64, back.valueType());
        long[] exact = back.exactValues();
        assertEquals(Long.MIN_VALUE, exact[0], "2^63 as its bits");
        assertEquals(0xfffffffffffff800L, exact[1]);
        assertEquals(5, back.weightAt(2));
        assertEquals(1L << 62, exact[3]);
        double[] s = {-0x1p62, 7, -3, 0x1p62};
        Graph signed = new Graph("s", 3, 3, rowPtr, col, s, Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.offset(1), 0);
        BinaryGraphWriter.write(signed, file, 1);
        Graph sb = BinaryGraphReader.read(file, file.toString(), 1);
        for (int p = 0; p < 4; p++) {
            assertEquals(s[p], sb.weightAt(p));
        }
        Graph ones = new Graph("w", 3, 3, rowPtr, col, null, Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(1), 0);
        BinaryGraphWriter.write(ones, file, 1);
        Graph ob = BinaryGraphReader.read(file, file.toString(), 1);
        assertEquals(ValueKind.REAL, ob.valueKind());
        for (int p = 0; p < 4; p++) {
            assertEquals(1.0, ob.weightAt(p));
        }
    }

    /**
     * A version 2 file (int32 row pointers, exact int64 values) read past the block limit comes back in row blocks:
     * the pointers widened, the int64 values converted to doubles (uint64 from 2^63 up as unsigned).
     */
    @ParameterizedTest(name = "uint64: {0}")
    @CsvSource({"false", "true"})
    void aVersion2FileIsReadIntoRowBlocks(boolean unsigned) throws IOException {
        int n = 400;
        SplittableRandom rnd = new SplittableRandom(unsigned ? 3 : 4);
        int[] rowPtr = new int[n + 1];
        List<Integer> cols = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            for (int c = rnd.nextInt(3); c < n && cols.size() - rowPtr[r] < 4; c += 1 + rnd.nextInt(150)) {
                cols.add(c);
            }
            rowPtr[r + 1] = cols.size();
        }
        int m = cols.size();
        int[] col = cols.stream().mapToInt(Integer::intValue).toArray();
        double[] w = new double[m];
        for (int p = 0; p < m; p++) {
            w[p] = unsigned ? (p % 5 == 0 ? 0x1p63 + 0x1p11 * p : p) : rnd.nextInt(-1000, 1000);
        }
        Graph g = new Graph("g", n, n, rowPtr, col, w, Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.offset(1), 0, 0, null,
                unsigned ? org.stag.loaders.GraphBlasType.UINT64 : null);
        Path file = dir.resolve("v2.stagb");
        BinaryGraphWriter.write(g, file, 1);
        RowBlocks.setLimit(m / 4);
        Graph back = BinaryGraphReader.read(file, file.toString(), 2);
        assertTrue(back.wide() && back.blocks().blockCount() > 2, "read into blocks");
        assertEquals(ValueKind.INTEGER, back.valueKind());
        assertEquals(rows(g), rows(back));
    }
}
