package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stag stream --updates -} in a process of its own, fed by a pipe that stays open: a partial batch is
 * applied after the quiet time ({@code --flush-ms}); SIGTERM or SIGINT applies the complete lines read since,
 * keeps the results of the runs, prints the summary and exits 143 or 130.
 */
class StreamSignalTest {
    @TempDir
    Path dir;

    private Process start(Path out) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path")));
        String cache = System.getProperty(KernelCacheOptions.DIR_PROPERTY);
        if (cache != null) {
            cmd.add("-D" + KernelCacheOptions.DIR_PROPERTY + "=" + cache);
        }
        cmd.addAll(List.of(Stag.class.getName(), "stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates", "-",
                "--batch-size", "5", "--flush-ms", "1000", "--run", "wcc", "--output-dir", out.toString(), "--threads", "1"));
        // Into files: destroy() closes the pipes of the process, and what it prints after the signal is the point.
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("stdout").toFile())
                .redirectError(dir.resolve("stderr").toFile()).start();
    }

    /** Waits until the process has printed a line starting with {@code prefix} (it would end at its input's end). */
    private void until(Process p, String prefix) throws IOException, InterruptedException {
        for (int i = 0; i < 600; i++) {
            if (Files.readAllLines(dir.resolve("stdout")).stream().anyMatch(l -> l.startsWith(prefix))) {
                return;
            }
            assertTrue(p.isAlive(), "ended: " + Files.readString(dir.resolve("stderr")));
            Thread.sleep(50);
        }
        throw new AssertionError("no line starting with '" + prefix + "' in 30 s: " + Files.readString(dir.resolve("stdout")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalAppliesTheCompleteLinesAndKeepsTheResults(String signal) throws Exception {
        Path out = dir.resolve("out");
        Process p = start(out);
        try {
            OutputStream stdin = p.getOutputStream();
            // A full batch at once, then two lines that only the quiet time turns into a batch.
            stdin.write("1 10\n2 20\n3 30\n4 21\n- 1 2\n5 25\n6 26\n".getBytes(StandardCharsets.US_ASCII));
            stdin.flush();
            until(p, "batch version=2 updates=2 ");
            until(p, "run version=2 ");
            // Two complete lines and an unfinished one; the signal comes before the quiet time is over.
            stdin.write("- 1 10\n7 27\n8 2".getBytes(StandardCharsets.US_ASCII));
            stdin.flush();
            Thread.sleep(300);
            // kill rather than destroy(), which also closes the pipe: the end of the input would complete the
            // unfinished line, racing with the signal.
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running 30 s after SIG" + signal);
            List<String> seen = Files.readAllLines(dir.resolve("stdout"));
            String err = Files.readString(dir.resolve("stderr"));
            assertEquals(signal.equals("TERM") ? 143 : 130, p.exitValue(), err);
            assertTrue(seen.stream().anyMatch(l -> l.startsWith("batch version=3 updates=2 inserted=1 updated=0 deleted=1 ")),
                    seen + "\n" + err);
            assertTrue(seen.stream().noneMatch(l -> l.startsWith("batch version=4")), seen.toString());
            assertTrue(err.contains("ended signal\n"), err);
            assertTrue(err.contains("version 3\n"), err);
            // Every run that printed its line wrote its whole result.
            for (String l : seen) {
                if (l.startsWith("run ")) {
                    String rest = l.substring(l.indexOf("file=") + 5);
                    Path file = Path.of(rest.contains(" ") ? rest.substring(0, rest.indexOf(' ')) : rest);
                    assertEquals(34, Files.readAllLines(file).size(), l);
                }
            }
            assertTrue(Files.exists(out.resolve("wcc-v1.txt")) && Files.exists(out.resolve("wcc-v2.txt")));
        } finally {
            p.destroyForcibly();
        }
    }
}
