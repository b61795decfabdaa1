package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.loaders.edgelist.EdgeListReader;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.ldbc.LdbcGraphFiles;
import org.stag.loaders.ldbc.LdbcReader;
import org.stag.loaders.mtx.MatrixMarketHeader;
import org.stag.loaders.mtx.MatrixMarketReader;
import org.stag.loaders.text.EntryParser;
import org.stag.loaders.text.HeaderReader;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.ParallelParser;

/**
 * Every file of the malformed-input corpus ({@code src/test/resources/malformed}, listed in its
 * {@code cases.tsv}) must be refused with a {@link BadInputException} that names the file, the exact
 * line and a specific reason, in one line, whatever the thread count and chunking of the parser.
 */
class MalformedInputTest {
    /** Chunk sizes tried on every data-line case: every size from one byte to 64 bytes. */
    private static final int MAX_TINY_CHUNK = 64;
    /** The thread counts every case is loaded with. */
    private static final int[] THREADS = {1, 2};

    /**
     * One line of the manifest.
     *
     * @param path      relative to the corpus directory
     * @param line      the line the error must name (0: the error has no line)
     * @param fragment  a piece of text the reason must contain
     * @param options   command-line options to read the file with
     * @param errorFile the file the error must name, relative to the corpus directory, when not {@code path}
     */
    record Case(String path, long line, String fragment, List<String> options, String errorFile) {
        @Override
        public String toString() {
            return path + (options.isEmpty() ? "" : " " + String.join(" ", options));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The manifest.

    static Path corpus() {
        URL url = MalformedInputTest.class.getResource("/malformed/cases.tsv");
        assertNotNull(url, "malformed/cases.tsv is not on the test class path");
        Path dir;
        try {
            dir = Path.of(url.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        // Name the files relative to the working directory, as a user typically does, so that the
        // tests see whether messages keep the user's spelling.
        Path cwd = Path.of("").toAbsolutePath();
        return dir.startsWith(cwd) ? cwd.relativize(dir) : dir;
    }

    /**
     * Whether the file named in the error is compared by location rather than by spelling: when the
     * error is in a sibling of the file given, and for LDBC graphs, whose reader names every file by
     * its absolute path (LdbcGraphFiles.locate resolves siblings against {@code toAbsolutePath()}).
     */
    static boolean comparedByLocation(Case c) {
        return c.errorFile() != null || c.path().startsWith("ldbc-");
    }

    static List<Case> cases() {
        List<String> lines;
        try {
            lines = Files.readAllLines(corpus().resolve("cases.tsv"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            if (text.isBlank() || text.startsWith("#")) {
                continue;
            }
            String[] f = text.split("\t", -1);
            if (f.length < 3 || f.length > 5) {
                throw new IllegalStateException("cases.tsv:" + (i + 1) + ": expected 3 to 5 tab-separated fields, found " + f.length);
            }
            List<String> options = f.length > 3 && !f[3].isBlank() ? List.of(f[3].trim().split("\\s+")) : List.of();
            String errorFile = f.length > 4 && !f[4].isBlank() ? f[4].trim() : null;
            cases.add(new Case(f[0], Long.parseLong(f[1]), f[2], options, errorFile));
        }
        return cases;
    }

    static Stream<Arguments> casesWithThreads() {
        return cases().stream().flatMap(c -> Arrays.stream(THREADS).mapToObj(t -> Arguments.of(c, t)));
    }

    /** The options of a case as {@link LoadOptions}; only the options the corpus uses are understood. */
    static LoadOptions options(Case c, int threads) {
        LoadOptions o = LoadOptions.defaults().withThreads(threads);
        List<String> args = c.options();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--weighted" -> o = o.withWeighted(true);
                case "--unweighted" -> o = o.withWeighted(false);
                case "--directed" -> o = o.withDirected(true);
                case "--undirected" -> o = o.withDirected(false);
                case "--duplicates" -> o = o.withDuplicates(DuplicatePolicy.parse(args.get(++i)));
                case "--index-base" -> o = o.withIndexBase(Integer.parseInt(args.get(++i)));
                case "--input-format" -> o = o.withFormat(GraphFileFormat.parse(args.get(++i)));
                default -> throw new IllegalStateException("cases.tsv: option " + a + " of " + c.path() + " is not understood by this test");
            }
        }
        return o;
    }

    @Test
    void manifestIsComplete() throws IOException {
        List<Case> cases = cases();
        assertTrue(cases.size() >= 36, "the corpus must hold at least 36 cases, it holds " + cases.size());
        Set<String> paths = new HashSet<>();
        Set<String> referenced = new HashSet<>();
        for (Case c : cases) {
            assertTrue(paths.add(c.toString()), "case listed twice: " + c);
            assertFalse(c.fragment().isBlank(), "empty fragment for " + c.path());
            assertTrue(c.line() >= 0, "negative line for " + c.path());
            referenced.add(c.path().split("/")[0]);
            Path p = corpus().resolve(c.path());
            if (c.errorFile() == null) {
                assertTrue(Files.isRegularFile(p), "no such corpus file: " + c.path());
            }
        }
        // Every file or directory of the corpus is used by some case.
        try (Stream<Path> entries = Files.list(corpus())) {
            for (Path e : (Iterable<Path>) entries::iterator) {
                String name = e.getFileName().toString();
                if (!name.equals("cases.tsv")) {
                    assertTrue(referenced.contains(name), "corpus entry " + name + " is not listed in cases.tsv");
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Each case through GraphLoader.load.

    @ParameterizedTest(name = "{0} [threads={1}]")
    @MethodSource("casesWithThreads")
    void refusedWithFileLineAndReason(Case c, int threads) {
        Path path = corpus().resolve(c.path());
        LoadOptions options = options(c, threads);
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(path, options),
                () -> c.path() + " was accepted");
        assertNotNull(e.file(), () -> "the error names no file: " + e.getMessage());
        if (!comparedByLocation(c)) {
            assertEquals(path.toString(), e.file(), () -> "file() must name the file as it was given: " + e.getMessage());
        } else {
            Path expected = corpus().resolve(c.errorFile() != null ? c.errorFile() : c.path());
            assertEquals(expected.toAbsolutePath().normalize(), Path.of(e.file()).toAbsolutePath().normalize(),
                    () -> "file() must name " + expected + ": " + e.getMessage());
        }
        assertEquals(c.line(), e.line(), () -> "wrong line: " + e.getMessage());
        assertTrue(e.reason().contains(c.fragment()),
                () -> "reason does not contain '" + c.fragment() + "': " + e.getMessage());
        String message = e.getMessage();
        assertFalse(message.contains("\n") || message.contains("\r"), () -> "message is not one line: " + message);
        String location = e.line() > 0 ? e.file() + ":" + e.line() + ": " : e.file() + ": ";
        assertEquals(location + e.reason(), message);
    }

    // ---------------------------------------------------------------------------------------------
    // Data-line errors through ParallelParser with tiny chunks.

    /** How one reader would parse the data lines of a corpus file. */
    record DataSetup(String file, byte[] data, long firstLine, EntryParser parser, long declaredEntries) {
    }

    /** What one parse gave: an error or the joined arrays. */
    record Outcome(long errorLine, String error, ParallelParser.Result result) {
        String describe() {
            return error != null ? "line " + errorLine + ": " + error
                    : result.size + " entries on " + result.lines + " lines";
        }
    }

    static Stream<Case> dataCases() {
        return cases().stream().filter(c -> dataSetup(c) != null);
    }

    /**
     * The data-line part of a case as the reader sees it, or {@code null} when the reader refuses the
     * file before its data lines (header errors, array files, compressed files whose failures are I/O
     * failures, LDBC files that fail before the edge file).
     */
    static DataSetup dataSetup(Case c) {
        Path path = corpus().resolve(c.path());
        if (!Files.isRegularFile(path) || c.path().endsWith(".gz")) {
            return null;
        }
        LoadOptions o = options(c, 1);
        GraphFileFormat format = o.format() != null ? o.format() : GraphFileFormat.of(path);
        String file = path.toString();
        try {
            switch (format) {
                case MATRIX_MARKET -> {
                    try (InputStream in = InputFiles.open(path)) {
                        MatrixMarketHeader h;
                        HeaderReader header = new HeaderReader(in, file);
                        try {
                            h = MatrixMarketHeader.read(header, file);
                            MatrixMarketReader.checkMemory(file, h, 1);
                        } catch (BadInputException e) {
                            return null;
                        }
                        if (!h.coordinate()) {
                            return null;
                        }
                        EntryParser parser = MatrixMarketReader.entryParser(h, o.indexBase());
                        byte[] rest = in.readAllBytes();
                        byte[] prefix = header.leftover();
                        byte[] data = Arrays.copyOf(prefix, prefix.length + rest.length);
                        System.arraycopy(rest, 0, data, prefix.length, rest.length);
                        return new DataSetup(file, data, header.line() + 1, parser, h.entries());
                    }
                }
                case EDGE_LIST, WEIGHTED_EDGE_LIST, SNAP -> {
                    boolean weighted = o.weighted() != null ? o.weighted() : format == GraphFileFormat.WEIGHTED_EDGE_LIST;
                    return new DataSetup(file, Files.readAllBytes(path), 1, edgeListParser(weighted), -1);
                }
                case LDBC -> {
                    LdbcGraphFiles files;
                    try {
                        files = LdbcGraphFiles.locate(path);
                    } catch (BadInputException e) {
                        return null;
                    }
                    Long2IntOpenHashMap map = new Long2IntOpenHashMap();
                    map.defaultReturnValue(-1);
                    for (String line : Files.readAllLines(files.vertexFile(), StandardCharsets.ISO_8859_1)) {
                        String t = line.strip();
                        if (t.isEmpty() || t.startsWith("#")) {
                            continue;
                        }
                        try {
                            if (map.put(Long.parseLong(t), map.size()) != -1) {
                                return null;
                            }
                        } catch (NumberFormatException e) {
                            return null;
                        }
                    }
                    boolean weighted = o.weighted() != null ? o.weighted() : files.weighted() != null && files.weighted();
                    EntryParser parser = LdbcReader.entryParser(map, files.vertexFile().getFileName().toString(), weighted);
                    return new DataSetup(files.edgeFile().toString(), Files.readAllBytes(files.edgeFile()), 1, parser, -1);
                }
                default -> {
                    return null;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static EntryParser edgeListParser(boolean weighted) {
        return EdgeListReader.entryParser(weighted);
    }

    /** Parses with the given threads and chunk size (0: the default chunk). */
    static Outcome parse(String file, byte[] data, long firstLine, EntryParser parser, int threads, int chunk) {
        ParallelParser pp = chunk == 0 ? new ParallelParser(file, parser, threads) : new ParallelParser(file, parser, threads, chunk);
        try {
            return new Outcome(0, null, pp.parse(new ByteArrayInputStream(data), firstLine));
        } catch (BadInputException e) {
            assertEquals(file, e.file());
            return new Outcome(e.line(), e.reason(), null);
        }
    }

    static void assertSameOutcome(Outcome expected, Outcome actual, String label) {
        assertEquals(expected.describe(), actual.describe(), label);
        if (expected.result() != null) {
            ParallelParser.Result a = expected.result();
            ParallelParser.Result b = actual.result();
            assertArrayEquals(Arrays.copyOf(a.src, a.size), Arrays.copyOf(b.src, b.size), label + ": sources");
            assertArrayEquals(Arrays.copyOf(a.dst, a.size), Arrays.copyOf(b.dst, b.size), label + ": targets");
            assertEquals(a.weights == null, b.weights == null, label + ": weights");
            if (a.weights != null) {
                assertArrayEquals(Arrays.copyOf(a.weights, a.size), Arrays.copyOf(b.weights, b.size), label + ": weights");
            }
            assertEquals(a.maxId, b.maxId, label + ": largest id");
            assertEquals(a.allIntegral, b.allIntegral, label + ": integral values");
        }
    }

    /**
     * The data lines of every case that gets that far are parsed with chunks of 1 to 64 bytes on 1 and 2
     * threads: the outcome (the error and its line, or the entries) must not depend on the chunking, and
     * where the parse itself decides the case the error must be the one the manifest expects.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dataCases")
    void dataLineErrorsDoNotDependOnChunking(Case c) {
        DataSetup s = dataSetup(c);
        assertNotNull(s);
        Outcome reference = parse(s.file(), s.data(), s.firstLine(), s.parser(), 1, 0);
        for (int threads : THREADS) {
            for (int chunk = 1; chunk <= MAX_TINY_CHUNK; chunk++) {
                Outcome o = parse(s.file(), s.data(), s.firstLine(), s.parser(), threads, chunk);
                assertSameOutcome(reference, o, c + " with " + threads + " threads, chunks of " + chunk + " bytes");
            }
        }
        if (reference.error() != null) {
            assertEquals(c.line(), reference.errorLine(), "line of the parse error");
            assertTrue(reference.error().contains(c.fragment()), () -> "parse error '" + reference.error()
                    + "' does not contain '" + c.fragment() + "'");
            return;
        }
        ParallelParser.Result r = reference.result();
        if (s.declaredEntries() >= 0 && r.size < s.declaredEntries()) {
            // The reader reports the end of the file: one past the lines read.
            assertEquals(c.line(), s.firstLine() + r.lines, "line of the end of file");
        } else if (s.declaredEntries() >= 0 && r.size > s.declaredEntries()) {
            // The reader locates the first entry beyond the declared count by parsing again.
            for (int chunk = 1; chunk <= MAX_TINY_CHUNK; chunk++) {
                ParallelParser pp = new ParallelParser(s.file(), s.parser(), 1, chunk);
                long line = pp.locate(() -> new ByteArrayInputStream(s.data()), s.firstLine(), s.declaredEntries());
                assertEquals(c.line(), line, "line of the first extra entry with chunks of " + chunk + " bytes");
            }
        } else if (s.declaredEntries() < 0 && r.size == 0) {
            assertEquals(c.line(), Math.max(1, r.lines), "line of an edge list without edges");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Generated inputs: identical arrays and exact error lines for every chunk size.

    /** A valid edge list with comments, blank lines, tabs, CRLF and trailing blanks; entry k is (k % 97, k * 31 % 89). */
    static List<String> generatedLines(int entries, boolean weighted) {
        Random rnd = new Random(42);
        List<String> lines = new ArrayList<>();
        int k = 0;
        while (k < entries) {
            switch (rnd.nextInt(10)) {
                case 0 -> lines.add("# comment " + rnd.nextInt(1000));
                case 1 -> lines.add(rnd.nextBoolean() ? "" : "   \t");
                default -> {
                    String sep = rnd.nextBoolean() ? " " : "\t";
                    String w = weighted ? sep + (k % 5 == 0 ? (k * 0.25) + "" : Integer.toString(k)) : "";
                    String trail = rnd.nextInt(4) == 0 ? "  " : "";
                    lines.add((rnd.nextInt(5) == 0 ? " " : "") + (k % 97) + sep + (k * 31 % 89) + w + trail);
                    k++;
                }
            }
        }
        return lines;
    }

    static byte[] join(List<String> lines, boolean crlf, boolean finalNewline) {
        String nl = crlf ? "\r\n" : "\n";
        String text = String.join(nl, lines) + (finalNewline ? nl : "");
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @ParameterizedTest(name = "weighted={0}")
    @ValueSource(booleans = {false, true})
    void validInputsGiveIdenticalArraysForEveryChunkSize(boolean weighted) {
        int entries = 500;
        List<String> lines = generatedLines(entries, weighted);
        EntryParser parser = edgeListParser(weighted);
        for (boolean crlf : new boolean[] {false, true}) {
            for (boolean finalNewline : new boolean[] {false, true}) {
                byte[] data = join(lines, crlf, finalNewline);
                Outcome reference = parse("gen.el", data, 1, parser, 1, 0);
                assertNull(reference.error(), "generated input refused");
                ParallelParser.Result r = reference.result();
                assertEquals(entries, r.size);
                assertEquals(lines.size(), r.lines);
                for (int k = 0; k < entries; k++) {
                    assertEquals(k % 97, r.src[k]);
                    assertEquals(k * 31 % 89, r.dst[k]);
                    if (weighted) {
                        assertEquals(k % 5 == 0 ? k * 0.25 : k, r.weights[k]);
                    }
                }
                for (int threads : THREADS) {
                    for (int chunk = 1; chunk <= MAX_TINY_CHUNK; chunk++) {
                        assertSameOutcome(reference, parse("gen.el", data, 1, parser, threads, chunk),
                                "crlf=" + crlf + " final newline=" + finalNewline + ", " + threads + " threads, chunks of " + chunk);
                    }
                }
            }
        }
    }

    /**
     * A bad line at the start, the middle and the end of a generated file is reported at its own line.
     * Positions below zero count from the end: -1 makes the bad line the last one (without a final newline).
     */
    @ParameterizedTest(name = "bad line at {0}")
    @ValueSource(ints = {1, 2, 3, 150, -2, -1})
    void errorLineIsExactForEveryChunkSize(int position) {
        List<String> lines = new ArrayList<>(generatedLines(240, false));
        int total = lines.size() + 1;
        int badLine = position > 0 ? position : total + 1 + position;
        lines.add(badLine - 1, "12 x7");
        for (boolean crlf : new boolean[] {false, true}) {
            byte[] data = join(lines, crlf, badLine != total);
            for (int threads : THREADS) {
                for (int chunk = 0; chunk <= MAX_TINY_CHUNK; chunk++) {
                    Outcome o = parse("gen.el", data, 1, edgeListParser(false), threads, chunk);
                    String label = "crlf=" + crlf + ", " + threads + " threads, chunks of " + (chunk == 0 ? "default size" : chunk + " bytes");
                    assertEquals(badLine, o.errorLine(), label + ": " + o.describe());
                    assertEquals("expected target vertex, found 'x7'", o.error(), label);
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Absurd declared counts: refused from the header and the data seen, never sized from the count.

    @Test
    void absurdDeclaredCountsFailWithoutAllocating() {
        java.lang.management.ThreadMXBean plain = ManagementFactory.getThreadMXBean();
        assertTrue(plain instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter in this JVM");
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) plain;
        assertTrue(bean.isThreadAllocatedMemorySupported(), "this JVM cannot count a thread's allocations");
        bean.setThreadAllocatedMemoryEnabled(true);
        LoadOptions oneThread = LoadOptions.defaults().withThreads(1);
        for (String name : List.of("mtx-absurd-count.mtx", "mtx-absurd-count-huge-size.mtx")) {
            Path path = corpus().resolve(name);
            // Warm up class loading, then measure a second load: everything runs in this thread. Only memory is
            // asserted (speed is for benchmarks): refusing a file of a few lines must not allocate for 3e12 entries.
            assertThrows(BadInputException.class, () -> GraphLoader.load(path, oneThread));
            long bytes0 = bean.getCurrentThreadAllocatedBytes();
            BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(path, oneThread));
            long allocated = bean.getCurrentThreadAllocatedBytes() - bytes0;
            assertTrue(e.reason().contains("3000000000000"), e.getMessage());
            assertTrue(allocated < 32L << 20, name + ": allocated " + allocated + " bytes to refuse a file of a few lines");
        }
    }

    @Test
    void absurdDeclaredCountsFailQuicklyOnAllThreads() {
        for (String name : List.of("mtx-absurd-count.mtx", "mtx-absurd-count-huge-size.mtx")) {
            Path path = corpus().resolve(name);
            Runtime rt = Runtime.getRuntime();
            long before = rt.totalMemory();
            BadInputException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                try {
                    GraphLoader.load(path, LoadOptions.defaults());
                } catch (BadInputException bad) {
                    return bad;
                } catch (OutOfMemoryError oom) {
                    fail(name + ": out of memory: " + oom);
                }
                return null;
            });
            assertNotNull(e, name + " was accepted");
            long grown = rt.totalMemory() - before;
            assertTrue(grown < 256L << 20, name + ": the heap grew by " + grown + " bytes");
            assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("declares 3000000000000 entries"), e.getMessage());
        }
    }
}
