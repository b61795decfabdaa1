package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.stag.engine.pass.Passes;

/** {@code --no-pass}: each pass can be switched off on {@code compile} and {@code run}; a wrong name is a usage error. */
class PassOptionsTest {
    @AfterEach
    void restore() {
        // A command without --no-pass restores the property as the process started: leave it so.
        CliRunner.run("compile", "pagerank", "--no-cache");
    }

    @Test
    void compileShowsThePassesOnByDefault() {
        CliRunner r = CliRunner.run("compile", "pagerank", "--no-cache");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("fused: incoming[i] = AT[i][j] * contrib[j] | j:(+, 0.0); next[i] = "), r.out());
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
    void anUnknownPassIsAUsageError() {
        CliRunner r = CliRunner.run("run", "pagerank", "--graph", RunCommandTest.KARATE, "--no-pass", "inline");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--no-pass: no pass 'inline' (passes: fusion, in-place, alias, cse, active-set)"), r.err());
    }
}
