package org.stag.cli.daemon;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a daemon in the background, in a session of its own (so that a Ctrl-C in the terminal that ran the client
 * does not reach it), with the JVM options a plain run gets and its output in a log file beside its socket.
 */
final class DaemonStarter {
    private DaemonStarter() {
    }

    /** Starts the daemon of {@code place}; a failure to start only means this and later runs run themselves. */
    static void start(DaemonPlace place, boolean verbose) {
        try {
            place.createDirectory();
            String name = place.socket.getFileName().toString();
            Path log = place.dir.resolve(name.substring(0, name.length() - ".sock".length()) + ".log");
            ProcessBuilder pb = new ProcessBuilder(command(place));
            pb.directory(new File(System.getProperty("user.dir")));
            pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            pb.redirectErrorStream(true);
            pb.start();
        } catch (IOException | RuntimeException e) {
            DaemonClient.note(verbose, "could not start a daemon: ", String.valueOf(e.getMessage()));
        }
    }

    static List<String> command(DaemonPlace place) {
        List<String> cmd = new ArrayList<>();
        for (String setsid : new String[] {"/usr/bin/setsid", "/bin/setsid"}) {
            if (Files.isExecutable(Path.of(setsid))) {
                cmd.add(setsid);
                break;
            }
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String opts = System.getenv("STAG_JAVA_OPTS");
        boolean gc = false;
        if (opts != null) {
            for (String o : opts.trim().split("\\s+")) {
                if (!o.isEmpty()) {
                    cmd.add(o);
                    gc |= o.startsWith("-XX:+Use") && o.endsWith("GC");
                }
            }
        }
        if (!gc) {
            cmd.add("-XX:+UseParallelGC");
        }
        String idle = System.getenv("STAG_DAEMON_IDLE_SECONDS");
        if (idle != null && idle.matches("\\d{1,9}")) {
            cmd.add("-Dstag.daemon.idle-seconds=" + idle);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(DaemonServer.class.getName());
        cmd.add(place.socket.toString());
        return cmd;
    }
}
