package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * {@code stag eval}: SpMV on karate against a plain Java SpMV, in several formats and thread counts; scalar
 * results, several definitions in sequence, parameters; one-line errors with exit status 2.
 */
class EvalCommandTest {
    static final String SPMV = """
            N int
            A double[N][compressed[N]]
            x double[N]

            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;

    @TempDir
    Path dir;

    Path karate;

    @BeforeEach
    void findKarate() {
        karate = Datasets.suiteSparse("karate.mtx");
    }

    Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    /** x[j] = 1 + j / 4 + (j % 3) / 7, as 0-based 'index value' text. */
    static double[] x(int n) {
        double[] x = new double[n];
        for (int j = 0; j < n; j++) {
            x[j] = 1 + j / 4.0 + (j % 3) / 7.0;
        }
        return x;
    }

    Path textVector(double[] x) throws IOException {
        StringBuilder s = new StringBuilder("# index value, 0-based\n");
        for (int j = 0; j < x.length; j++) {
            s.append(j).append(' ').append(x[j]).append('\n');
        }
        return write("x.txt", s.toString());
    }

    Path mtxVector(double[] x) throws IOException {
        StringBuilder s = new StringBuilder("%%MatrixMarket matrix coordinate real general\n" + x.length + " 1 " + x.length + "\n");
        for (int j = 0; j < x.length; j++) {
            s.append(j + 1).append(" 1 ").append(x[j]).append('\n');
        }
        return write("x.mtx", s.toString());
    }

    /** The plain Java SpMV over karate's CSR (pattern: every weight 1). */
    double[] expectedSpmv(double[] x) {
        Graph g = GraphLoader.load(karate, LoadOptions.defaults());
        double[] y = new double[g.numRows()];
        for (int i = 0; i < g.numRows(); i++) {
            double s = 0;
            for (int p = g.rowPtr()[i]; p < g.rowPtr()[i + 1]; p++) {
                s += g.weightAt(p) * x[g.colIdx()[p]];
            }
            y[i] = s;
        }
        return y;
    }

    /** Reads Matrix Market coordinate text of an N x 1 real matrix into a dense vector (missing entries 0). */
    static double[] readVector(String mtx) {
        List<String> lines = mtx.lines().filter(l -> !l.startsWith("%")).toList();
        String[] size = lines.get(0).trim().split("\\s+");
        assertEquals("1", size[1], "one column");
        double[] y = new double[Integer.parseInt(size[0])];
        assertEquals(Integer.parseInt(size[2]), lines.size() - 1, "entry count");
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.trim().split("\\s+");
            assertEquals("1", f[1]);
            y[Integer.parseInt(f[0]) - 1] = Double.parseDouble(f[2]);
        }
        return y;
    }

    static void assertClose(double[] expected, double[] actual) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 1e-12 * Math.max(1, Math.abs(expected[i])), "y[" + i + "]");
        }
    }

    @ParameterizedTest(name = "{0}, {1} thread(s), x from {2}")
    @CsvSource({
        "dense:compressed, 1, txt",
        "dense:compressed, 2, mtx",
        "compressed:compressed, 2, txt",
        "dense:hashed, 1, txt",
        "dense:bitmap, 2, mtx",
        "dense:dense, 1, txt",
        "dense:compressed;order=1:0, 2, txt",
        "dense:range:offset, 1, txt",
        "dense:range:offset, 2, mtx",
        "dense:compressed:offset, 2, txt",
        "dense:dense:singleton, 1, mtx",
        "dense:dense:singleton, 2, txt"})
    void spmvOnKarateMatchesPlainJava(String format, int threads, String xFile) throws IOException {
        Path program = write("spmv.stag", SPMV);
        double[] x = x(34);
        Path xPath = xFile.equals("txt") ? textVector(x) : mtxVector(x);
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "A=" + karate + ":" + format.replace(':', ','),
                "--input", "x=" + xPath, "--threads", Integer.toString(threads));
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("%%MatrixMarket matrix coordinate real general\n"), r.out());
        assertClose(expectedSpmv(x), readVector(r.out()));
    }

    @Test
    void spmvOverManyChunksIsTheSameOnOneAndTwoThreads() throws IOException {
        // 5242 rows: about 20 chunks, so two threads really share the rows.
        karate = Path.of("..", "data", "ca-GrQc.mtx");
        Path program = write("spmv.stag", SPMV);
        double[] x = x(5242);
        Path xPath = textVector(x);
        double[] expected = expectedSpmv(x);
        for (String threads : List.of("1", "2")) {
            CliRunner r = CliRunner.run("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + xPath,
                    "--threads", threads);
            assertEquals(0, r.code(), r.err());
            assertClose(expected, readVector(r.out()));
        }
    }

    @Test
    void outputGoesToAFileWithTheDeclaredFormatByDefault() throws IOException {
        Path program = write("spmv.stag", SPMV);
        double[] x = x(34);
        Path out = dir.resolve("y.mtx");
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + textVector(x),
                "--output", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        assertClose(expectedSpmv(x), readVector(Files.readString(out)));
        // The file is valid Matrix Market for stag itself.
        Graph y = GraphLoader.load(out, LoadOptions.defaults());
        assertEquals(34, y.numRows());
        assertEquals(1, y.numCols());
    }

    @Test
    void theReadmeExampleSumsTheIdsOfTheNeighbours() {
        // README, "Compile a kernel": bundled karate, x[j] = j + 1.
        CliRunner r = CliRunner.run("eval", "examples/spmv.stag", "--input", "A=../data/karate.mtx",
                "--input", "x=examples/karate-x.txt");
        assertEquals(0, r.code(), r.err());
        double[] y = readVector(r.out());
        assertEquals(186, y[0]); // 2+3+4+5+6+7+8+9+11+12+13+14+18+20+22+32
        assertEquals(41, y[3]); // 1+2+3+8+13+14
        double[] ids = new double[34];
        java.util.Arrays.setAll(ids, j -> j + 1);
        assertClose(expectedSpmv(ids), y);
        CliRunner c = CliRunner.run("compile", "examples/spmv.stag", "--emit-java", dir.resolve("gen").toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(c.out().startsWith("Main\ty[i] = A[i][j] * x[j] | j:(+, 0.0)\tloop i,j\torg.stag.gen.Kernel_"), c.out());
    }

    @Test
    void aScalarResultIsOneLine() throws IOException {
        Path program = write("count.stag", """
                N int
                A double[N][compressed[N]]

