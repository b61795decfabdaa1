package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stag generate kron|urand --order degree}: the same graph with the same ids stored in degree order, which
 * {@code stag info} reports; {@code --order none} writes today's bytes; a bad order or an output without ids is one
 * line and exit 2.
 */
class GenerateOrderCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"kron", "urand"})
    void degreeOrderIsTheSameGraphInAnotherOrder(String kind) throws IOException {
        Path plain = dir.resolve("plain.stagb");
        Path none = dir.resolve("none.stagb");
        Path degree = dir.resolve("degree.stagb");
        for (String[] run : new String[][] {{plain.toString()}, {none.toString(), "--order", "none"},
                {degree.toString(), "--order", "degree"}}) {
            String[] args = {"generate", kind, "--scale", "10", "--degree", "8", "--weighted", "--threads", "2", "-o", run[0]};
            if (run.length > 1) {
                args = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(run, 1, 3))
                        .toArray(String[]::new);
            }
            CliRunner r = CliRunner.run(args);
            assertEquals(0, r.code(), r.err());
        }
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(none));
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(plain), Files.readAllBytes(degree)));
        Map<String, String> a = CliRunner.run("info", plain.toString()).keyValues();
        Map<String, String> b = CliRunner.run("info", degree.toString()).keyValues();
        assertEquals("degree", b.get("vertex-order"));
        assertNull(a.get("vertex-order"));
        for (String key : new String[] {"vertices", "edges", "duplicates", "self-loops", "min-degree", "max-degree"}) {
            assertEquals(a.get(key), b.get(key), key);
        }
    }

    @Test
    void aBogusOrderIsOneLineAndExitTwo() {
        CliRunner r = CliRunner.run("generate", "kron", "--scale", "5", "--order", "bogus", "-o",
                dir.resolve("x.stagb").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--order: unknown vertex order 'bogus' (expected none or degree)"), r.err());
        assertFalse(Files.exists(dir.resolve("x.stagb")));
    }

    @Test
    void anOrderNeedsAFileThatStoresTheIds() {
        for (String[] c : new String[][] {{"kron", "x.el"}, {"grid", "g.stagb"}}) {
            CliRunner r = CliRunner.run("generate", c[0], "--scale", "5", "--order", "degree", "-o",
                    dir.resolve(c[1]).toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--order degree needs kron or urand written to a .stagb file"), r.err());
            assertFalse(Files.exists(dir.resolve(c[1])));
        }
    }
}
