package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Inputs that once failed (found by fuzzing, issue 30), kept as files in {@code src/test/resources/fuzz-regressions}:
 * each goes through {@code stag info} and keeps {@link FuzzRule}; a name starting {@code ok-} must be read, one
 * starting {@code bad-} refused. Add a failing input of the harness here under a name that says what it was.
 */
class FuzzRegressionTest {
    private static final Path DIR = Path.of("src", "test", "resources", "fuzz-regressions");

    @TestFactory
    Stream<DynamicTest> everyKeptInputKeepsTheRule() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.sorted().toList();
        }
        assertTrue(files.size() >= 10, "too few regression inputs in " + DIR.toAbsolutePath());
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            String name = f.getFileName().toString();
            assertTrue(name.startsWith("ok-") || name.startsWith("bad-"), name + ": name it ok-... or bad-...");
            FuzzRule.Outcome o = FuzzRule.cli(name, List.of("info", f.toString()), null);
            assertEquals(name.startsWith("ok-") ? Stag.OK : Stag.BAD_INPUT, o.code(), name + ": " + o.err());
            if (o.code() != Stag.OK) {
                assertTrue(o.err().contains(name), name + ": the refusal names the file: " + o.err());
            }
        }));
    }
}