                Let Main() -> (total double)
                    total = A[i][j] | i:(+, 0.0), j:(+, 0.0)
                End
                """);
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "A=" + karate);
        assertEquals(0, r.code(), r.err());
        assertEquals("156\n", r.out()); // 78 undirected edges, both directions stored
    }

    @Test
    void definitionsRunInOrderWithParametersAndDefaults() throws IOException {
        // deg: out-degrees; then the largest scaled degree, the scale a parameter with a default computed from
        // another; the ifelse on a parameter is decided per run.
        Path program = write("degrees.stag", """
                N int
                base int = 3
                scale double = base * 2 + 0.5
                halve bool
                A bool[N][compressed[N]]

                Let Main() -> (top double)
                    deg int[N]
                    deg[i] = A[i][j] | j:(+, 0)
                    top = ifelse(halve, 0.5, 1.0) * scale * deg[i] | i:(MAX, 0.0)
                End
                """);
        CliRunner full = CliRunner.run("eval", program.toString(), "--input", "A=" + karate, "--param", "halve=false");
        assertEquals(0, full.code(), full.err());
        assertEquals("110.5", full.out().strip()); // max degree 17 (vertex 34) * 6.5
        CliRunner half = CliRunner.run("eval", program.toString(), "--input", "A=" + karate, "--param", "halve=true",
                "--param", "base=1", "--threads", "2");
        assertEquals(0, half.code(), half.err());
        assertEquals(String.format(Locale.ROOT, "%s", 0.5 * 2.5 * 17), half.out().strip());
    }

    @Test
    void aVectorResultWithAnInfiniteFillSaysSo() throws IOException {
        Path program = write("reach.stag", """
                N int
                A double[N][compressed[N]]

