package org.stag.loaders.tns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;

/** FROSTT {@code .tns} files: 1-based coordinates and a value per line, comments, sizes, and every malformed line by file:line. */
class TnsReaderTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void readsAnOrderThreeTensorWithCommentsAndBlankLines() throws IOException {
        Path p = file("t.tns", "# a 3 x 4 x 2 tensor\n1 1 1 1.5\n\n3 4 2 -2\n  2 1 2\t7e1  \n# done\n");
        CoordinateTensor t = new TnsReader(p, -1, null).read();
        assertEquals(3, t.order());
        assertArrayEquals(new int[] {3, 4, 2}, t.dims());
        assertEquals(3, t.count());
        assertArrayEquals(new int[] {0, 2, 1}, java.util.Arrays.copyOf(t.coords()[0], 3));
        assertArrayEquals(new int[] {0, 3, 0}, java.util.Arrays.copyOf(t.coords()[1], 3));
        assertArrayEquals(new int[] {0, 1, 1}, java.util.Arrays.copyOf(t.coords()[2], 3));
        assertArrayEquals(new double[] {1.5, -2, 70}, java.util.Arrays.copyOf(t.values(), 3));
    }

    @Test
    void givenSizesAndOrderAreKeptAndChecked() throws IOException {
        Path p = file("t.tns", "1 2 3\n2 2 4\n");
        CoordinateTensor t = new TnsReader(p, 2, new int[] {5, -1}).read();
        assertArrayEquals(new int[] {5, 2}, t.dims());
        bad(file("big.tns", "1 2 3\n6 1 1\n"), 2, new int[] {5, -1}, "big.tns:2: coordinate 6 of mode 1 exceeds its size 5");
    }

    @Test
    void gzippedFilesAreRead() throws IOException {
        Path p = dir.resolve("t.tns.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write("2 2 2 9\n".getBytes(StandardCharsets.UTF_8));
        }
        CoordinateTensor t = new TnsReader(p, 3, null).read();
        assertArrayEquals(new int[] {2, 2, 2}, t.dims());
        assertEquals(9.0, t.values()[0]);
    }

    @Test
    void eachMalformedLineIsNamedByFileAndLine() throws IOException {
        bad(file("a.tns", "1 1 1 1\n1 1 1\n"), -1, null, "a.tns:2: expected 3 coordinates and a value (4 fields), found 3 fields");
        bad(file("b.tns", "# c\n1 x 1 1\n"), -1, null, "b.tns:2: coordinate 2 'x' is not an integer");
        bad(file("c.tns", "1 0 1 1\n"), -1, null, "c.tns:1: coordinate 2 is 0, not in 1..2147483639 (.tns files are 1-based)");
        bad(file("d.tns", "1 -3 1 1\n"), -1, null, "d.tns:1: coordinate 2 is -3, not in 1..2147483639 (.tns files are 1-based)");
        bad(file("e.tns", "1 1 1 one\n"), -1, null, "e.tns:1: value 'one' is not a number");
        bad(file("f.tns", "1 1 1 nan\n"), -1, null, "f.tns:1: value 'nan' is not a number");
        bad(file("g.tns", "7\n"), -1, null, "g.tns:1: an entry has its coordinates and a value, found 1 field");
        bad(file("h.tns", "1 2 3 1\n2 2 2 1\n1 2 3 4\n"), -1, null, "h.tns:3: entry (1 2 3) is listed again (first on line 1)");
        bad(file("i.tns", "# nothing\n"), -1, null, "i.tns: no entries, so the tensor's order is unknown");
        bad(file("j.tns", "1 1 99999999999 1\n"), -1, null, "j.tns:1: coordinate 3 is 99999999999, not in 1..2147483639"
                + " (.tns files are 1-based)");
        bad(dir.resolve("missing.tns"), -1, null, "missing.tns: no such file");
        // With the order known from a declaration, a line of another order is wrong from the first.
        bad(file("k.tns", "1 1 1\n"), 3, null, "k.tns:1: expected 3 coordinates and a value (4 fields), found 3 fields");
    }

    @Test
    void anEmptyFileOfAGivenOrderIsAnEmptyTensor() throws IOException {
        CoordinateTensor t = new TnsReader(file("e.tns", "# no entries\n"), 3, new int[] {2, 3, 4}).read();
        assertArrayEquals(new int[] {2, 3, 4}, t.dims());
        assertEquals(0, t.count());
    }

    @Test
    void repeatsAreFoundWhenTheCoordinatesDoNotPackIntoALong() throws IOException {
        // Three modes of 2^30 need 90 bits: the index sort.
        String big = Integer.toString(1 << 30);
        String b3 = big + " " + big + " " + big;
        bad(file("w.tns", b3 + " 1\n1 1 1 1\n" + b3 + " 2\n"), -1, null, "w.tns:3: entry (" + b3 + ") is listed again (first on line 1)");
    }

    private static void bad(Path p, int order, int[] sizes, String message) {
        BadInputException e = assertThrows(BadInputException.class, () -> new TnsReader(p, order, sizes).read());
        assertEquals(message.replace(p.getFileName().toString(), p.toString()), e.getMessage());
    }
}
