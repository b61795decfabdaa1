package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.algorithms.catalog.Algorithm;

/** The help names the algorithms from their descriptors ({@link HelpText}): every one, and no key left unread. */
class HelpTextTest {
    @ParameterizedTest
    @ValueSource(strings = {"run", "compare", "compile", "stream"})
    void helpNamesEveryAlgorithm(String command) {
        CliRunner r = CliRunner.run(command, "--help");
        assertEquals(0, r.code(), r.err());
        String help = r.out().replaceAll("\\s+", " ");
        for (Algorithm a : Algorithm.values()) {
            assertTrue(help.matches(".*\\b" + a.id() + "\\b.*"), command + " --help does not name " + a.id() + ": " + help);
        }
        assertFalse(help.contains("${"), help);
        assertFalse(help.contains("help-"), help);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bench", "info", "convert", "generate", "eval"})
    void noKeyIsLeftUnread(String command) {
        CliRunner r = CliRunner.run(command, "--help");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("${") || r.out().contains("help-"), r.out());
    }
}
