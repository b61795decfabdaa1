package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.binary.BinaryCorruptions;
import org.stag.loaders.binary.BinaryGraphWriter;
import org.stag.loaders.binary.BinaryLayout;
import org.stag.loaders.io.GraphLoader;

/**
 * A fuzz corpus generated from the bundled small graphs with fixed seeds: truncations at random offsets,
 * byte flips, absurd sizes and ids, bad values, corrupt gzip and random garbage. Each input goes through
 * {@code stag info FILE} in-process, in a surefire fork limited to {@code -Xmx256m} (see the pom): it must
 * either succeed with sane output (a truncation can leave a valid file) or exit 2 with exactly one stderr
 * line {@code stag: ...} naming the file, no stack trace, within 5 seconds.
 */
class FuzzCorpusTest {
    /** A robustness bound, not a benchmark: no input may take longer to load or refuse. */
    private static final long LIMIT_NANOS = 5_000_000_000L;
    private static final int MIN_INPUTS = 300;
    private static final Path DATA = Path.of("..", "data");

    @TempDir
    static Path dir;

    private static List<Input> inputs;
    private static final AtomicLong MAX_NANOS = new AtomicLong();
    private static final AtomicReference<String> SLOWEST = new AtomicReference<>("");
    private static final AtomicLong READ = new AtomicLong();
    private static final AtomicLong REFUSED = new AtomicLong();

    /**
     * One generated input.
     *
     * @param path    the file given to {@code stag info}
     * @param name    what a one-line error must mention (the file's name, or an LDBC graph's directory)
     * @param options extra command-line options
     */
    record Input(Path path, String name, List<String> options) {
        @Override
        public String toString() {
            return dir.relativize(path) + (options.isEmpty() ? "" : " " + String.join(" ", options));
        }
    }

    @BeforeAll
    static void generate() throws IOException {
        long max = Runtime.getRuntime().maxMemory();
        assertTrue(max <= 300L << 20, "the fuzz corpus must run in the -Xmx256m fork, the heap limit is " + max);
        inputs = new Corpus(dir).generate();
        assertTrue(inputs.size() >= MIN_INPUTS, "only " + inputs.size() + " fuzz inputs");
    }

    @AfterAll
    static void report() {
        System.out.printf("fuzz corpus: %d inputs, %d read, %d refused, slowest %.3f s (%s)%n", inputs.size(), READ.get(),
                REFUSED.get(), MAX_NANOS.get() / 1e9, SLOWEST.get());
        assertTrue(MAX_NANOS.get() < LIMIT_NANOS, "slowest input took " + MAX_NANOS.get() / 1e9 + " s: " + SLOWEST.get());
    }

    @TestFactory
    Stream<DynamicTest> everyInputIsReadOrRefusedInOneLine() {
        return inputs.stream().map(in -> DynamicTest.dynamicTest(in.toString(), () -> check(in)));
    }

    private static void check(Input in) {
        List<String> args = new ArrayList<>(List.of("info", in.path().toString()));
        args.addAll(in.options());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long t0 = System.nanoTime();
        int code = Stag.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        long nanos = System.nanoTime() - t0;
        if (nanos > MAX_NANOS.get()) {
            MAX_NANOS.set(nanos);
            SLOWEST.set(in.toString());
        }
        assertTrue(nanos < LIMIT_NANOS, in + " took " + nanos / 1e9 + " s");
        String e = err.toString();
        assertFalse(e.contains("\tat ") || e.contains("Exception") || e.contains("Error:"), in + ": stack trace or exception: " + e);
        if (code == Stag.OK) {
            for (String line : e.lines().toList()) {
                assertTrue(line.startsWith("stag: warning: ") || line.startsWith("stag: note: "), in + ": stderr " + line);
            }
            assertSane(in, new CliRunner(code, out.toString(), e).keyValues());
            READ.incrementAndGet();
            return;
        }
        assertEquals(Stag.BAD_INPUT, code, in + ": exit " + code + ", stderr " + e);
        List<String> lines = e.lines().toList();
        assertEquals(1, lines.size(), in + ": stderr must be one line: " + e);
        assertTrue(lines.get(0).startsWith("stag: "), in + ": " + lines.get(0));
        assertTrue(lines.get(0).contains(in.name()), in + ": the error does not name " + in.name() + ": " + lines.get(0));
        REFUSED.incrementAndGet();
        if (System.getProperty("stag.fuzz.show") != null) {
            System.out.println(in + " -> " + lines.get(0));
        }
    }

