package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.VbyteLevel;
import org.stag.loaders.BadInputException;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.binary.BinaryGraphStream;
import org.stag.loaders.binary.BinaryRowReader;

/**
 * {@code dense,vbyte} built from a {@code .stagb} file's rows as they are read ({@link Tensor#fromRows}) equals the
 * level built from the graph in memory, byte for byte: version 1 and the wide version 3 files, patterns and weights,
 * one block and blocks under a lowered limit; and a corrupt file or another format is refused in one line.
 */
class VbyteStreamingBuildTest {
    private static final Format VBYTE = FormatParser.parse("dense,vbyte");

    /** A random graph as CSR: ptr, col, weights (null for a pattern); some rows empty, some past a chunk. */
    private record Csr(int n, int[] ptr, int[] col, double[] w) {
        static Csr random(int n, long seed, boolean weighted) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int[] ptr = new int[n + 1];
            int[] col = new int[n * 120];
            double[] w = weighted ? new double[col.length] : null;
            int m = 0;
            for (int r = 0; r < n; r++) {
                int d = r % 4 == 0 ? 0 : r % 13 == 0 ? 100 + rnd.nextInt(100) : rnd.nextInt(9);
                int c = rnd.nextInt(3);
                for (int k = 0; k < d && c < n; k++) {
                    col[m] = c;
                    if (weighted) {
                        w[m] = rnd.nextDouble();
                    }
                    m++;
                    c += 1 + rnd.nextInt(r % 3 == 0 ? 3 : 40);
                }
                ptr[r + 1] = m;
            }
            return new Csr(n, ptr, col, w);
        }
    }

    private static Path write(Path dir, Csr g, boolean wide, int[] swapInRow) throws IOException {
        Path p = dir.resolve("g" + (wide ? "3" : "1") + (g.w == null ? "p" : "w") + ".stagb");
        try (BinaryGraphStream s = new BinaryGraphStream(p, g.n, g.n, Symmetry.GENERAL,
                g.w == null ? ValueKind.PATTERN : ValueKind.REAL, wide)) {
            long[] start = new long[g.n + 1];
            int[] col = g.col.clone();
            if (swapInRow != null) {
                int at = g.ptr[swapInRow[0]];
                int t = col[at];
                col[at] = col[at + 1];
                col[at + 1] = t;
            }
            for (int r = 0; r < g.n; r++) {
                s.append(col, g.w, g.ptr[r], g.ptr[r + 1] - g.ptr[r]);
                start[r + 1] = g.ptr[r + 1];
            }
            s.finish(start, 0);
        }
        return p;
    }

    @ParameterizedTest(name = "wide={0} weighted={1} limit={2}")
    @CsvSource({"false,false,0", "false,true,0", "true,false,0", "true,true,0", "true,true,300", "false,false,300"})
    void theStreamingBuildEqualsTheInMemoryOne(boolean wide, boolean weighted, long limit, @TempDir Path dir)
            throws IOException {
        Csr g = Csr.random(700, wide ? 31 : 7, weighted);
        Path file = write(dir, g, wide, null);
        long old = limit > 0 ? RowBlocks.setLimit(limit) : RowBlocks.limit();
        Tensor streamed;
        Tensor memory;
        try {
            streamed = Tensor.fromRows(VBYTE, BinaryRowReader.open(file, "g.stagb"), null);
            memory = Tensor.fromCsr(VBYTE, g.n, g.n, RowBlocks.of(g.n, g.ptr, g.col, g.w),
                    weighted ? ValueMode.DOUBLE : ValueMode.NONE, 1);
        } finally {
            RowBlocks.setLimit(old);
        }
        VbyteLevel s = (VbyteLevel) streamed.level(1);
        VbyteLevel m = (VbyteLevel) memory.level(1);
        assertEquals(m.mode(), s.mode());
        assertEquals(limit > 0, s.blockCount() > 1, s.toString());
        assertEquals(m.blockCount(), s.blockCount());
        assertEquals(g.ptr[g.n], s.entries());
        for (int b = 0; b < m.blockCount(); b++) {
            assertArrayEquals(m.codes(b), s.codes(b), "codes of block " + b);
            assertArrayEquals(m.elems(b), s.elems(b), "element starts of block " + b);
            assertArrayEquals(m.codeStarts(b), s.codeStarts(b), "code starts of block " + b);
            if (m.val(b) != null) {
                assertArrayEquals(m.val(b), s.val(b), "values of block " + b);
            }
        }
        assertEquals(memory.values().size(), streamed.values().size());
        for (int q = 0; q < memory.values().size(); q++) {
            assertEquals(memory.values().getAsDouble(q), streamed.values().getAsDouble(q));
        }
        TensorCursor a = memory.cursor();
        TensorCursor b = streamed.cursor();
        int seen = 0;
        while (a.next()) {
            assertTrue(b.next());
            assertEquals(a.coordinate(0), b.coordinate(0));
            assertEquals(a.coordinate(1), b.coordinate(1));
            assertEquals(a.doubleValue(), b.doubleValue());
            seen++;
        }
        assertEquals(g.ptr[g.n], seen);
    }

    @Test
    void columnsOutOfOrderInTheFileAreRefusedNamingTheEntryAndRow(@TempDir Path dir) throws IOException {
        Csr g = Csr.random(100, 3, false);
        int row = 1;
        while (g.ptr[row + 1] - g.ptr[row] < 2) {
            row++;
        }
        Path file = write(dir, g, true, new int[] {row});
        BinaryRowReader reader = BinaryRowReader.open(file, "bad.stagb");
        BadInputException e = assertThrows(BadInputException.class, () -> Tensor.fromRows(VBYTE, reader, null));
        assertTrue(e.getMessage().contains("bad.stagb") && e.getMessage().contains("not sorted")
                && e.getMessage().contains("row " + row), e.getMessage());
    }

    @Test
    void onlyDenseVbyteIsBuiltFromAFilesRows(@TempDir Path dir) throws IOException {
        Path file = write(dir, Csr.random(10, 1, false), false, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Tensor.fromRows(Format.csr(), BinaryRowReader.open(file, "g.stagb"), null));
        assertTrue(e.getMessage().contains("only dense,vbyte"), e.getMessage());
        BadInputException missing = assertThrows(BadInputException.class,
                () -> BinaryRowReader.open(dir.resolve("none.stagb"), "none.stagb"));
        assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
    }
}
