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
 * not while a thread zeroes a huge array). Class data sharing: the first run records an archive that later
 * runs map, a rebuilt jar records it again, a run that writes none leaves nothing, and the flags given keep
 * the JVM quiet about an archive it cannot use.
 */
class LauncherScriptTest {
    @TempDir
    Path dir;

    private Path launcher;
    private Path bin;
    /** STAG_CDS for the launcher: off except in the tests of class data sharing (null: unset). */
    private String cds = "off";
    /** STAG_JAVA_OPTS for the launcher (null: unset). */
    private String javaOpts;
    /** STAG_DAEMON for the launcher: off except in the tests of the daemon's client (null: unset). */
    private String daemon = "off";

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
        if (javaOpts != null) {
            env.put("STAG_JAVA_OPTS", javaOpts);
        }
        env.remove("STAG_CDS");
        if (cds != null) {
            env.put("STAG_CDS", cds);
        }
        env.remove("STAG_DAEMON");
        if (daemon != null) {
            env.put("STAG_DAEMON", daemon);
        }
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
        assertTrue(out.startsWith("args: -XX:+UseParallelGC -Dstag.stderr.terminal=false -jar " + dir.resolve("cli").resolve("target")
                .resolve("stag.jar") + " run bfs --graph a b.mtx\n"), out);
        assertTrue(out.endsWith("from stdin\n"), out);
    }

    /**
     * The launcher execs the JVM: the JVM runs as the launcher's own process, so a signal sent to ./stag (SIGKILL
     * included) reaches the JVM, and none runs on after the launcher is gone (issue 30, defect 4).
     */
    @Test
    void theJvmIsTheLaunchersProcessAndDiesWithIt() throws Exception {
        Path pidFile = dir.resolve("java.pid");
        java("echo $$ > " + pidFile + "; while :; do sleep 0.05; done");
        Process p = start("stream", "--graph", "g.mtx", "--updates", "-");
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            assertTrue(System.nanoTime() < deadline, "the stand-in java never started");
            Thread.sleep(20);
        }
        long javaPid = Long.parseLong(Files.readString(pidFile).strip());
        assertEquals(p.pid(), javaPid, "the JVM is not the launcher's process");
        assertEquals(0, new ProcessBuilder("kill", "-KILL", Long.toString(p.pid())).start().waitFor());
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(137, p.exitValue());
        assertFalse(ProcessHandle.of(javaPid).map(ProcessHandle::isAlive).orElse(false));
    }

    private Path target() {
        return dir.resolve("cli").resolve("target");
    }

    /** A stand-in java that prints its arguments and writes an archive where it is told to record one. */
    private void recordingJava(int status) throws IOException {
        java("echo \"args: $*\"\nfor a in \"$@\"; do case $a in -XX:ArchiveClassesAtExit=*) echo archive > \"${a#*=}\";;"
                + " esac; done\nexit " + status);
    }

    private String run(int expectedStatus) throws Exception {
        Process p = start("info", "g.mtx");
        p.getOutputStream().close();
        String out = read(p.getInputStream());
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(expectedStatus, p.exitValue(), read(p.getErrorStream()));
        return out;
    }

    private java.util.List<String> leftovers() throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(target())) {
            return s.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }

    /**
     * The first run records the archive into a temporary file of its own (the JVM writes it as it exits, and the
     * launcher, exec'd, is gone by then); the next launch moves it into place and maps it.
     */
    @Test
    void theFirstRunRecordsAClassArchiveAndLaterRunsMapIt() throws Exception {
        cds = null;
        recordingJava(0);
        Path archive = target().resolve("stag.jsa");
        String first = run(0);
        assertTrue(first.contains("-XX:ArchiveClassesAtExit=" + archive + "."), first);
        assertTrue(first.contains("-Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off"), first);
        assertFalse(Files.exists(archive));
        assertEquals(1, leftovers().size(), leftovers().toString());

        String second = run(0);
        assertTrue(second.contains("-XX:SharedArchiveFile=" + archive + " "), second);
        assertFalse(second.contains("ArchiveClassesAtExit"), second);
        assertEquals("archive\n", Files.readString(archive));
        assertEquals(java.util.List.of(), leftovers());

        // A rebuilt jar: the archive no longer matches it, so the next run records it again.
        long now = System.currentTimeMillis();
        Files.setLastModifiedTime(target().resolve("stag.jar"), java.nio.file.attribute.FileTime.fromMillis(now - 2000));
        Files.delete(archive);
        Files.writeString(archive, "stale");
        Files.setLastModifiedTime(archive, java.nio.file.attribute.FileTime.fromMillis(now - 10_000));
        String third = run(0);
        assertTrue(third.contains("-XX:ArchiveClassesAtExit="), third);
        run(0);
        assertEquals("archive\n", Files.readString(archive));
    }

    /** A recording cut short by a kill, older than the jar, is removed and recorded again. */
    @Test
    void aRecordingOlderThanTheJarIsDropped() throws Exception {
        cds = null;
        recordingJava(0);
        Path stale = target().resolve("stag.jsa.1999999999.tmp");
        Files.writeString(stale, "half");
        Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(target().resolve("stag.jar")).toMillis() - 5000));
        String out = run(0);
        assertTrue(out.contains("-XX:ArchiveClassesAtExit="), out);
        assertFalse(Files.exists(stale));
        assertFalse(Files.exists(target().resolve("stag.jsa")));
    }

    @Test
    void aRunThatRecordsNoArchiveLeavesNothingAndKeepsItsStatus() throws Exception {
        cds = null;
        java("exit 2");
        run(2);
        assertFalse(Files.exists(target().resolve("stag.jsa")));
        assertEquals(java.util.List.of(), leftovers());
    }

    @Test
    void cdsOffPassesNoArchiveFlags() throws Exception {
        cds = "off";
        recordingJava(0);
        String out = run(0);
        assertFalse(out.contains("-XX:SharedArchiveFile") || out.contains("-XX:ArchiveClassesAtExit")
                || out.contains("-Xshare"), out);
        assertFalse(Files.exists(target().resolve("stag.jsa")));
    }

    /** The launcher picks ParallelGC, after which STAG_JAVA_OPTS come; options that name a collector replace it. */
    @Test
    void parallelGcUnlessTheOptionsNameACollector() throws Exception {
        java("echo \"args: $*\"");
        for (String opts : new String[] {null, "-Xmx2g", "-XX:+UseG1GC", "-Xmx2g -XX:+UseZGC -Xss4m"}) {
            javaOpts = opts;
            Process p = start("info", "g.mtx");
            String out = read(p.getInputStream());
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), read(p.getErrorStream()));
            boolean named = opts != null && opts.contains("GC");
            assertEquals(!named, out.startsWith("args: -XX:+UseParallelGC "), opts + ": " + out);
            assertEquals(1, out.split("GC", -1).length - 1, opts + ": one collector: " + out);
            if (opts != null) {
                assertTrue(out.contains(" " + opts + " "), opts + ": " + out);
            }
        }
    }

    /**
     * Past 6 GB of heap the launcher caps ParallelGC's young generation at 2 GB (a third of the heap would be lost to
     * long-lived arrays), unless the options size it themselves or pick another collector.
     */
    @Test
    void bigHeapsCapTheYoungGenerationOfParallelGc() throws Exception {
        java("echo \"args: $*\"");
        Map<String, Boolean> capped = new java.util.LinkedHashMap<>();
        capped.put("-Xmx20g", true);
        capped.put("-Xmx7000m", true);
        capped.put("-Xss4m -Xmx16G", true);
        capped.put("-Xmx6g", false);
        capped.put("-Xmx2g", false);
        capped.put("-Xmx20g -Xmn1g", false);
        capped.put("-Xmx20g -XX:NewRatio=4", false);
        capped.put("-Xmx20g -XX:+UseG1GC", false);
        capped.put("-Xmxlots", false);
        for (Map.Entry<String, Boolean> c : capped.entrySet()) {
            javaOpts = c.getKey();
            Process p = start("info", "g.mtx");
            String out = read(p.getInputStream());
            String err = read(p.getErrorStream());
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), err);
            assertEquals("", err, c.getKey());
            assertTrue(out.contains(" " + c.getKey() + " "), c.getKey() + ": " + out);
            assertEquals(c.getValue(), out.contains(" -XX:MaxNewSize=2g "), c.getKey() + ": " + out);
        }
    }

    /** The real JVM, with the flags the launcher gives and an archive it cannot use: no warning, no failure. */
    @Test
    void theJvmIsQuietAboutAnArchiveItCannotUse() throws Exception {
        cds = null;
        recordingJava(0);
        Files.writeString(target().resolve("stag.jsa"), "not an archive");
        String args = run(0).lines().filter(l -> l.startsWith("args: ")).findFirst().orElseThrow();
        java.util.List<String> cmd = new java.util.ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : args.substring("args: ".length()).split(" ")) {
            if (a.startsWith("-XX:SharedArchiveFile=") || a.startsWith("-Xshare") || a.startsWith("-Xlog")) {
                cmd.add(a);
            }
        }
        assertEquals(5, cmd.size(), cmd.toString());
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).start();
        String out = read(p.getInputStream());
        String err = read(p.getErrorStream());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertEquals("", out);
        assertFalse(err.contains("warning") || err.contains("archive"), err);
    }

    /**
     * {@code run} and {@code daemon} go to the daemon's client, with the plain run's JVM options and an archive of
     * its own; {@code --no-daemon}, STAG_DAEMON=off, standard input and every other command run the jar itself.
     */
    @Test
    void runGoesThroughTheDaemonsClientUnlessTold() throws Exception {
        daemon = null;
        cds = null;
        recordingJava(0);
        String client = "-cp " + target().resolve("stag.jar") + " org.stag.cli.daemon.DaemonClient ";
        String jar = "-jar " + target().resolve("stag.jar") + " ";
        String[][] cases = {
            {"client", "run", "bfs", "--graph", "g.mtx"},
            {"client", "daemon", "status"},
            {"jar", "run", "bfs", "--graph", "g.mtx", "--no-daemon"},
            {"jar", "run", "bfs", "--graph", "-"},
            {"jar", "info", "g.mtx"},
            {"jar", "compare", "bfs", "--graph", "g.mtx"},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            Process p = start(args);
            String out = read(p.getInputStream());
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            String expected = (c[0].equals("client") ? client : jar) + String.join(" ", args);
            assertTrue(out.contains(expected + "\n"), expected + ": " + out);
            assertTrue(out.startsWith("args: -XX:+UseParallelGC "), out);
        }
        daemon = "off";
        Process p = start("run", "bfs", "--graph", "g.mtx");
        String out = read(p.getInputStream());
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertTrue(out.contains(jar + "run bfs"), out);
        // The client's archive is its own: a recording of it never becomes the plain run's.
        try (java.util.stream.Stream<Path> files = Files.list(target())) {
            assertTrue(files.map(f -> f.getFileName().toString()).anyMatch(n -> n.startsWith("stag-client.jsa")));
        }
    }
}
