package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./stag} launcher, run from a copy beside a stand-in jar, with a stand-in {@code java} first on
 * the PATH: it passes arguments, stdin and the exit status through, tells the JVM whether stderr is a
 * terminal, and ends on SIGTERM / SIGINT within about a second even when the JVM does not (as HotSpot does
 * not while a thread zeroes a huge array).
 */
class LauncherScriptTest {
    @TempDir
    Path dir;

    private Path launcher;
    private Path bin;

    @BeforeEach
    void copyTheLauncher() throws IOException {
        launcher = dir.resolve("stag");
        Files.copy(Path.of("..", "stag"), launcher);
        Files.createDirectories(dir.resolve("cli").resolve("target"));
        Files.writeString(dir.resolve("cli").resolve("target").resolve("stag.jar"), "stand-in; never stale");
        bin = Files.createDirectory(dir.resolve("bin"));
    }

    /** A stand-in java: {@code body} is bash run with the launcher's arguments to java. */
    private void java(String body) throws IOException {
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/usr/bin/env bash\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Process start(String... args) throws IOException {
        String[] cmd = new String[args.length + 2];
        cmd[0] = "bash";
        cmd[1] = launcher.toString();
        System.arraycopy(args, 0, cmd, 2, args.length);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put("PATH", bin + ":" + env.get("PATH"));
        env.remove("STAG_JAVA_OPTS");
        return pb.start();
    }

    private static String read(java.io.InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void argumentsStdinAndExitStatusPassThrough() throws Exception {
        java("echo \"args: $*\"; cat; exit 7");
        Process p = start("run", "bfs", "--graph", "a b.mtx");
        p.getOutputStream().write("from stdin\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = read(p.getInputStream());
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(7, p.exitValue(), read(p.getErrorStream()));
        assertTrue(out.startsWith("args: -Dstag.stderr.terminal=false -jar " + dir.resolve("cli").resolve("target")
                .resolve("stag.jar") + " run bfs --graph a b.mtx\n"), out);
        assertTrue(out.endsWith("from stdin\n"), out);
    }

    /** A JVM that does not react to SIGTERM is killed about a second after the launcher gets it. */
    @Test
    void sigtermEndsTheLauncherAndAJvmThatIgnoresIt() throws Exception {
        Path pidFile = dir.resolve("java.pid");
        java("trap '' TERM INT; echo $$ > " + pidFile + "; while :; do sleep 0.05; done");
        for (String signal : new String[] {"TERM", "INT"}) {
            Files.deleteIfExists(pidFile);
            Process p = start("info", "big.mtx");
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
                assertTrue(System.nanoTime() < deadline, "the stand-in java never started");
                Thread.sleep(20);
            }
            long javaPid = Long.parseLong(Files.readString(pidFile).strip());
            long t0 = System.nanoTime();
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the launcher still runs 10 s after SIG" + signal);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(signal.equals("TERM") ? 143 : 130, p.exitValue());
            assertTrue(seconds < 5, seconds + " s");
            deadline = System.nanoTime() + 5_000_000_000L;
            while (ProcessHandle.of(javaPid).map(ProcessHandle::isAlive).orElse(false)) {
                assertTrue(System.nanoTime() < deadline, "the stand-in java survived SIG" + signal);
                Thread.sleep(20);
            }
            assertFalse(ProcessHandle.of(javaPid).map(ProcessHandle::isAlive).orElse(false));
        }
    }
}