    /** What {@code info} prints about a graph it read must hold together. */
    private static void assertSane(Input in, Map<String, String> kv) {
        assertEquals(in.path().toString(), kv.get("file"), in + ": file");
        long edges;
        if (kv.containsKey("vertices")) {
            long n = Long.parseLong(kv.get("vertices"));
            edges = Long.parseLong(kv.get("edges"));
            long min = Long.parseLong(kv.get("min-degree"));
            long max = Long.parseLong(kv.get("max-degree"));
            assertTrue(n >= 0 && min >= 0 && min <= max && max <= edges, in + ": " + kv);
            assertTrue(n > 0 || edges == 0, in + ": edges without vertices " + kv);
            assertTrue(Long.parseLong(kv.get("self-loops")) <= edges, in + ": " + kv);
        } else {
            edges = Long.parseLong(kv.get("entries"));
            assertTrue(Long.parseLong(kv.get("rows")) >= 0 && Long.parseLong(kv.get("columns")) >= 0, in + ": " + kv);
        }
        assertTrue(edges >= 0, in + ": " + kv);
        long nonFinite = Long.parseLong(kv.get("non-finite-values"));
        assertTrue(nonFinite >= 0 && nonFinite <= edges, in + ": " + kv);
        assertTrue(Long.parseLong(kv.get("duplicates")) >= 0, in + ": " + kv);
        assertTrue(Long.parseLong(kv.get("memory-bytes")) >= 0, in + ": " + kv);
    }

    /** Writes the corpus; every family has its own fixed seed, so adding one does not change the others. */
    static final class Corpus {
        private final Path root;
        private final List<Input> out = new ArrayList<>();
        private int counter;

        Corpus(Path root) {
            this.root = root;
        }

        List<Input> generate() throws IOException {
            byte[] karate = Files.readAllBytes(DATA.resolve("karate.mtx"));
            byte[] grqc = Files.readAllBytes(DATA.resolve("ca-GrQc.mtx"));
            byte[] karateReal = realGeneral(karate);
            byte[] karateEl = edgeList(karate, false);
            byte[] karateWel = edgeList(karate, true);

            truncations(new Random(101), karate, ".mtx", 30);
            truncations(new Random(102), grqc, ".mtx", 20);
            truncations(new Random(103), karateReal, ".mtx", 15);
            truncations(new Random(104), karateWel, ".wel", 15);
            truncations(new Random(105), karateEl, ".el", 10);

            flips(new Random(201), karate, ".mtx", 30);
            flips(new Random(202), grqc, ".mtx", 15);
            flips(new Random(203), karateReal, ".mtx", 15);
            flips(new Random(204), karateWel, ".wel", 15);
            flips(new Random(205), karateEl, ".el", 10);

            absurdSizes(karate);
            absurdSizes(karateReal);
            absurdIds(new Random(401), karate, karateEl);
            badValues(new Random(501), karateReal, karateWel);

            corruptGzip(new Random(601), gzip(karate), ".mtx.gz", 15);
            corruptGzip(new Random(602), gzip(grqc), ".mtx.gz", 20);
            corruptGzip(new Random(603), gzip(karateWel), ".wel.gz", 10);
            garbage(new Random(701), 25);
            ldbc(new Random(801));
            corruptBinaryGraphs(new Random(901), karate, karateReal);
            return out;
        }

