package org.stag.cli.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon end to end, in real JVMs: the client ({@link DaemonClient}) against a daemon it starts, compared with
 * plain runs ({@code org.stag.cli.Stag}) of the same command lines, output, result files and exit status alike
 * (the summary's timings aside). Then what may go wrong: a daemon killed before or during a run, a graph file
 * rewritten between runs, a stale socket file, two clients at once, {@code --no-daemon} and {@code STAG_DAEMON=off}.
 */
class DaemonTest {
    private static final Path KARATE = Path.of("..", "data", "karate.mtx").toAbsolutePath().normalize();
    private static final Path GRQC = Path.of("..", "data", "ca-GrQc.mtx").toAbsolutePath().normalize();

    @TempDir
    Path work;

    private Path daemons;
    /** Appended to the class path of the JVMs started (the daemon's too, as the client passes its own on). */
    private String extraClassPath = "";

    @BeforeEach
    void place() throws IOException {
        daemons = work.resolve("daemons");
    }

    @AfterEach
    void stopDaemons() throws Exception {
        if (Files.isDirectory(daemons)) {
            client(Map.of(), "daemon", "stop");
        }
    }

    /** A finished process: exit status, stdout, stderr. */
    record Ran(int status, String out, String err) {
        /** stderr without the summary's timings, which differ from run to run. */
        String errWithoutTimes() {
            return err.replaceAll("(?m)^(\\S+-seconds) \\S+$", "$1 T").replaceAll("\"([a-z-]+-seconds)\":[0-9.eE-]+", "\"$1\":T");
        }
    }

    private ProcessBuilder java(Map<String, String> env, String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-Dstag.cache.dir=" + System.getProperty("stag.cache.dir"),
                "-cp", System.getProperty("java.class.path") + extraClassPath, main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
        Map<String, String> e = pb.environment();
        e.keySet().removeIf(k -> k.startsWith("STAG_"));
        e.put("STAG_DAEMON_DIR", daemons.toString());
        e.put("STAG_DAEMON_IDLE_SECONDS", "300");
        // The daemon's JVM: as small as the tests' own.
        e.put("STAG_JAVA_OPTS", "-Xmx256m -XX:TieredStopAtLevel=1 -Dstag.cache.dir=" + System.getProperty("stag.cache.dir"));
        e.putAll(env);
        return pb;
    }

    private Ran finish(Process p) throws Exception {
        p.getOutputStream().close();
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Thread o = new Thread(() -> copy(p.getInputStream(), out));
        Thread e = new Thread(() -> copy(p.getErrorStream(), err));
        o.start();
        e.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a run did not end");
        o.join();
        e.join();
        return new Ran(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static void copy(java.io.InputStream in, Path to) {
        try {
            Files.write(to, in.readAllBytes());
        } catch (IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    private Ran client(Map<String, String> env, String... args) throws Exception {
        return finish(java(env, DaemonClient.class.getName(), args).start());
    }

    private Ran plain(String... args) throws Exception {
        return finish(java(Map.of(), "org.stag.cli.Stag", args).start());
    }

    /** A client run that must be served by the daemon: with STAG_DAEMON=verbose, a fallback would say so. */
    private Ran served(String... args) throws Exception {
        return client(Map.of("STAG_DAEMON", "verbose"), args);
    }

    private Path socket() throws IOException {
        if (!Files.isDirectory(daemons)) {
            return null;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(daemons, "d-*.sock")) {
            for (Path p : s) {
                return p;
            }
        }
        return null;
    }

    /** Starts the daemon with a first run (which runs itself) and waits until the daemon answers. */
    private void startDaemon() throws Exception {
        Ran first = client(Map.of(), "run", "bfs", "--graph", KARATE.toString());
        assertEquals(0, first.status(), first.err());
        waitForDaemon();
    }

    private void waitForDaemon() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (client(Map.of(), "daemon", "status").status() == 0) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no daemon answered within 60 s; its log: " + logs());
    }

    private String logs() throws IOException {
        StringBuilder b = new StringBuilder();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(daemons, "*.log")) {
            for (Path p : s) {
                b.append(Files.readString(p));
            }
        }
        return b.toString();
    }

    private long daemonPid() throws Exception {
        String status = client(Map.of(), "daemon", "status").out();
        return Long.parseLong(status.substring("daemon ".length(), status.indexOf(' ', "daemon ".length())));
    }

    private static void awaitDeath(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            assertTrue(System.nanoTime() < deadline, "process " + pid + " did not end");
            Thread.sleep(20);
        }
    }

    @Test
    void daemonRunsMatchPlainRunsIncludingErrors() throws Exception {
        startDaemon();
        Files.writeString(work.resolve("bad.mtx"), "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n9 1\n");
        String[][] commands = {
            {"run", "bfs", "--graph", KARATE.toString()},
            {"run", "bfs", "--graph", KARATE.toString(), "--threads", "1"},
            {"run", "pagerank", "--graph", GRQC.toString(), "--iterations", "5", "--summary", "json"},
            {"run", "wcc", "--graph", KARATE.toString(), "--output-format", "csv"},
            {"run", "sssp", "--graph", KARATE.toString(), "--source", "3", "-o", "sssp.txt"},
            {"run", "bfs", "--graph", "bad.mtx"},
            {"run", "bfs", "--graph", "missing.mtx"},
            {"run", "wcc", "--graph", KARATE.toString(), "--source", "1"},
            {"run", "nosuch", "--graph", KARATE.toString()},
            {"run", "bfs"},
            {"run", "bfs", "--graph", KARATE.toString(), "--threads", "0"},
            {"run", "--help"},
        };
        int errors = 0;
        for (String[] c : commands) {
            Ran p = plain(c);
            String plainFile = c[c.length - 1].equals("sssp.txt") ? Files.readString(work.resolve("sssp.txt")) : null;
            Ran d = served(c);
            String what = String.join(" ", c);
            assertEquals(p.status(), d.status(), what + "\n" + d.err());
            assertEquals(p.out(), d.out(), what);
            assertEquals(p.errWithoutTimes(), d.errWithoutTimes(), what);
            if (plainFile != null) {
                assertEquals(plainFile, Files.readString(work.resolve("sssp.txt")), what);
            }
            errors += p.status() == 2 ? 1 : 0;
        }
        assertEquals(6, errors, "the error cases exit 2 both ways");
        String status = client(Map.of(), "daemon", "status").out();
        assertTrue(status.contains(commands.length + " runs"), status);
        // One graph per file: the thread count changes how fast a graph loads, not what loads.
        assertEquals(1, status.split("graph " + KARATE + " ", -1).length - 1, status);
    }

    @Test
    void aKilledDaemonMeansAPlainRun() throws Exception {
        startDaemon();
        Ran expected = plain("run", "bfs", "--graph", KARATE.toString());
        long pid = daemonPid();
        assertEquals(0, new ProcessBuilder("kill", "-KILL", Long.toString(pid)).start().waitFor());
        awaitDeath(pid);
        Ran after = client(Map.of("STAG_DAEMON", "verbose"), "run", "bfs", "--graph", KARATE.toString());
        assertEquals(0, after.status(), after.err());
        assertEquals(expected.out(), after.out());
        assertTrue(after.err().contains("running this command here"), after.err());
        // That run found the socket stale and started a new daemon, which serves the next one.
        waitForDaemon();
        assertNotEquals(pid, daemonPid());
        Ran next = served("run", "bfs", "--graph", KARATE.toString());
        assertEquals(expected.out(), next.out());
        assertEquals(expected.errWithoutTimes(), next.errWithoutTimes());
    }

    @Test
    void aDaemonKilledDuringARunMeansAPlainRun() throws Exception {
        startDaemon();
        String[] longRun = {"run", "pagerank", "--graph", GRQC.toString(), "--iterations", "20000", "-o", "pr.txt"};
        Process p = java(Map.of("STAG_DAEMON", "verbose"), DaemonClient.class.getName(), longRun).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!client(Map.of(), "daemon", "status").out().contains("one running")) {
            assertTrue(System.nanoTime() < deadline, "the run never started in the daemon");
            Thread.sleep(20);
        }
        new ProcessBuilder("kill", "-KILL", Long.toString(daemonPid())).start().waitFor();
        Ran r = finish(p);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("the daemon failed"), r.err());
        String daemonResult = Files.readString(work.resolve("pr.txt"));
        Ran again = plain(longRun);
        assertEquals(0, again.status(), again.err());
        assertEquals(Files.readString(work.resolve("pr.txt")), daemonResult);
    }

    @Test
    void aRewrittenGraphIsReadAgain() throws Exception {
        startDaemon();
        Path g = work.resolve("g.mtx");
        Files.writeString(g, "%%MatrixMarket matrix coordinate pattern general\n4 4 3\n1 2\n2 3\n3 4\n");
        Ran first = served("run", "bfs", "--graph", "g.mtx", "--source", "1");
        assertEquals(plain("run", "bfs", "--graph", "g.mtx", "--source", "1").out(), first.out());
        // Same size, same modification time: only the contents (and the change time) differ.
        java.nio.file.attribute.FileTime mtime = Files.getLastModifiedTime(g);
        Files.writeString(g, "%%MatrixMarket matrix coordinate pattern general\n4 4 3\n1 3\n2 3\n3 4\n");
        Files.setLastModifiedTime(g, mtime);
        Ran second = served("run", "bfs", "--graph", "g.mtx", "--source", "1");
        assertNotEquals(first.out(), second.out());
        assertEquals(plain("run", "bfs", "--graph", "g.mtx", "--source", "1").out(), second.out());
    }

    @Test
    void noDaemonAndDaemonOffTouchNoSocket() throws Exception {
        Ran expected = plain("run", "bfs", "--graph", KARATE.toString());
        Ran no = client(Map.of(), "run", "bfs", "--graph", KARATE.toString(), "--no-daemon");
        Ran off = client(Map.of("STAG_DAEMON", "off"), "run", "bfs", "--graph", KARATE.toString());
        assertEquals(expected.out(), no.out());
        assertEquals(expected.out(), off.out());
        assertEquals(0, no.status());
        assertEquals(0, off.status());
        assertFalse(Files.exists(daemons), "a run without the daemon created its directory");
    }

    @Test
    void aStaleSocketFileIsReplaced() throws Exception {
        startDaemon();
        Path socket = socket();
        client(Map.of(), "daemon", "stop");
        // A socket file nobody listens on, as a daemon killed by the system leaves behind.
        Thread.sleep(200);
        Files.deleteIfExists(socket);
        Files.writeString(socket, "stale");
        Ran r = client(Map.of(), "run", "bfs", "--graph", KARATE.toString());
        assertEquals(0, r.status(), r.err());
        waitForDaemon();
        assertEquals(socket, socket());
        Ran next = served("run", "bfs", "--graph", KARATE.toString());
        assertEquals(r.out(), next.out());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(daemons)));
    }

    @Test
    void twoClientsAtOnceGetTheirOwnResults() throws Exception {
        startDaemon();
        Process a = java(Map.of("STAG_DAEMON", "verbose"), DaemonClient.class.getName(),
                "run", "pagerank", "--graph", GRQC.toString(), "--iterations", "200").start();
        Process b = java(Map.of("STAG_DAEMON", "verbose"), DaemonClient.class.getName(),
                "run", "bfs", "--graph", GRQC.toString()).start();
        Ran ra = finish(a);
        Ran rb = finish(b);
        assertEquals(plain("run", "pagerank", "--graph", GRQC.toString(), "--iterations", "200").out(), ra.out());
        assertEquals(plain("run", "bfs", "--graph", GRQC.toString()).out(), rb.out());
        assertFalse(ra.err().contains("here"), ra.err());
        assertFalse(rb.err().contains("here"), rb.err());
    }

    @Test
    void statusAndStop() throws Exception {
        Ran none = client(Map.of(), "daemon", "status");
        assertEquals(1, none.status());
        assertTrue(none.out().contains("no daemon runs"), none.out());
        startDaemon();
        Ran status = client(Map.of(), "daemon", "status");
        assertEquals(0, status.status());
        assertTrue(status.out().contains("directory " + work), status.out());
        long pid = daemonPid();
        Ran stop = client(Map.of(), "daemon", "stop");
        assertTrue(stop.out().contains("stopped daemon " + pid), stop.out());
        awaitDeath(pid);
        assertEquals(null, socket(), "the stopped daemon left its socket");
        assertEquals(2, client(Map.of(), "daemon", "restart").status());
        String text = Files.readString(work.resolve(Files.list(daemons).filter(f -> f.toString().endsWith(".log"))
                .findFirst().orElseThrow()), StandardCharsets.UTF_8);
        assertTrue(text.contains("stopped"), text);
    }

    /** A rebuilt jar gets a daemon of its own (its hash differs), so the old one exits rather than hold its graphs. */
    @Test
    void aDaemonWhoseClassPathChangedExits() throws Exception {
        Path extra = Files.createDirectory(work.resolve("extra"));
        extraClassPath = java.io.File.pathSeparator + extra;
        startDaemon();
        long pid = daemonPid();
        Path socket = socket();
        Thread.sleep(1100); // a new entry's time must differ from the directory's at the start, at 1 s resolution
        Files.writeString(extra.resolve("rebuilt.txt"), "new");
        awaitDeath(pid);
        assertFalse(Files.exists(socket), "the daemon left its socket");
        assertTrue(logs().contains("the jar changed"), logs());
    }
}
