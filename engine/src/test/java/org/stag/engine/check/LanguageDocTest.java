package org.stag.engine.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Source;

/**
 * Keeps {@code docs/language.md} honest: every {@code stag} code block in it is a complete program that
 * parses and checks, and the PageRank and BFS programs shown are the test resources themselves.
 */
class LanguageDocTest {

    /** Tests run in the module directory; the docs are beside it. */
    private static final Path DOC = Path.of("..", "docs", "language.md");

    private static List<String> stagBlocks() throws IOException {
        List<String> blocks = new ArrayList<>();
        StringBuilder current = null;
        for (String line : Files.readAllLines(DOC, StandardCharsets.UTF_8)) {
            if (current == null && line.equals("```stag")) {
                current = new StringBuilder();
            } else if (current != null && line.equals("```")) {
                blocks.add(current.toString());
                current = null;
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        return blocks;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = LanguageDocTest.class.getResourceAsStream("/programs/" + name + ".stag")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyStagBlockIsAProgramThatChecks() throws IOException {
        List<String> blocks = stagBlocks();
        assertTrue(blocks.size() >= 14, "found only " + blocks.size() + " stag blocks");
        for (int i = 0; i < blocks.size(); i++) {
            String block = blocks.get(i);
            try {
                new Checker().check(new Source("language.md block " + (i + 1), block));
            } catch (ProgramException e) {
                throw new AssertionError(e.getMessage() + "\n" + e.snippet() + "\nin:\n" + block, e);
            }
        }
    }

    @Test
    void theCompleteProgramsAreTheExampleFiles() throws IOException {
        List<String> blocks = stagBlocks();
        assertTrue(blocks.contains(resource("pagerank")), "docs/language.md does not show programs/pagerank.stag");
        assertTrue(blocks.contains(resource("bfs")), "docs/language.md does not show programs/bfs.stag");
        assertTrue(blocks.contains(resource("algebra")), "docs/language.md does not show programs/algebra.stag");
    }

    @Test
    void theErrorExampleIsWhatTheCheckerSays() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        String program = "N int\nM int\nA double[N][compressed[M]]\nx double[M]\nLet Main() -> (y double[N])\n"
                + "    y[i] = A[i][j] * z[j] | j:(+, 0.0)\nEnd\n";
        ProgramException e = assertThrows(ProgramException.class,
                () -> new Checker().check(new Source("spmv.stag", program)));
        String shown = e.getMessage() + "\n" + e.snippet() + "\n";
        assertTrue(doc.contains("```text\n" + shown + "```"), "docs/language.md should show:\n" + shown);
        assertEquals(6, e.line());
    }
}