        /**
         * Corrupt binary graph files: every variant {@link BinaryCorruptions} makes of a good file (truncated at
         * each section boundary, header fields and checksums broken, absurd sizes) plus random truncations and
         * byte flips, of a pattern and a weighted graph, each refused in one line or read.
         */
        private void corruptBinaryGraphs(Random rnd, byte[]... mtxFiles) throws IOException {
            for (byte[] mtx : mtxFiles) {
                Path text = file(".mtx");
                Files.write(text, mtx);
                Path bin = file(BinaryLayout.EXTENSION);
                BinaryGraphWriter.write(GraphLoader.load(text, LoadOptions.defaults()), bin, 1);
                byte[] good = Files.readAllBytes(bin);
                for (BinaryCorruptions.Corruption c : BinaryCorruptions.variants(good)) {
                    write(c.bytes(), BinaryLayout.EXTENSION);
                }
                truncations(rnd, good, BinaryLayout.EXTENSION, 10);
                flips(rnd, good, BinaryLayout.EXTENSION, 10);
            }
        }

        private Path file(String suffix) {
            return root.resolve("in" + (counter++) + suffix);
        }

        private void add(Path p, String name, String... options) {
            out.add(new Input(p, name, List.of(options)));
        }

        private void write(byte[] bytes, String suffix, String... options) throws IOException {
            Path p = file(suffix);
            Files.write(p, bytes);
            add(p, p.getFileName().toString(), options);
        }

        /** Edge lists are read undirected in every other input, so the pairing of mirrors is fuzzed too. */
        private String[] edgeListOptions(String suffix) {
            return suffix.contains(".el") || suffix.contains(".wel") ? (counter % 2 == 0 ? new String[] {"--undirected"} : new String[0])
                    : new String[0];
        }

        private void truncations(Random rnd, byte[] data, String suffix, int count) throws IOException {
            for (int i = 0; i < count; i++) {
                int at = rnd.nextInt(data.length + 1);
                write(Arrays.copyOf(data, at), suffix, edgeListOptions(suffix));
            }
        }

        private void flips(Random rnd, byte[] data, String suffix, int count) throws IOException {
            for (int i = 0; i < count; i++) {
                byte[] b = data.clone();
                int flips = 1 + rnd.nextInt(4);
                for (int f = 0; f < flips; f++) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
                write(b, suffix, edgeListOptions(suffix));
            }
        }

        private void absurdSizes(byte[] mtx) throws IOException {
            String[] sizes = {"2000000000 2000000000 78", "2000000000 2000000000 1000000000000000000",
                "34 34 1000000000000000000", "2147483647 2147483647 78", "2147483646 2147483646 78", "100000000 100000000 78",
                "500000000 500000000 78", "2147483648 34 78", "-34 34 78", "34 -34 78", "34 34 -78", "1e9 1e9 78",
                "99999999999999999999 34 78", "34 34", "34 34 78 78", "0 0 0", "34 34 0", "34 34 77", "34 34 79", "34 3 78",
                "3000000000 3000000000 9000000000000000000"};
            String text = new String(mtx, StandardCharsets.ISO_8859_1);
            for (String size : sizes) {
                write(replaceSizeLine(text, size).getBytes(StandardCharsets.ISO_8859_1), ".mtx");
            }
        }

        private void absurdIds(Random rnd, byte[] mtx, byte[] el) throws IOException {
            String[] mtxIds = {"2000000000 1", "1 2000000000", "-1 2", "0 2", "99999999999999999999 1", "1e3 2",
                "2147483648 1", "35 1", "1 35"};
            for (String ids : mtxIds) {
                write(replaceDataLine(rnd, new String(mtx, StandardCharsets.ISO_8859_1), ids).getBytes(StandardCharsets.ISO_8859_1), ".mtx");
            }
            String[] elIds = {"2000000000 0", "0 2000000000", "-1 0", "2147483647 0", "2147483646 0",
                "99999999999999999999 0", "4294967296 1", "0 -0", "1 2 3 4"};
            for (String ids : elIds) {
                write(replaceDataLine(rnd, new String(el, StandardCharsets.ISO_8859_1), ids).getBytes(StandardCharsets.ISO_8859_1), ".el");
                write(replaceDataLine(rnd, new String(el, StandardCharsets.ISO_8859_1), ids).getBytes(StandardCharsets.ISO_8859_1), ".el",
                        "--undirected");
            }
        }

