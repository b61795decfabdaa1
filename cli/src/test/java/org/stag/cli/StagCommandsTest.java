package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Only the command a run names is built (picocli's model of every command is a large part of start-up);
 * help, a missing or an unknown command still see them all.
 */
class StagCommandsTest {
    static final List<String> ALL = List.of("info", "convert", "generate", "compile", "eval", "run", "compare",
            "stream", "bench", "fetch", "help");

    private static List<String> added(String first) {
        CommandLine cl = new CommandLine(new Stag());
        Stag.addCommands(cl, first);
        return List.copyOf(cl.getSubcommands().keySet());
    }

    @Test
    void aNamedCommandIsTheOnlyOneBuilt() {
        assertEquals(List.of("run"), added("run"));
        assertEquals(List.of("bench"), added("bench"));
    }

    @Test
    void helpAndOptionsAndUnknownNamesGetEveryCommand() {
        assertEquals(ALL, added("help"));
        assertEquals(ALL, added("--help"));
        assertEquals(ALL, added(""));
        assertEquals(ALL, added("runn"));
    }

    @Test
    void usageListsEveryCommandAndHelpOfACommandWorks() {
        CliRunner all = CliRunner.run("--help");
        assertEquals(0, all.code(), all.err());
        for (String c : ALL) {
            assertTrue(all.out().contains("\n  " + c + " "), c + " in\n" + all.out());
        }
        CliRunner help = CliRunner.run("help", "run");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().startsWith("Usage: stag run "), help.out());
        CliRunner unknown = CliRunner.run("runn");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("stag: "), unknown.err());
        assertEquals(1, unknown.err().lines().count(), unknown.err());
    }
}
