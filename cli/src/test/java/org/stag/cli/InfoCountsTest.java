package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stag info} on every bundled graph prints the vertex and edge counts that a deliberately naive
 * reader (split on blanks, a HashSet of pairs) computes independently.
 */
class InfoCountsTest {
    static Path datasets() {
        return Datasets.dir();
    }

    static List<Path> suiteSparse() {
        return Datasets.allSuiteSparse();
    }

    /** rows, cols, stored directed edges: symmetric off-diagonal entries twice, diagonal once. */
    static long[] naiveMtxCounts(Path p) throws IOException {
        List<String> lines = Files.readAllLines(p);
        String banner = lines.get(0).toLowerCase();
        boolean symmetric = banner.contains("symmetric");
        int i = 1;
        while (lines.get(i).startsWith("%") || lines.get(i).isBlank()) {
            i++;
        }
        String[] size = lines.get(i).trim().split("\\s+");
        long rows = Long.parseLong(size[0]);
        long cols = Long.parseLong(size[1]);
        Set<String> pairs = new HashSet<>();
        for (i++; i < lines.size(); i++) {
            String t = lines.get(i).trim();
            if (t.isEmpty() || t.startsWith("%")) {
                continue;
            }
            String[] f = t.split("\\s+");
            pairs.add(f[0] + "," + f[1]);
            if (symmetric) {
                pairs.add(f[1] + "," + f[0]);
            }
        }
        return new long[] {rows, cols, pairs.size()};
    }

    @ParameterizedTest
    @MethodSource("suiteSparse")
    void suiteSparseCountsMatch(Path file) throws IOException {
        long[] expected = naiveMtxCounts(file);
        boolean zeroBased = file.getFileName().toString().matches("lesmis.mtx|netscience.mtx");
        CliRunner r = zeroBased ? CliRunner.run("info", "--index-base", "0", file.toString())
                : CliRunner.run("info", file.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, String> kv = r.keyValues();
        if (expected[0] == expected[1]) {
            assertEquals(String.valueOf(expected[0]), kv.get("vertices"), file.toString());
            assertEquals(String.valueOf(expected[2]), kv.get("edges"), file.toString());
        } else {
            assertEquals(String.valueOf(expected[0]), kv.get("rows"));
            assertEquals(String.valueOf(expected[1]), kv.get("columns"));
            assertEquals(String.valueOf(expected[2]), kv.get("entries"));
            assertEquals("no (not square: " + expected[0] + " x " + expected[1] + ")", kv.get("graph"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"example-directed", "example-undirected"})
    void ldbcCountsMatch(String name) throws IOException {
        Path dir = datasets().resolve("ldbc");
        List<String> vertices = Files.readAllLines(dir.resolve(name + ".v")).stream().filter(s -> !s.isBlank()).toList();
        boolean directed = Files.readString(dir.resolve(name + ".properties")).contains("directed = true");
        Set<String> pairs = new HashSet<>();
        for (String line : Files.readAllLines(dir.resolve(name + ".e"))) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            pairs.add(f[0] + "," + f[1]);
            if (!directed) {
                pairs.add(f[1] + "," + f[0]);
            }
        }
        for (String which : new String[] {".properties", ".v", ".e"}) {
            CliRunner r = CliRunner.run("info", dir.resolve(name + which).toString());
            assertEquals(0, r.code(), r.err());
            Map<String, String> kv = r.keyValues();
            assertEquals(String.valueOf(vertices.size()), kv.get("vertices"));
            assertEquals(String.valueOf(pairs.size()), kv.get("edges"));
            assertEquals(String.valueOf(directed), kv.get("directed"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"lesmis.mtx", "netscience.mtx"})
    void zeroBasedSharedFilesAreRefusedWithAHint(String name) {
        CliRunner r = CliRunner.run("info", Datasets.suiteSparse(name).toString());
        assertEquals(2, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals(true, r.err().contains("--index-base 0"), r.err());
    }
}