                Let Main() -> (d double[N] fill inf)
                    d[i] = ifelse(i < 3, 1.0 * i, fill)
                End
                """);
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "A=" + karate);
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.contains("% entries not listed are inf (the fill value), not 0"), r.out());
        assertTrue(lines.containsAll(List.of("34 1 3", "1 1 0", "2 1 1", "3 1 2")), r.out());
    }

    // ---------------------------------------------------------------------------------------------
    // Errors: exit status 2, one line (program errors add the source line and a caret).

    List<String> failure(CliRunner r) {
        assertEquals(2, r.code(), () -> "exit status; stderr: " + r.err());
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.get(0).startsWith("stag: "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        return lines;
    }

    String oneLineFailure(String... args) {
        List<String> lines = failure(CliRunner.run(args));
        assertEquals(1, lines.size(), String.join("\n", lines));
        return lines.get(0);
    }

    @Test
    void missingInput() throws IOException {
        Path program = write("spmv.stag", SPMV);
        String line = oneLineFailure("eval", program.toString(), "--input", "A=" + karate);
        assertEquals("stag: missing --input x=FILE: Main reads input x (double[N]) at " + program
                + ":6:22 (see 'stag eval --help')", line);
    }

    @Test
    void shapeMismatchWithTheDeclaration() throws IOException {
        Path program = write("spmv.stag", SPMV);
        Path x = textVector(x(34));
        String line = oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x,
                "--param", "N=35");
        assertEquals("stag: " + karate + ": shape mismatch: the file holds a 34 x 34 matrix, but A is declared"
                + " double[N][compressed[N]], N = 35 (from --param N=35)", line);

        Path shortX = write("short.mtx", "%%MatrixMarket matrix coordinate real general\n30 1 1\n1 1 2.5\n");
        line = oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + shortX);
        assertTrue(line.contains("shape mismatch: the file holds a vector of 30, but x is declared double[N], N = 34 (from A ("),
                line);

        Path fixed = write("fixed.stag", SPMV.replace("N int\n", "").replace("[N]", "[40]"));
        line = oneLineFailure("eval", fixed.toString(), "--input", "A=" + karate, "--input", "x=" + x);
        assertTrue(line.endsWith("the file holds a 34 x 34 matrix, but A is declared double[40][compressed[40]]"), line);

        Path far = write("far.txt", "0 1.0\n34 2.0\n");
        line = oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + far);
        assertEquals("stag: " + far + ":2: index 34 out of range 0..33 (indices are 0-based)", line);
    }

    @Test
    void unknownNames() throws IOException {
        Path program = write("spmv.stag", SPMV);
        Path x = textVector(x(34));
        assertTrue(oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x,
                "--input", "z=" + x).contains("--input z: " + program + " has no input tensor z (inputs: A, x)"));
        assertTrue(oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x,
                "--param", "M=3").contains("--param M: " + program + " has no parameter M (parameters: N)"));
        assertTrue(oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x,
                "--input", "N=" + x).contains("it is a parameter; use --param"));
        assertTrue(oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x,
                "--param", "N=many").contains("N is int and 'many' is not an int"));
        assertTrue(oneLineFailure("eval", program.toString(), "--input", "A=" + karate + ":dense,nosuch", "--input", "x=" + x)
                .contains("--input A: format 'dense,nosuch', column 7: unknown level format 'nosuch'"));
        assertEquals("stag: " + dir.resolve("none.mtx") + ": no such file", oneLineFailure("eval", program.toString(),
                "--input", "A=" + dir.resolve("none.mtx"), "--input", "x=" + x));
    }

    @Test
    void callsAndUndecidableConditionsAreRefusedAtTheirPlace() throws IOException {
        Path calls = write("calls.stag", """
                N int
                A double[N][compressed[N]]

                Let Deg() -> (d double[N])
                    d[i] = A[i][j] | j:(+, 0.0)
                End

                Let Main() -> (d double[N])
                    d = Deg()
                End
                """);
        List<String> err = failure(CliRunner.run("eval", calls.toString(), "--input", "A=" + karate));
        assertEquals(3, err.size(), String.join("\n", err));
        assertTrue(err.get(0).startsWith("stag: " + calls + ":9:5: stag eval runs the definitions of Main in order"),
                err.get(0));

        Path computed = write("computed.stag", """
                N int
                k int = 2
                A double[N][compressed[N]]

                Let Main() -> (y double[N])
                    y[i] = ifelse(k > 1, 2.0, 1.0) * A[i][j] | j:(+, 0.0)
                End
                """);
        err = failure(CliRunner.run("eval", computed.toString(), "--input", "A=" + karate));
        assertEquals(3, err.size(), String.join("\n", err));
        assertTrue(err.get(0).startsWith("stag: " + computed + ":6:19: stag eval decides an ifelse condition"), err.get(0));
        assertEquals(" ".repeat(18) + "^", err.get(2));

        Path unset = write("unset.stag", """
                N int
                big bool
                A double[N][compressed[N]]

                Let Main() -> (y double[N])
                    y[i] = ifelse(big, 2.0, 1.0) * A[i][j] | j:(+, 0.0)
                End
                """);
        err = failure(CliRunner.run("eval", unset.toString(), "--input", "A=" + karate));
        assertTrue(err.get(0).endsWith("parameter big has no value; give --param big=true or =false"), err.get(0));
    }

    @Test
    void aParameterWithoutValueIsNamed() throws IOException {
        Path program = write("scaled.stag", """
                N int
                c double
                A double[N][compressed[N]]

                Let Main() -> (s double)
                    s = c * A[i][j] | i:(+, 0.0), j:(+, 0.0)
                End
                """);
        List<String> err = failure(CliRunner.run("eval", program.toString(), "--input", "A=" + karate));
        assertTrue(err.get(0).endsWith(": c has no value: give --param c=VALUE"), err.get(0));
        CliRunner ok = CliRunner.run("eval", program.toString(), "--input", "A=" + karate, "--param", "c=0.5");
        assertEquals(0, ok.code(), ok.err());
        assertEquals("78", ok.out().strip());
    }

    @Test
    void badVectorText() throws IOException {
        Path program = write("spmv.stag", SPMV);
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"0 1\n1 x\n", ":2: value 'x' is not a number"});
        cases.add(new String[] {"0 1\n1\n", ":2: expected 'index value' (2 fields), found 1 fields"});
        cases.add(new String[] {"0 1\n3 2\n0 5\n", ":3: index 0 is given again (first on line 1)"});
        cases.add(new String[] {"-1 1\n", ":1: index -1 out of range 0..33 (indices are 0-based)"});
        for (String[] c : cases) {
            Path x = write("x.txt", c[0]);
            String line = oneLineFailure("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x);
            assertEquals("stag: " + x + c[1], line);
        }
    }
}