        private void badValues(Random rnd, byte[] mtxReal, byte[] wel) throws IOException {
            String[] values = {"abc", "1e400", "-1e400", "--", "-", "1.2.3", "0x10", "nan", "-inf", "Infinity", "1e", "e5",
                "+-1", "1,5", "\u00e9", "1e99999999999", "NaNx"};
            for (String v : values) {
                write(replaceDataLine(rnd, new String(mtxReal, StandardCharsets.ISO_8859_1), "3 1 " + v)
                        .getBytes(StandardCharsets.ISO_8859_1), ".mtx");
                write(replaceDataLine(rnd, new String(wel, StandardCharsets.ISO_8859_1), "2 0 " + v)
                        .getBytes(StandardCharsets.ISO_8859_1), ".wel", counter % 2 == 0 ? "--undirected" : "--directed");
            }
            String integer = new String(mtxReal, StandardCharsets.ISO_8859_1).replaceFirst(" real ", " integer ");
            for (String v : List.of("1.5", "9223372036854775808", "-9223372036854775809", "1e3", "nan")) {
                write(replaceDataLine(rnd, integer.replaceAll("(?m)^(\\d+ \\d+) [0-9.]+$", "$1 2"), "3 1 " + v)
                        .getBytes(StandardCharsets.ISO_8859_1), ".mtx");
            }
            for (String type : List.of("int8", "bool", "uint8", "fp32", "quad")) {
                String typed = integer.replaceFirst("\n", "\n%%GraphBLAS type " + type + "\n")
                        .replaceAll("(?m)^(\\d+ \\d+) [0-9.]+$", "$1 300");
                write(typed.getBytes(StandardCharsets.ISO_8859_1), ".mtx");
            }
        }

        private void corruptGzip(Random rnd, byte[] gz, String suffix, int count) throws IOException {
            for (int i = 0; i < count; i++) {
                byte[] b;
                switch (i % 3) {
                    case 0 -> b = Arrays.copyOf(gz, rnd.nextInt(gz.length));
                    case 1 -> {
                        b = gz.clone();
                        // Body bytes (after the 10-byte header); the header itself in the case below.
                        for (int f = 0, n = 1 + rnd.nextInt(3); f < n; f++) {
                            b[10 + rnd.nextInt(b.length - 10)] = (byte) rnd.nextInt(256);
                        }
                    }
                    default -> {
                        b = gz.clone();
                        b[2 + rnd.nextInt(8)] = (byte) rnd.nextInt(256);
                    }
                }
                write(b, suffix, edgeListOptions(suffix));
            }
        }

        private void garbage(Random rnd, int count) throws IOException {
            String[] suffixes = {".mtx", ".el", ".wel", ".txt", ".mtx.gz"};
            for (int i = 0; i < count; i++) {
                byte[] b = new byte[rnd.nextInt(4096)];
                rnd.nextBytes(b);
                if (i % 5 == 4 && b.length >= 2) {
                    b[0] = (byte) 0x1f;
                    b[1] = (byte) 0x8b;
                }
                write(b, suffixes[i % suffixes.length]);
            }
        }

