package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DIA and ELL on the command line: {@code stag compile --emit-java} shows their loops; a level out of its place (an
 * offset under a level other than range or compressed, a slot level that is not dense, a range without its offset,
 * slots over a dynamic level) is one line and exit status 2, from {@code compile --format} and {@code eval --input}.
 * SpMV over them on a real graph: {@link EvalCommandTest#spmvOnKarateMatchesPlainJava}.
 */
class SlotLevelsCliTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    /** The source of the first kernel {@code compile} lists. */
    private String firstKernel(CliRunner r, Path gen) throws IOException {
        List<String[]> lines = CompileCommandTest.kernelLines(r.out());
        String cls = lines.get(0)[3];
        return Files.readString(gen.resolve("org/stag/gen/" + cls.substring(cls.lastIndexOf('.') + 1) + ".java"));
    }

    @Test
    void emittedDiaLoopsOverDiagonalsThenRowsAndEllSkipsPadding() throws IOException {
        Path program = write("spmv.stag", EvalCommandTest.SPMV);
        Path dia = dir.resolve("dia");
        CliRunner r = CliRunner.run("compile", program.toString(), "--format", "A=dense,range,offset", "--emit-java",
                dia.toString(), "--no-pass", "fusion");
        assertEquals(0, r.code(), r.err());
        assertEquals("loop $s0,i,j", CompileCommandTest.kernelLines(r.out()).get(0)[2], r.out());
        String java = firstKernel(r, dia);
        assertTrue(java.contains("Math.max(0, -a0l1_off[i_$s0])"), java);
        assertTrue(java.contains("i_i + a0l2_off[i_$s0]"), java);

        Path ell = dir.resolve("ell");
        r = CliRunner.run("compile", program.toString(), "--format", "A=dense,dense,singleton", "--emit-java", ell.toString(),
                "--no-pass", "fusion");
        assertEquals(0, r.code(), r.err());
        assertEquals("loop i,$s0,j", CompileCommandTest.kernelLines(r.out()).get(0)[2], r.out());
        java = firstKernel(r, ell);
        assertTrue(java.contains("a0l2_crd["), java);
        assertTrue(java.contains("< 0) {"), "padded slots are skipped:\n" + java);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "dense,dense,offset | an offset level needs a range or compressed parent",
        "dense,offset | an offset level needs a range or compressed parent",
        "dense,range,compressed | a range level needs an offset level right below it",
        "compressed,dense,singleton | the slot level (level 0, the diagonals or the slots of a row) must be dense",
        "dense,ctree,singleton | a format with a slot level holds static levels only, not ctree"})
    void aLevelOutOfItsPlaceIsOneLineAndExitTwo(String format, String reason) throws IOException {
        Path program = write("spmv.stag", EvalCommandTest.SPMV);
        CliRunner compile = CliRunner.run("compile", program.toString(), "--format", "A=" + format);
        assertOneLine(compile, "--format A: format '" + format + "', column ", reason);
        Path karate = Datasets.suiteSparse("karate.mtx");
        Path x = write("x.txt", "0 1.0\n");
        CliRunner eval = CliRunner.run("eval", program.toString(), "--input", "A=" + karate + ":" + format, "--input", "x=" + x);
        assertOneLine(eval, "--input A: format '" + format + "', column ", reason);
    }

    private static void assertOneLine(CliRunner r, String start, String reason) {
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + start), r.err());
        assertTrue(r.err().contains(reason), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void aDeclaredTypeCannotSpellASlotLevel() throws IOException {
        Path program = write("slots.stag", EvalCommandTest.SPMV.replace("A double[N][compressed[N]]", "A double[N][singleton[N]]"));
        Path karate = Datasets.suiteSparse("karate.mtx");
        Path x = write("x.txt", "0 1.0\n");
        CliRunner r = CliRunner.run("eval", program.toString(), "--input", "A=" + karate, "--input", "x=" + x);
        assertOneLine(r, "tensor A (", "has a slot level, which a declared type cannot spell; give it with --input A=FILE:LEVELS");
    }
}
