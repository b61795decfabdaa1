package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exit statuses that need a process of their own: out of memory (3, one line, in the main thread or in
 * worker threads) and SIGTERM / SIGINT, which end a running command within seconds. Each test starts
 * {@code java org.stag.cli.Stag} with this test's class path.
 */
class ExitStatusTest {
    @TempDir
    Path dir;

    /** A program that never meets its stop condition; its loop reports progress, so a test sees it running. */
    static final String NEVER = String.join("\n",
            "N int",
            "Let Step(x int[N], c int) -> (y int[N], d int)",
            "    y[i] = x[i] + 1",
            "    d = c + 1",
            "End",
            "Let Main() -> (r int[N])",
            "    r0 int[N]",
            "    r0[i] = 0",
            "    r, _ = Step*(r0, 0) | #2 < 0",
            "End",
            "");

    private static ProcessBuilder stag(String maxHeap, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap, "-cp", System.getProperty("java.class.path")));
        // The kernel cache of the tests' JVM (inside target/), not the user's ~/.cache/stag.
        String cache = System.getProperty(KernelCacheOptions.DIR_PROPERTY);
        if (cache != null) {
            cmd.add("-D" + KernelCacheOptions.DIR_PROPERTY + "=" + cache);
        }
        cmd.add(Stag.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    private static String read(java.io.InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void outOfMemoryIsOneLineAndStatusThree() {
        StringWriter err = new StringWriter();
        int code = Stag.report(new OutOfMemoryError("Java heap space"), new PrintWriter(err, true));
        assertEquals(Stag.OUT_OF_MEMORY, code);
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("stag: out of memory: Java heap space (the JVM may use "), err.toString());
        assertEquals("stag: out of memory (the JVM may use 64 MB; give it more with STAG_JAVA_OPTS, e.g."
                + " STAG_JAVA_OPTS=-Xmx1g, or use a smaller input)", Stag.outOfMemory(new OutOfMemoryError(), 64L << 20, 0));
        // Twice the heap it had, in whole gigabytes, while the machine holds that.
        assertEquals("stag: out of memory (the JVM may use 6144 MB; give it more with STAG_JAVA_OPTS, e.g."
                + " STAG_JAVA_OPTS=-Xmx12g, or use a smaller input)",
                Stag.outOfMemory(new OutOfMemoryError(), 6L << 30, 24L << 30));
        // A heap near the machine's memory (urand 26's WCC within -Xmx20g on 24 GB): more heap is no advice.
        assertEquals("stag: out of memory (the JVM may use 18204 MB; the machine has 22 GB: use a smaller input or a"
                + " compressed format (--format dense,vbyte))",
                Stag.outOfMemory(new OutOfMemoryError(), 18204L << 20, 24_000_000_000L));
    }

    /** Generating 2^20 vertices x 16 edges needs far more than 32 MB, on one thread and on worker threads. */
    @Test
    void outOfMemoryInAProcessEndsWithOneLineAndStatusThree() throws Exception {
        for (String threads : List.of("1", "2")) {
            Process p = stag("32m", "generate", "kron", "--scale", "20", "--threads", threads, "-o",
                    dir.resolve("k" + threads + ".el").toString()).start();
            p.getOutputStream().close();
            String out = read(p.getInputStream());
            String err = read(p.getErrorStream());
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(3, p.exitValue(), err);
            assertEquals("", out);
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.startsWith("stag: out of memory"), err);
            assertFalse(err.contains("\tat "), err);
        }
    }

    /** Starts the never-ending program and returns once its progress line shows the loop running. */
    private Process loopForever() throws Exception {
        Path program = dir.resolve("never.stag");
        Files.writeString(program, NEVER);
        Process p = stag("256m", "run", program.toString(), "--graph", OptionRangesTest.KARATE, "--progress",
                "--max-iterations", "1000000000", "--threads", "1").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        int c;
        while ((c = err.read()) >= 0 && !seen.toString().contains("iteration")) {
            seen.append((char) c);
        }
        assertTrue(seen.toString().contains("stag: line 9, Step*: iteration"), seen.toString());
        // Keep draining stderr so the child never blocks on a full pipe.
        Thread drain = new Thread(() -> {
            try {
                err.transferTo(java.io.Writer.nullWriter());
            } catch (IOException e) {
                // the child ended
            }
        });
        drain.setDaemon(true);
        drain.start();
        return p;
    }

    @Test
    void sigtermEndsARunningLoopPromptly() throws Exception {
        Process p = loopForever();
        long t0 = System.nanoTime();
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIGTERM");
        assertEquals(143, p.exitValue());
        assertTrue((System.nanoTime() - t0) / 1e9 < 10);
    }

    @Test
    void sigintEndsARunningLoopPromptly() throws Exception {
        Process p = loopForever();
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
        assertEquals(0, kill.waitFor());
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIGINT");
        assertEquals(130, p.exitValue());
    }
}
