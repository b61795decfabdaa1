package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code stag compile}: kernels listed and emitted, program errors with line, column and caret, bad formats. */
class CompileCommandTest {
    static final String SPMV = """
            # y = A x
            N int
            A double[N][compressed[N]]
            x double[N]

            Let Main() -> (y double[N], s double)
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
                s = y[i] | i:(+, 0.0)
            End
            """;

    @TempDir
    Path dir;

    Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    /** The kernel lines: function, definition, loop order, class, time (the plan's '# ' lines skipped). */
    static List<String[]> kernelLines(String out) {
        return out.lines().filter(l -> !l.isBlank() && !l.startsWith("# ")).map(l -> l.split("\t")).toList();
    }

    @Test
    void emitsOneClassPerDefinitionAndListsThem() throws IOException {
        Path program = write("spmv.stag", SPMV);
        Path gen = dir.resolve("gen");
        // Fusion off: y's row reduction and s would otherwise be one pass (FusionTest, PassOptionsTest).
        CliRunner r = CliRunner.run("compile", program.toString(), "--emit-java", gen.toString(), "--no-pass", "fusion");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        List<String[]> lines = kernelLines(r.out());
        assertEquals(2, lines.size(), r.out());
        String[] spmv = lines.get(0);
        assertEquals(5, spmv.length, r.out());
        assertEquals("Main", spmv[0]);
        assertEquals("y[i] = A[i][j] * x[j] | j:(+, 0.0)", spmv[1]);
        assertEquals("loop i,j", spmv[2]);
        assertTrue(spmv[3].startsWith("org.stag.gen."), spmv[3]);
        assertTrue(spmv[4].matches("\\d+\\.\\d ms"), spmv[4]);
        assertEquals("s = y[i] | i:(+, 0.0)", lines.get(1)[1]);
        assertEquals("loop i", lines.get(1)[2]);

        for (String[] line : lines) {
            String simple = line[3].substring(line[3].lastIndexOf('.') + 1);
            Path file = gen.resolve("org/stag/gen/" + simple + ".java");
            assertTrue(Files.isRegularFile(file), file + " was not written");
            String java = Files.readString(file);
            assertTrue(java.startsWith("package org.stag.gen;"), java);
            assertTrue(java.contains("public final class " + simple + " "), java);
        }
        assertCompiles(gen);
    }

