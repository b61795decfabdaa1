package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.stag.engine.pass.Passes;

/** {@code --no-pass}: each pass can be switched off on {@code compile} and {@code run}; a wrong name is a usage error. */
class PassOptionsTest {
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    @AfterEach
    void restore() {
        // A command without --no-pass restores the property as the process started: leave it so.
        CliRunner.run("compile", "pagerank", "--no-cache");
    }

    @Test
    void compileShowsThePassesOnByDefault() {
        CliRunner r = CliRunner.run("compile", "pagerank", "--no-cache");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("fused: incoming[i] = AT[i][j] * double(contrib[j]) | j:(+, 0.0); next[i] = "), r.out());
        assertTrue(r.out().contains("[pass-through of deg]"), r.out());
        assertTrue(r.out().contains("buffer: none: kept in the fused pass's locals"), r.out());
    }

    @Test
    void compileWithPassesOffPlansEveryDefinitionAlone() {
        CliRunner r = CliRunner.run("compile", "pagerank", "--no-cache", "--no-pass", "fusion,alias", "--no-pass", "cse");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("\tfused: ") || r.out().contains("[fused pass]"), r.out());
        assertFalse(r.out().contains("pass-through"), r.out());
        assertTrue(r.out().contains("in place of incoming"), r.out());
        assertEquals("fusion,alias,cse", System.getProperty(Passes.PROPERTY));
    }

    @Test
    void runWithAPassOffGivesTheSameRanks() {
        CliRunner on = CliRunner.run("run", "pagerank", "--graph", RunCommandTest.KARATE, "--no-cache");
        CliRunner off = CliRunner.run("run", "pagerank", "--graph", RunCommandTest.KARATE, "--no-cache",
                "--no-pass", "fusion", "--no-pass", "in-place");
        assertEquals(0, on.code(), on.err());
        assertEquals(0, off.code(), off.err());
        assertEquals(on.out(), off.out());
    }

    @Test
    void compileShowsTheActiveSetAndItsSwitch() throws java.io.IOException {
        java.nio.file.Path prog = dir.resolve("apply.stag");
        java.nio.file.Files.writeString(prog, """
                N int
                x long[N]
                Let Main() -> (o long[N])
                    d long[N]
                    cand long[list[N]] fill 9223372036854775807
                    d[j] = x[j] + 1
                    cand[j] = ifelse(x[j] > 3, x[j], fill)
                    o[j] = MIN(d[j], cand[j])
                End
                """);
        CliRunner on = CliRunner.run("compile", prog.toString(), "--no-cache");
        assertEquals(0, on.code(), on.err());
        assertTrue(on.out().contains("o[j] = MIN(d[j], cand[j])\tloop j (in place: active set of cand)\t"), on.out());
        CliRunner off = CliRunner.run("compile", prog.toString(), "--no-cache", "--no-pass", "active-set");
        assertEquals(0, off.code(), off.err());
        assertTrue(off.out().contains("o[j] = MIN(d[j], cand[j])\tloop j\t"), off.out());
        assertFalse(off.out().contains("active set"), off.out());
    }

    @Test
    void compileShowsTheCanonicalFormAndItsSwitch() throws java.io.IOException {
        java.nio.file.Path prog = dir.resolve("union.stag");
        java.nio.file.Files.writeString(prog, """
                N int
                A double[N][compressed[N]]
                B double[N][compressed[N]]
                x double[N]
                Let Main() -> (y double[N])
                    y[i] = (A[i][j] + B[i][j]) * x[j] | j:(+, 0.0)
                End
                """);
        CliRunner on = CliRunner.run("compile", prog.toString(), "--no-cache");
        assertEquals(0, on.code(), on.err());
        assertTrue(on.out().contains("\tloop i,j (canonical: loop j iterate+iterate)\t"), on.out());
        CliRunner off = CliRunner.run("compile", prog.toString(), "--no-cache", "--no-pass", "canonical");
        assertEquals(0, off.code(), off.err());
        assertTrue(off.out().contains("y[i] = (A[i][j] + B[i][j]) * x[j] | j:(+, 0.0)\tloop i,j\t"), off.out());
        assertFalse(off.out().contains("canonical"), off.out());
    }

    @Test
    void anUnknownPassIsAUsageError() {
        CliRunner r = CliRunner.run("run", "pagerank", "--graph", RunCommandTest.KARATE, "--no-pass", "inline");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--no-pass: no pass 'inline' (passes: fusion, in-place, alias, cse, active-set, canonical)"), r.err());
    }
}
