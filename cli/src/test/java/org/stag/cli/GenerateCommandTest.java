package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code stag generate} writes the same bytes for the same seed, on any thread count. */
class GenerateCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"kron,out.el", "kron,out.mtx", "urand,out.wel", "grid,out.mtx.gz"})
    void sameSeedSameBytes(String kind, String name) throws IOException {
        Path a = dir.resolve("a-" + name);
        Path b = dir.resolve("b-" + name);
        Path c = dir.resolve("c-" + name);
        String weighted = name.contains(".wel") ? "--weighted" : "--directed";
        // The full lattice (grid degree 4) has no randomness; a lower degree does.
        String degree = kind.equals("grid") ? "3" : "16";
        for (String[] run : new String[][] {{"7", "1", a.toString()}, {"7", "2", b.toString()}, {"8", "2", c.toString()}}) {
            CliRunner r = CliRunner.run("generate", kind, "--scale", "12", "--degree", degree, "--seed", run[0],
                    "--threads", run[1], weighted, "-o", run[2]);
            assertEquals(0, r.code(), r.err());
        }
        byte[] first = Files.readAllBytes(a);
        assertTrue(first.length > 1000);
        assertArrayEquals(first, Files.readAllBytes(b));
        assertFalse(Arrays.equals(first, Files.readAllBytes(c)), "another seed gives another graph");
    }

    @ParameterizedTest
    @CsvSource({"kron,16", "urand,16", "grid,4"})
    void generatedGraphsLoadBackWithTheirSize(String kind, int degree) {
        Path out = dir.resolve(kind + ".mtx");
        CliRunner g = CliRunner.run("generate", kind, "--scale", "10", "--degree", String.valueOf(degree), "-o", out.toString());
        assertEquals(0, g.code(), g.err());
        CliRunner info = CliRunner.run("info", out.toString());
        assertEquals(0, info.code(), info.err());
        Map<String, String> kv = info.keyValues();
        assertEquals("1024", kv.get("vertices"));
        assertEquals("false", kv.get("directed"));
        long edges = Long.parseLong(kv.get("edges"));
        assertTrue(edges > 1024 && edges <= 2L * degree * 1024, kind + ": " + edges);
    }
}
