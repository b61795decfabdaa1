package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.graph.GraphTensor;

/** {@code --format} on info and convert. */
class FormatOptionTest {
    @TempDir
    Path dir;

    static Path karate() {
        return Path.of("..", "data", "karate.mtx");
    }

    static java.util.List<String> formats() {
        java.util.List<String> out = new java.util.ArrayList<>(GraphTensor.shippedFormats());
        out.add("dense,hashed");
        out.add("list,list");
        return out;
    }

    @ParameterizedTest
    @MethodSource("formats")
    void infoReportsTheMemoryOfTheFormat(String format) {
        CliRunner r = CliRunner.run("info", "--format", format, karate().toString());
        assertEquals(0, r.code(), r.err());
        Map<String, String> kv = r.keyValues();
        assertEquals(format, kv.get("in-memory-format"));
        assertTrue(Long.parseLong(kv.get("in-memory-bytes")) > 156 * 4L, kv.toString());
        assertTrue(Double.parseDouble(kv.get("in-memory-bytes-per-edge")) >= 4.0, kv.toString());
    }

    @ParameterizedTest
    @MethodSource("formats")
    void convertThroughAFormatWritesTheSameFile(String format) throws IOException {
        Path direct = dir.resolve("direct.mtx");
        Path through = dir.resolve("through.mtx");
        assertEquals(0, CliRunner.run("convert", karate().toString(), direct.toString()).code());
        CliRunner r = CliRunner.run("convert", "--format", format, karate().toString(), through.toString());
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(direct), Files.readAllBytes(through));
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> infoAndRun() {
        java.util.List<org.junit.jupiter.params.provider.Arguments> out = new java.util.ArrayList<>();
        for (String graph : new String[] {"karate.mtx", "west0067.mtx"}) {
            for (String format : new String[] {"dense,compressed", "dense,ctree", "bst,ctree", "dense,hashed"}) {
                out.add(org.junit.jupiter.params.provider.Arguments.of(graph, format));
            }
        }
        return out.stream();
    }

    /**
     * The bytes {@code info --format F} reports are the bytes {@code run --format F} holds (issue 9). In a format
     * whose pattern and weights are built apart (a static one other than {@code dense,compressed}), {@code info}
     * counts both, and a run that reads only the pattern holds less.
     */
    @ParameterizedTest
    @MethodSource("infoAndRun")
    void infoReportsWhatRunHolds(String graph, String format) {
        String file = Datasets.suiteSparse(graph).toString();
        CliRunner info = CliRunner.run("info", "--format", format, file);
        assertEquals(0, info.code(), info.err());
        CliRunner run = CliRunner.run("run", "bfs", "--graph", file, "--format", format, "--source", "1",
                "--output", dir.resolve("depths.txt").toString());
        assertEquals(0, run.code(), run.err());
        Map<String, String> summary = new CliRunner(0, run.err(), "").keyValues();
        Map<String, String> kv = info.keyValues();
        if (format.equals("dense,hashed") && graph.equals("west0067.mtx")) {
            assertTrue(Long.parseLong(summary.get("graph-bytes")) < Long.parseLong(kv.get("in-memory-bytes")));
        } else {
            assertEquals(kv.get("in-memory-bytes"), summary.get("graph-bytes"), run.err());
            assertEquals(kv.get("in-memory-bytes-per-edge"), summary.get("graph-bytes-per-edge"));
        }
        assertEquals(kv.get("in-memory-counts"), summary.get("graph-counts"));
        assertEquals(graph.equals("karate.mtx") ? "out-tensor" : "out-tensor in-tensor", kv.get("in-memory-counts"));
    }

    @Test
    void unknownFormatsAreRefusedBeforeLoading() {
        CliRunner r = CliRunner.run("info", "--format", "dense,nosuch", "no-such-file.mtx");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count());
        assertTrue(r.err().contains("nosuch") && r.err().contains("compressed") && r.err().contains("ctree".equals("") ? "" : "list"), r.err());
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> badFormatBeforeTheGraph() {
        String missing = Path.of("no-such-dir", "no-such-graph.mtx").toString();
        java.util.List<org.junit.jupiter.params.provider.Arguments> out = new java.util.ArrayList<>();
        for (String format : new String[] {"dense,nosuch", "dense", "dense,compressed;order=0,0"}) {
            out.add(org.junit.jupiter.params.provider.Arguments.of(format, new String[] {"run", "pagerank", "--graph",
                missing, "--format", format}));
            out.add(org.junit.jupiter.params.provider.Arguments.of(format, new String[] {"compare", "bfs", "--graph",
                missing, "--source", "1", "--format", format}));
            out.add(org.junit.jupiter.params.provider.Arguments.of(format, new String[] {"stream", "--graph", missing,
                "--updates", missing, "--format", format}));
            out.add(org.junit.jupiter.params.provider.Arguments.of(format, new String[] {"info", missing, "--format",
                format}));
            out.add(org.junit.jupiter.params.provider.Arguments.of(format, new String[] {"convert", missing,
                "out.mtx", "--format", format}));
        }
        return out.stream();
    }

    /**
     * {@code --format} is parsed as the command line is read: a bad one is refused, one line and exit status 2,
     * before the graph is opened (here it does not exist, and its error never comes).
     */
    @ParameterizedTest
    @MethodSource("badFormatBeforeTheGraph")
    void aBadFormatIsRefusedBeforeTheGraphIsOpened(String format, String[] args) {
        CliRunner r = CliRunner.run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: --format '" + format + "'"), r.err());
        assertFalse(r.err().contains("no-such"), r.err());
    }

    @Test
    void aRectangularMatrixIsNoGraphForAFormat() {
        Path afiro = Datasets.suiteSparse("lp_afiro.mtx");
        CliRunner r = CliRunner.run("info", "--format", "dense,compressed", afiro.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not square: 27 x 51"), r.err());
    }
}
