package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.engine.front.ProgramException;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.schema.SchemaException;
import org.stag.loaders.BadInputException;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.VertexIds;
import org.stag.loaders.binary.BinaryGraphWriter;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.updates.UpdateBatchReader;
import org.stag.loaders.updates.UpdateIds;

/**
 * The fuzzing harness (issue 30, item 4): generated Matrix Market files, edge lists, binary graphs, update
 * streams, programs and node schemas go through the real entry points, the command line in-process
 * ({@code stag info}, {@code stag convert} over an existing file) or the parsers as the command line calls
 * them ({@link UpdateBatchReader}, {@link Programs#check}, {@link GraphTensor#format}), and each keeps
 * {@link FuzzRule}. Fixed seeds, so CI sees the same inputs every run (about 1,250; well under two minutes);
 * an input that ever failed goes to {@code src/test/resources/fuzz-regressions} ({@link FuzzRegressionTest}).
 */
class FuzzHarnessTest {
    private static final Path DIR = tempDir();
    private static final Path DATA = Path.of("..", "data");
    private static final AtomicInteger INPUTS = new AtomicInteger();
    private static final AtomicInteger REFUSED = new AtomicInteger();
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private static Path tempDir() {
        try {
            Path d = Files.createTempDirectory("stag-fuzz");
            d.toFile().deleteOnExit();
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path write(String suffix, byte[] bytes) {
        Path p = DIR.resolve("in" + COUNTER.incrementAndGet() + suffix);
        try {
            Files.write(p, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code stag info FILE} and, every third input, {@code stag convert FILE OUT} over an existing OUT. */
    private static void throughTheCommandLine(Path in, String... options) {
        INPUTS.incrementAndGet();
        List<String> info = new ArrayList<>(List.of("info", in.toString()));
        info.addAll(List.of(options));
        FuzzRule.Outcome o = FuzzRule.cli(String.join(" ", info), info, null);
        if (o.code() != Stag.OK) {
            REFUSED.incrementAndGet();
        }
        if (COUNTER.get() % 3 == 0) {
            Path out = DIR.resolve("kept" + COUNTER.get() + ".mtx");
            try {
                Files.writeString(out, "%%MatrixMarket matrix coordinate pattern general\n1 1 0\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> convert = new ArrayList<>(List.of("convert", in.toString(), out.toString()));
            convert.addAll(List.of(options));
            FuzzRule.cli(String.join(" ", convert), convert, out);
            delete(out);
        }
        delete(in);
    }

    @Provide
    Arbitrary<FuzzInputs.Damaged> matrixMarketFiles() {
        return FuzzInputs.damaged(FuzzInputs.matrixMarket());
    }

    @Property(tries = 300, seed = "3001")
    void matrixMarket(@ForAll("matrixMarketFiles") FuzzInputs.Damaged file, @ForAll boolean errorOnDuplicates) {
        Path in = write(file.mutation().name().startsWith("GZIP") && file.seed() % 2 == 0 ? ".mtx.gz" : ".mtx", file.bytes());
        throughTheCommandLine(in, errorOnDuplicates ? new String[] {"--duplicates", "error"} : new String[0]);
    }

    @Provide
    Arbitrary<FuzzInputs.Damaged> edgeListFiles() {
        return FuzzInputs.damaged(FuzzInputs.edgeList());
    }

    @Property(tries = 250, seed = "3002")
    void edgeLists(@ForAll("edgeListFiles") FuzzInputs.Damaged file,
                   @ForAll("edgeListSuffixes") String suffix, @ForAll("edgeListOptions") String option) {
        Path in = write(suffix, file.bytes());
        throughTheCommandLine(in, option.isEmpty() ? new String[0] : option.split(" "));
    }

    @Provide
    Arbitrary<String> edgeListSuffixes() {
        return Arbitraries.of(".el", ".wel", ".txt", ".el.gz");
    }

    @Provide
    Arbitrary<String> edgeListOptions() {
        return Arbitraries.of("", "--undirected", "--weighted", "--undirected --duplicates min", "--unweighted", "--directed");
    }

    /** Good binary files of a few kinds (pattern, real, exact integers, explicit ids) to damage. */
    private static final List<byte[]> BINARIES = binaries();

    private static List<byte[]> binaries() {
        List<byte[]> out = new ArrayList<>();
        String[] texts = {
            null,
            "%%MatrixMarket matrix coordinate real symmetric\n4 4 4\n2 1 0.5\n3 1 -2\n4 4 inf\n3 2 1e300\n",
            "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int64_t\n3 3 3\n1 2 9223372036854775807\n2 3 -5\n3 1 9007199254740993\n",
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 4\n3 2 -7\n",
        };
        try {
            for (String t : texts) {
                Path text = t == null ? DATA.resolve("karate.mtx") : write(".mtx", t.getBytes(StandardCharsets.US_ASCII));
                Path bin = DIR.resolve("base" + out.size() + ".stagb");
                BinaryGraphWriter.write(GraphLoader.load(text, LoadOptions.defaults().withThreads(1)), bin, 1);
                out.add(Files.readAllBytes(bin));
            }
            Path ldbc = DATA.resolve("example-directed.properties");
            Path bin = DIR.resolve("ldbc.stagb");
            BinaryGraphWriter.write(GraphLoader.load(ldbc, LoadOptions.defaults().withThreads(1)), bin, 1);
            out.add(Files.readAllBytes(bin));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @Provide
    Arbitrary<byte[]> binaryFiles() {
        return Combinators.combine(Arbitraries.integers().between(0, BINARIES.size() - 1), Arbitraries.integers().between(0, 4),
                Arbitraries.longs()).as((which, kind, seed) -> damageBinary(BINARIES.get(which), kind, seed));
    }

    /** Flips (with the header's checksum made right again, or not), a cut, or a header field set at random. */
    static byte[] damageBinary(byte[] good, int kind, long seed) {
        Random rnd = new Random(seed);
        byte[] b = good.clone();
        switch (kind) {
            case 0 -> b = FuzzInputs.apply(b, FuzzInputs.Mutation.TRUNCATE, seed);
            case 1 -> b = FuzzInputs.apply(b, FuzzInputs.Mutation.FLIP, seed);
            default -> {
                // A header byte (sizes, kinds, flags) set at random behind a valid header checksum.
                int at = 8 + rnd.nextInt(124 - 8);
                b[at] = (byte) (kind == 2 ? rnd.nextInt(4) : rnd.nextInt(256));
                CRC32C crc = new CRC32C();
                crc.update(b, 0, 124);
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(124, (int) crc.getValue());
            }
        }
        return b;
    }

    @Property(tries = 200, seed = "3003")
    void binaryGraphs(@ForAll("binaryFiles") byte[] file) {
        throughTheCommandLine(write(".stagb", file));
    }

    @Provide
    Arbitrary<FuzzInputs.Damaged> updateFiles() {
        return FuzzInputs.damaged(FuzzInputs.updates());
    }

    /** An update stream read as {@code stag stream} reads it, in batches, against a 12-vertex graph. */
    @Property(tries = 200, seed = "3004")
    void updateStreams(@ForAll("updateFiles") FuzzInputs.Damaged file, @ForAll("batchSizes") int batch) {
        INPUTS.incrementAndGet();
        Path in = write(".upd", file.bytes());
        String what = "updates " + in.getFileName();
        FuzzRule.within(what, () -> {
            try (UpdateBatchReader r = UpdateBatchReader.open(in, new UpdateIds(VertexIds.offset(0), 12), batch, 1, 0)) {
                while (r.next() != null) {
                    // Every batch is read; the graph is not changed.
                }
            } catch (BadInputException e) {
                REFUSED.incrementAndGet();
                FuzzRule.oneLine(what, e.getMessage());
                assertTrue(e.getMessage().startsWith(in.toString()), what + ": the refusal names the file: " + e.getMessage());
            }
            return null;
        });
        delete(in);
    }

    @Provide
    Arbitrary<Integer> batchSizes() {
        return Arbitraries.of(1, 3, 1000);
    }

    private static List<String> texts(Path dir, String suffix) {
        try (Stream<Path> files = Files.list(dir)) {
            List<String> out = new ArrayList<>();
            for (Path p : files.filter(f -> f.toString().endsWith(suffix)).sorted().toList()) {
                out.add(Files.readString(p));
            }
            assertTrue(out.size() > 3, "too few sources in " + dir.toAbsolutePath());
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final List<String> PROGRAM_TOKENS = List.of("N", "int", "float", "long", "bool", "[", "]", "[N]", "(",
            ")", "|", "+", "-", "*", "End", "Let", "->", "ifelse", "0", "1.5", "1e999", "x", "#1", "#0", "*|", "FormatRule",
            "@", "Ord", "MIN", "fill", "compressed[N]", "i:(+,", "=", ",", "Main()", "\t", "'");

    @Provide
    Arbitrary<String> programs() {
        return FuzzInputs.edited(texts(Path.of("..", "algorithms", "src", "main", "resources", "org", "stag", "algorithms"), ".stag"),
                PROGRAM_TOKENS);
    }

    /** A program read and checked as {@code stag run PROGRAM.stag} does before it loads the graph. */
    @Property(tries = 200, seed = "3005")
    void programs(@ForAll("programs") String text) {
        INPUTS.incrementAndGet();
        Path in = write(".stag", text.getBytes(StandardCharsets.UTF_8));
        String what = "program " + in.getFileName();
        FuzzRule.within(what, () -> {
            try {
                ProgramFiles.check(in);
            } catch (ProgramException e) {
                REFUSED.incrementAndGet();
                FuzzRule.oneLine(what, e.getMessage());
            } catch (BadInputException e) {
                REFUSED.incrementAndGet();
                FuzzRule.oneLine(what, e.getMessage());
            }
            return null;
        });
        delete(in);
    }

    private static final List<String> SCHEMA_TOKENS = List.of("node", "{", "}", ":", ";", "int", "long", "child", "children",
            "keys", "[", "]", "4", "0", "-1", "99999999999", "x", "=", ",", "sorted", "gap", "#", "//", "\t");

    @Provide
    Arbitrary<String> schemas() {
        return FuzzInputs.edited(texts(Path.of("..", "formats", "src", "main", "resources", "org", "stag", "formats", "schema"),
                ".schema"), SCHEMA_TOKENS);
    }

    /** A node schema given as {@code --format dense,FILE.schema}, parsed as the command line parses it. */
    @Property(tries = 200, seed = "3006")
    void schemas(@ForAll("schemas") String text) {
        INPUTS.incrementAndGet();
        Path in = write(".schema", text.getBytes(StandardCharsets.UTF_8));
        String what = "schema " + in.getFileName();
        FuzzRule.within(what, () -> {
            try {
                GraphTensor.format("dense," + in);
            } catch (SchemaException e) {
                REFUSED.incrementAndGet();
                FuzzRule.oneLine(what, e.getMessage());
            } catch (BadInputException e) {
                REFUSED.incrementAndGet();
                FuzzRule.oneLine(what, e.getMessage());
            }
            return null;
        });
        delete(in);
    }

    @AfterContainer
    static void report() {
        System.out.printf("fuzz harness: %d inputs over six kinds, %d refused in one line, none crashed or hung%n",
                INPUTS.get(), REFUSED.get());
        if (INPUTS.get() > 1000 / 6 * 5) {
            // All six kinds ran (one alone, with -Dtest=FuzzHarnessTest#kind, is not the harness's count).
            assertTrue(INPUTS.get() >= 1000, "only " + INPUTS.get() + " fuzz inputs");
        }
    }
}