    /** The emitted sources compile with javac against the engine, as they are. */
    static void assertCompiles(Path root) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no system Java compiler: the build needs a JDK, not a JRE");
        List<String> sources;
        try (Stream<Path> s = Files.walk(root)) {
            sources = s.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
        }
        assertFalse(sources.isEmpty());
        Path classes = Files.createDirectories(root.resolveSibling("classes"));
        StringWriter diagnostics = new StringWriter();
        List<String> args = new java.util.ArrayList<>(List.of("-proc:none", "-cp", System.getProperty("java.class.path"),
                "-d", classes.toString()));
        args.addAll(sources);
        int rc = javac.run(null, null, new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                diagnostics.write(b);
            }
        }, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
        assertEquals(0, rc, () -> "emitted Java does not compile:\n" + diagnostics);
    }

    @Test
    void emitCinPrintsEachKernelsTreeAfterItsLine() throws IOException {
        Path program = write("spmv.stag", SPMV);
        CliRunner r = CliRunner.run("compile", program.toString(), "--emit-java", dir.resolve("gen").toString(),
                "--no-pass", "fusion", "--emit-cin");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().filter(l -> !l.startsWith("# ")).toList();
        assertEquals(4, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("Main\ty[i] = A[i][j] * x[j] | j:(+, 0.0)\t"), r.out());
        assertEquals("cin: forall i (y[i] = acc0 where (acc0 = 0.0; forall j acc0 += A[i][j] * x[j]))", lines.get(1));
        assertEquals("cin: (s = acc0 where (acc0 = 0.0; forall i acc0 += y[i]))", lines.get(3));
    }

    @Test
    void withoutEmitJavaPrintsTheSources() throws IOException {
        Path program = write("spmv.stag", SPMV);
        CliRunner r = CliRunner.run("compile", program.toString(), "--no-pass", "fusion");
        assertEquals(0, r.code(), r.err());
        List<String> headers = r.out().lines().filter(l -> l.startsWith("// Main\t")).toList();
        assertEquals(2, headers.size(), r.out());
        assertEquals(2, r.out().split("package org.stag.gen;", -1).length - 1, r.out());
        String cls = headers.get(0).split("\t")[3];
        assertTrue(r.out().contains("public final class " + cls.substring(cls.lastIndexOf('.') + 1)), r.out());
    }

    @Test
    void everyFunctionOfPageRankAndWccCompiles(@TempDir Path gen) {
        for (String name : List.of("pagerank.stag", "wcc.stag")) {
            Path program = Path.of("..", "engine", "src", "test", "resources", "programs", name);
            CliRunner r = CliRunner.run("compile", program.toString(), "--emit-java", gen.toString());
            assertEquals(0, r.code(), name + ": " + r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Step\t")), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Main\t")), r.out());
        }
    }

    @Test
    void uniformConditionsGiveOneKernelPerValueUnlessAParameterFixesThem() throws IOException {
        Path program = write("scaled.stag", """
                N int
                twice bool
                A double[N][compressed[N]]
                x double[N]

                Let Main() -> (y double[N])
                    y[i] = ifelse(twice, 2.0, 1.0) * A[i][j] * x[j] | j:(+, 0.0)
                End
                """);
        CliRunner both = CliRunner.run("compile", program.toString(), "--emit-java", dir.resolve("gen").toString());
        assertEquals(0, both.code(), both.err());
        List<String[]> lines = kernelLines(both.out());
        assertEquals(2, lines.size(), both.out());
        assertTrue(lines.get(0)[1].endsWith("{twice=true}"), lines.get(0)[1]);
        assertTrue(lines.get(1)[1].endsWith("{twice=false}"), lines.get(1)[1]);
        assertFalse(lines.get(0)[3].equals(lines.get(1)[3]), "two distinct classes");

        CliRunner one = CliRunner.run("compile", program.toString(), "--param", "twice=false",
                "--emit-java", dir.resolve("gen").toString());
        assertEquals(0, one.code(), one.err());
        List<String[]> fixed = kernelLines(one.out());
        assertEquals(1, fixed.size(), one.out());
        assertEquals(lines.get(1)[3], fixed.get(0)[3], "the same kernel as the false variant");
    }

    @Test
    void formatOverrideChangesTheKernel() throws IOException {
        Path program = write("spmv.stag", SPMV);
        CliRunner csr = CliRunner.run("compile", program.toString(), "--emit-java", dir.resolve("a").toString(),
                "--no-pass", "fusion");
        CliRunner hashed = CliRunner.run("compile", program.toString(), "--format", "A=dense,hashed",
                "--emit-java", dir.resolve("b").toString(), "--no-pass", "fusion");
        assertEquals(0, hashed.code(), hashed.err());
        assertFalse(kernelLines(csr.out()).get(0)[3].equals(kernelLines(hashed.out()).get(0)[3]));
        // The second definition does not read A: the same kernel.
        assertEquals(kernelLines(csr.out()).get(1)[3], kernelLines(hashed.out()).get(1)[3]);
    }

    @Test
    void aSyntaxErrorShowsFileLineColumnAndCaret() throws IOException {
        Path program = write("bad.stag", SPMV.replace("y[i] = A[i][j] * x[j]", "y[i] = A[i][j] * * x[j]"));
        CliRunner r = CliRunner.run("compile", program.toString());
        assertEquals(2, r.code());
        assertEquals("", r.out());
        List<String> err = r.err().lines().toList();
        assertEquals(3, err.size(), r.err());
        assertTrue(err.get(0).startsWith("stag: " + program + ":7:22: "), err.get(0));
        assertEquals("    y[i] = A[i][j] * * x[j] | j:(+, 0.0)", err.get(1));
        assertEquals(" ".repeat(21) + "^", err.get(2));
    }

    @Test
    void aCheckErrorShowsFileLineColumnAndCaret() throws IOException {
        Path program = write("bad.stag", SPMV.replace("* x[j]", "* z[j]"));
        CliRunner r = CliRunner.run("compile", program.toString());
        assertEquals(2, r.code());
        List<String> err = r.err().lines().toList();
        assertEquals(3, err.size(), r.err());
        assertEquals("stag: " + program + ":7:22: unknown tensor 'z'", err.get(0));
        assertEquals(" ".repeat(21) + "^", err.get(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"A=dense,nosuch", "A=dense", "B=dense,compressed", "A=", "dense", "dense,nosuch"})
    void badFormatsExitTwoWithOneLine(String format) throws IOException {
        Path program = write("spmv.stag", SPMV);
        CliRunner r = CliRunner.run("compile", program.toString(), "--format", format);
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        String expected = switch (format) {
            case "A=dense,nosuch" -> "unknown level format 'nosuch'";
            case "A=dense" -> "but A is double[N][compressed[N]] with 2";
            case "B=dense,compressed" -> "has no tensor B (tensors: A, x, y)";
            case "dense" -> "--format 'dense': a graph format has two levels (e.g. dense,compressed), not 1";
            case "dense,nosuch" -> "unknown level format 'nosuch'";
            default -> "expected NAME=VALUE";
        };
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void aDynamicFormatCompilesOrIsRefusedAsNotSupportedYet() throws IOException {
        // Dynamic levels need the compiler's schema code; until it is merged the refusal must be clean.
        Path program = write("spmv.stag", SPMV);
        CliRunner r = CliRunner.run("compile", program.toString(), "--format", "A=dense,ctree",
                "--emit-java", dir.resolve("gen").toString());
        if (r.code() != 0) {
            assertEquals(2, r.code(), r.err());
            List<String> err = r.err().lines().toList();
            assertEquals(3, err.size(), r.err());
            assertTrue(err.get(0).startsWith("stag: " + program + ":7:5: not supported yet for y=dense A=dense,ctree x=dense"),
                    err.get(0));
        }
    }

    @Test
    void unknownParameterAndMissingFileExitTwo() throws IOException {
        Path program = write("spmv.stag", SPMV);
        CliRunner r = CliRunner.run("compile", program.toString(), "--param", "M=3");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("has no parameter M (parameters: N)"), r.err());
        CliRunner missing = CliRunner.run("compile", dir.resolve("nope.stag").toString());
        assertEquals(2, missing.code());
        assertEquals("stag: " + dir.resolve("nope.stag") + ": no such file", missing.err().strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,ctree"})
    void aConstantTensorIsReadAsALiteral(String format) throws IOException {
        Path program = write("pattern.stag", SPMV.replace("A double[N]", "A bool[N]"));
        Path gen = dir.resolve("gen");
        // Fusion off: a fused row reduction reads a constant matrix through a run-time flag, not as a literal.
        CliRunner pattern = CliRunner.run("compile", program.toString(), "--format", "A=" + format, "--constant", "A=true",
                "--emit-java", gen.toString(), "--no-pass", "fusion");
        assertEquals(0, pattern.code(), pattern.err());
        CliRunner array = CliRunner.run("compile", program.toString(), "--format", "A=" + format, "--no-pass", "fusion");
        assertEquals(0, array.code(), array.err());
        String spmv = kernelLines(pattern.out()).get(0)[3];
        String java = Files.readString(gen.resolve("org/stag/gen/" + spmv.substring(spmv.lastIndexOf('.') + 1) + ".java"));
        // A is access 0: the array kernel reads its values (a0_vals), the pattern kernel adds x[j] only.
        assertTrue(array.out().contains("a0_vals"), array.out());
        assertFalse(java.contains("a0_vals"), java);
        assertFalse(java.contains("? 1.0 : 0.0"), java);
        assertCompiles(gen);
    }

    @ParameterizedTest
    @ValueSource(strings = {"B=true", "A=yes", "A="})
    void badConstantsExitTwoWithOneLine(String constant) throws IOException {
        Path program = write("pattern.stag", SPMV.replace("A double[N]", "A bool[N]"));
        CliRunner r = CliRunner.run("compile", program.toString(), "--constant", constant);
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        String expected = switch (constant) {
            case "B=true" -> "pattern.stag has no tensor B (tensors: A, x, y)";
            case "A=yes" -> "--constant A=yes: A is bool[N][compressed[N]] and 'yes' is not a bool";
            default -> "expected NAME=VALUE";
        };
        assertTrue(r.err().contains(expected), r.err());
    }
}
