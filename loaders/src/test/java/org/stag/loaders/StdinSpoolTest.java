package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;

/** A graph read from a stream: the format sniffed or named, messages about {@code <stdin>}, the spool file removed. */
class StdinSpoolTest {
    @TempDir
    Path dir;

    private static final Path KARATE = Path.of("..", "data", "karate.mtx");

    private static GraphLoader.Loaded load(byte[] bytes, LoadOptions o) {
        return GraphLoader.loadStream(new ByteArrayInputStream(bytes), o);
    }

    private static long spoolFiles() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("stag-stdin-")).count();
        }
    }

    @Test
    void matrixMarketIsSniffedPlainOrGzipped() throws IOException {
        byte[] text = Files.readAllBytes(KARATE);
        Graph file = GraphLoader.load(KARATE, LoadOptions.defaults());
        long before = spoolFiles();
        GraphLoader.Loaded in = load(text, LoadOptions.defaults());
        assertEquals(GraphFileFormat.MATRIX_MARKET, in.format());
        assertEquals("<stdin>", in.graph().source());
        assertArrayEquals(file.colIdx(), in.graph().colIdx());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(text);
        }
        assertArrayEquals(file.colIdx(), load(gz.toByteArray(), LoadOptions.defaults()).graph().colIdx());
        assertEquals(before, spoolFiles(), "the spooled copy of standard input was left behind");
    }

    @Test
    void binaryIsSniffed() throws IOException {
        Graph file = GraphLoader.load(KARATE, LoadOptions.defaults());
        Path p = dir.resolve("k.stagb");
        GraphWriter.write(file, p);
        GraphLoader.Loaded in = load(Files.readAllBytes(p), LoadOptions.defaults());
        assertEquals(GraphFileFormat.BINARY, in.format());
        assertArrayEquals(file.rowPtr(), in.graph().rowPtr());
    }

    @Test
    void edgeListsNeedTheirFormatNamed() {
        byte[] el = "0 1\n1 2\n2 0\n".getBytes(StandardCharsets.US_ASCII);
        BadInputException e = assertThrows(BadInputException.class, () -> load(el, LoadOptions.defaults()));
        assertEquals("<stdin>: cannot tell the format of standard input (no %%MatrixMarket banner, not a stag binary "
                + "graph); name it with --input-format mtx, el, wel, snap or stagb", e.getMessage());
        GraphLoader.Loaded in = load(el, LoadOptions.defaults().withFormat(GraphFileFormat.EDGE_LIST));
        assertEquals(3, in.graph().numEdges());
        assertEquals(GraphFileFormat.EDGE_LIST, in.format());
    }

    @Test
    void errorsNameStandardInputAndTheLine() throws IOException {
        long before = spoolFiles();
        byte[] bad = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n1 9\n".getBytes(StandardCharsets.US_ASCII);
        BadInputException e = assertThrows(BadInputException.class, () -> load(bad, LoadOptions.defaults()));
        assertEquals("<stdin>:4: column index 9 out of range 1..3", e.getMessage());
        e = assertThrows(BadInputException.class, () -> load(new byte[0], LoadOptions.defaults()));
        assertEquals("<stdin>: standard input is empty (no graph)", e.getMessage());
        e = assertThrows(BadInputException.class, () -> load(new byte[] {1}, LoadOptions.defaults().withFormat(GraphFileFormat.LDBC)));
        assertEquals("<stdin>: an LDBC graph is several files and cannot be read from standard input", e.getMessage());
        assertEquals(before, spoolFiles(), "the spooled copy of standard input was left behind after an error");
    }

    @Test
    void aFailingStreamIsOneLine() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Input/output error");
            }
        };
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.loadStream(broken, LoadOptions.defaults()));
        assertEquals("<stdin>: cannot read standard input: input/output error", e.getMessage());
    }

    @Test
    void dashMeansStandardInput() {
        assertEquals(true, GraphLoader.isStdin(Path.of("-")));
        assertEquals(false, GraphLoader.isStdin(Path.of("./-")));
    }
}
