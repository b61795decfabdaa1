package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.loaders.tns.CoordinateTensor;
import org.stag.loaders.tns.TnsReader;

/**
 * {@code stag eval} with FROSTT {@code .tns} inputs of order 3 (TTV and MTTKRP, in a dense, a compressed and a DIA-based
 * format) and an order-3 result written as {@code .tns} text; a malformed {@code .tns} line is one line naming the
 * file and line, exit status 2.
 */
class TnsEvalCliTest {
    /** T (2 x 3 x 2), 1-based as the file lists it: i, j, k, value. */
    private static final double[][] T = {{1, 1, 1, 1.5}, {1, 2, 2, 2}, {2, 3, 1, 3}, {2, 1, 2, 4}, {2, 2, 2, -0.25}};
    private static final double[][] B = {{1, 2}, {3, 4}, {5, 6}};
    private static final double[][] C = {{1, -1}, {2, 0.5}};
    private static final double[] V = {10, 100};

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private Path tensorFile() throws IOException {
        StringBuilder s = new StringBuilder("# T, FROSTT .tns: 1-based coordinates and a value\n");
        for (double[] e : T) {
            s.append((int) e[0]).append(' ').append((int) e[1]).append(' ').append((int) e[2]).append(' ').append(e[3]).append('\n');
        }
        return write("t.tns", s.toString());
    }

    private Path matrixFile(String name, double[][] m) throws IOException {
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m[r].length; c++) {
                s.append(r + 1).append(' ').append(c + 1).append(' ').append(m[r][c]).append('\n');
            }
        }
        return write(name, s.toString());
    }

    /** The entries of Matrix Market coordinate text, keyed "row col" (1-based). */
    private static Map<String, Double> matrixMarket(String text) {
        List<String> lines = text.lines().filter(l -> !l.startsWith("%")).toList();
        Map<String, Double> out = new HashMap<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.trim().split("\\s+");
            out.put(f[0] + " " + f[1], Double.parseDouble(f[2]));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,dense,dense", "dense,compressed,compressed", "dense,range,offset,dense"})
    void ttvAndMttkrpOverATnsTensorMatchHandLoops(String format) throws IOException {
        Path t = tensorFile();
        Path v = write("v.txt", "0 " + V[0] + "\n1 " + V[1] + "\n");
        Path ttv = write("ttv.stag", """
                I int
                J int
                K int
                T double[I][J][K]
                v double[K]
                Let Main() -> (y double[I][J])
                    y[i][j] = T[i][j][k] * v[k] | k:(+, 0.0)
                End
                """);
        CliRunner r = CliRunner.run("eval", ttv.toString(), "--input", "T=" + t + ":" + format, "--input", "v=" + v);
        assertEquals(0, r.code(), r.err());
        Map<String, Double> expected = new HashMap<>();
        for (double[] e : T) {
            expected.merge((int) e[0] + " " + (int) e[1], e[3] * V[(int) e[2] - 1], Double::sum);
        }
        assertEquals(expected, matrixMarket(r.out()), r.out());

        Path mttkrp = write("mttkrp.stag", """
                I int
                J int
                K int
                R int
                T double[I][J][K]
                B double[J][R]
                C double[K][R]
                Let Main() -> (y double[I][R])
                    y[i][r] = T[i][j][k] * B[j][r] * C[k][r] | j:(+, 0.0), k:(+, 0.0)
                End
                """);
        r = CliRunner.run("eval", mttkrp.toString(), "--input", "T=" + t + ":" + format, "--input", "B="
                + matrixFile("b.tns", B), "--input", "C=" + matrixFile("c.tns", C));
        assertEquals(0, r.code(), r.err());
        expected.clear();
        for (double[] e : T) {
            for (int c = 0; c < 2; c++) {
                expected.merge((int) e[0] + " " + (c + 1), e[3] * B[(int) e[1] - 1][c] * C[(int) e[2] - 1][c], Double::sum);
            }
        }
        Map<String, Double> actual = matrixMarket(r.out());
        assertEquals(expected.keySet(), actual.keySet(), r.out());
        expected.forEach((k, x) -> assertEquals(x, actual.get(k), 1e-12, k));
    }

    @org.junit.jupiter.api.Test
    void anOrderThreeResultIsWrittenAsTnsAndReadsBack() throws IOException {
        Path program = write("scale.stag", """
                I int
                J int
                K int
                T double[I][J][compressed[K]]
                Let Main() -> (Z double[I][J][compressed[K]])
                    Z[i][j][k] = T[i][j][k] * 2.0
                End
                """);
        Path out = dir.resolve("z.tns");
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "T=" + tensorFile(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).startsWith("# Z "), Files.readString(out));
        CoordinateTensor z = new TnsReader(out, 3, new int[] {2, 3, 2}).read();
        assertEquals(T.length, z.count());
        Map<String, Double> got = new HashMap<>();
        for (int e = 0; e < z.count(); e++) {
            got.put((z.coords()[0][e] + 1) + " " + (z.coords()[1][e] + 1) + " " + (z.coords()[2][e] + 1), z.values()[e]);
        }
        for (double[] e : T) {
            assertEquals(2 * e[3], got.get((int) e[0] + " " + (int) e[1] + " " + (int) e[2]));
        }
    }

    @org.junit.jupiter.api.Test
    void aMalformedTnsLineIsOneLineNamingFileAndLine() throws IOException {
        Path program = write("scale.stag", """
                I int
                J int
                K int
                T double[I][J][K]
                Let Main() -> (Z double[I][J][K])
                    Z[i][j][k] = T[i][j][k] * 2.0
                End
                """);
        Path bad = write("bad.tns", "1 1 1 1.0\n1 0 2 3.0\n");
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "T=" + bad);
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(List.of("stag: " + bad + ":2: coordinate 2 is 0, not in 1..2147483639 (.tns files are 1-based)"),
                r.err().lines().toList());
        Path notTns = write("t.txt", "0 0 0 1.0\n");
        r = CliRunner.run("eval", program.toString(), "--input", "T=" + notTns);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("stag eval reads a tensor of order 3 from a FROSTT .tns file, not " + notTns), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
