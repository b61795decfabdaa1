package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.LoadOptions;

/**
 * {@code stag run} and {@code stag info} with {@code --format dense,vbyte} load a {@code .stagb} straight into the
 * encoded structure: every shipped program writes what it writes on the graph loaded whole (in {@code dense,compressed}),
 * on a kron graph stored in degree order (an ids section: results in external ids) and a directed urand graph; info
 * reports no loader arrays; the resident process keeps the straight graph apart from the whole one; and what the
 * straight load refuses (exact integers, NaN weights, a rectangular matrix) is one line with exit 2.
 */
class StraightLoadCliTest {
    /** Programs whose real-valued sums may round differently across formats. */
    private static final Set<String> ROUNDED = Set.of("bc", "ppr", "pagerank", "lcc", "sssp");

    @TempDir
    static Path dir;

    @BeforeAll
    static void graphs() {
        CliRunner kron = CliRunner.run("generate", "kron", "--scale", "9", "--degree", "8", "--weighted", "--order",
                "degree", "-o", dir.resolve("kron.stagb").toString());
        assertEquals(0, kron.code(), kron.err());
        CliRunner urand = CliRunner.run("generate", "urand", "--scale", "8", "--degree", "6", "--weighted",
                "--directed", "-o", dir.resolve("urand.stagb").toString());
        assertEquals(0, urand.code(), urand.err());
    }

    static List<String> algorithms() {
        return Algorithm.names();
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void everyProgramWritesWhatTheWholeLoadWrites(String algorithm) throws IOException {
        for (String g : List.of("kron", "urand")) {
            Path a = dir.resolve(algorithm + "-" + g + "-whole.txt");
            Path b = dir.resolve(algorithm + "-" + g + "-straight.txt");
            String file = dir.resolve(g + ".stagb").toString();
            CliRunner ra = CliRunner.run("run", algorithm, "--graph", file, "--format", "dense,compressed", "-o", a.toString());
            CliRunner rb = CliRunner.run("run", algorithm, "--graph", file, "--format", "dense,vbyte", "-o", b.toString());
            assertEquals(ra.code(), rb.code(), ra.err() + rb.err());
            if (g.equals("kron")) {
                assertEquals(0, ra.code(), ra.err());
            } else if (ra.code() != 0) {
                // A program that takes no directed graph refuses it alike, however it was loaded.
                assertEquals(ra.err(), rb.err());
                continue;
            }
            List<String> la = Files.readAllLines(a);
            List<String> lb = Files.readAllLines(b);
            assertFalse(la.isEmpty(), algorithm + " on " + g);
            ResultLines.assertSame(algorithm + " on " + g, la, lb, ROUNDED.contains(algorithm));
        }
    }

    @Test
    void infoShowsTheEncodedStructureAndNoLoaderArrays() {
        String file = dir.resolve("kron.stagb").toString();
        Map<String, String> whole = CliRunner.run("info", file, "--format", "dense,compressed").keyValues();
        CliRunner r = CliRunner.run("info", file, "--format", "dense,vbyte");
        assertEquals(0, r.code(), r.err());
        Map<String, String> straight = r.keyValues();
        for (String k : List.of("vertices", "edges", "self-loops", "min-degree", "max-degree", "directed", "weighted",
                "vertex-order")) {
            assertEquals(whole.get(k), straight.get(k), k);
        }
        assertEquals("0", straight.get("memory-bytes"));
        long bytes = Long.parseLong(straight.get("in-memory-bytes"));
        assertTrue(bytes > 0 && bytes < Long.parseLong(whole.get("in-memory-bytes")), straight + " vs " + whole);
    }

    @Test
    void theResidentProcessKeepsTheStraightGraphApartFromTheWholeOne() {
        Path file = dir.resolve("kron.stagb");
        LoadOptions options = LoadOptions.defaults();
        ResidentGraphs.enable(1L << 30);
        try {
            LoadedGraph straight = ResidentGraphs.load(file, options, FormatParser.parse("dense,vbyte"));
            LoadedGraph whole = ResidentGraphs.load(file, options, FormatParser.parse("dense,compressed"));
            assertFalse(straight.graph().holdsEdges());
            assertTrue(whole.graph().holdsEdges());
            assertNotSame(straight.graph(), whole.graph());
            LoadedGraph again = ResidentGraphs.load(file, options, FormatParser.parse("dense,vbyte"));
            assertSame(straight.graph(), again.graph());
            assertSame(straight.straight(), again.straight());
            assertSame(whole.graph(), ResidentGraphs.load(file, options, FormatParser.parse("dense,ctree")).graph());
        } finally {
            ResidentGraphs.disable();
        }
    }

    @Test
    void whatTheStraightLoadRefusesIsOneLineAndExitTwo() throws IOException {
        Path exact = dir.resolve("exact.mtx");
        Files.writeString(exact, "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 9007199254740993\n2 3 4\n");
        Path nan = dir.resolve("nan.mtx");
        Files.writeString(nan, "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 nan\n2 3 4\n");
        Path wide = dir.resolve("wide.mtx");
        Files.writeString(wide, "%%MatrixMarket matrix coordinate pattern general\n3 4 2\n1 2\n2 4\n");
        Map<String, String> expected = Map.of("exact", "exact integers", "nan", "NaN or infinite weights", "wide",
                "not square");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Path in = dir.resolve(e.getKey() + ".mtx");
            Path stagb = dir.resolve(e.getKey() + ".stagb");
            CliRunner c = CliRunner.run("convert", in.toString(), stagb.toString());
            assertEquals(0, c.code(), c.err());
            CliRunner r = CliRunner.run("run", "bfs", "--graph", stagb.toString(), "--format", "dense,vbyte", "--source", "1");
            assertEquals(2, r.code(), e.getKey() + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(e.getValue()) && r.err().contains(stagb.toString()), r.err());
        }
    }
}