        private void ldbc(Random rnd) throws IOException {
            byte[] v = Files.readAllBytes(DATA.resolve("example-directed.v"));
            byte[] e = Files.readAllBytes(DATA.resolve("example-directed.e"));
            byte[] props = Files.readAllBytes(DATA.resolve("example-directed.properties"));
            for (int i = 0; i < 24; i++) {
                Path d = root.resolve("ldbc" + (counter++));
                Files.createDirectories(d);
                byte[][] files = {v.clone(), e.clone(), props.clone()};
                byte[] target = files[i % 3];
                if (i % 2 == 0) {
                    files[i % 3] = Arrays.copyOf(target, rnd.nextInt(target.length + 1));
                } else {
                    for (int f = 0, n = 1 + rnd.nextInt(3); f < n; f++) {
                        target[rnd.nextInt(target.length)] = (byte) rnd.nextInt(256);
                    }
                }
                if (i == 5) {
                    files[1] = (new String(e, StandardCharsets.US_ASCII) + "2000000000 1 1.0\n").getBytes(StandardCharsets.US_ASCII);
                }
                Files.write(d.resolve("example-directed.v"), files[0]);
                Files.write(d.resolve("example-directed.e"), files[1]);
                Files.write(d.resolve("example-directed.properties"), files[2]);
                add(d.resolve("example-directed.properties"), d.getFileName().toString() + "/", i % 4 == 1 ? "--undirected" : "--directed");
            }
        }

        static String replaceSizeLine(String mtx, String size) {
            String[] lines = mtx.split("\n", -1);
            for (int i = 1; i < lines.length; i++) {
                if (!lines[i].startsWith("%")) {
                    lines[i] = size;
                    break;
                }
            }
            return String.join("\n", lines);
        }

        /** Replaces a random data line (not a comment, not the size line of a Matrix Market file). */
        static String replaceDataLine(Random rnd, String text, String replacement) {
            String[] lines = text.split("\n", -1);
            List<Integer> data = new ArrayList<>();
            boolean mtx = text.startsWith("%%");
            boolean sizeSeen = !mtx;
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].isBlank() || lines[i].startsWith("%") || lines[i].startsWith("#")) {
                    continue;
                }
                if (!sizeSeen) {
                    sizeSeen = true;
                    continue;
                }
                data.add(i);
            }
            lines[data.get(rnd.nextInt(data.size()))] = replacement;
            return String.join("\n", lines);
        }

        /** The same pattern matrix as a general real one, with a value on every line. */
        static byte[] realGeneral(byte[] mtx) {
            StringBuilder sb = new StringBuilder("%%MatrixMarket matrix coordinate real general\n");
            boolean size = false;
            int k = 0;
            for (String line : new String(mtx, StandardCharsets.US_ASCII).split("\n")) {
                if (line.startsWith("%") || line.isBlank()) {
                    continue;
                }
                if (!size) {
                    size = true;
                    sb.append(line.trim()).append('\n');
                    continue;
                }
                sb.append(line.trim()).append(' ').append(0.25 * (k++ % 9 + 1)).append('\n');
            }
            return sb.toString().getBytes(StandardCharsets.US_ASCII);
        }

        /** The Matrix Market entries as a 0-based GAP edge list, weighted or not. */
        static byte[] edgeList(byte[] mtx, boolean weighted) {
            StringBuilder sb = new StringBuilder("# from karate.mtx\n");
            boolean size = false;
            int k = 0;
            for (String line : new String(mtx, StandardCharsets.US_ASCII).split("\n")) {
                if (line.startsWith("%") || line.isBlank()) {
                    continue;
                }
                if (!size) {
                    size = true;
                    continue;
                }
                String[] f = line.trim().split("\\s+");
                sb.append(Integer.parseInt(f[0]) - 1).append(' ').append(Integer.parseInt(f[1]) - 1);
                if (weighted) {
                    sb.append(' ').append(k++ % 5 + 1);
                }
                sb.append('\n');
            }
            return sb.toString().getBytes(StandardCharsets.US_ASCII);
        }

        static byte[] gzip(byte[] data) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
                gz.write(data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }
    }
}
