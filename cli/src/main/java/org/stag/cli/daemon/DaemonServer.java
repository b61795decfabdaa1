package org.stag.cli.daemon;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import org.stag.cli.ResidentGraphs;
import org.stag.cli.Stag;

/**
 * The resident {@code stag} process: listens on its socket and runs each request as {@link Stag#run} runs a command
 * line, one at a time in arrival order (a fair lock; standard streams and settings are the process's), keeping
 * graphs ({@link ResidentGraphs}) and compiled kernels between runs. One per socket (a lock file beside it), it
 * removes a stale socket file before it binds, and it exits after {@code stag.daemon.idle-seconds} without a
 * request (default three hours), on {@code stag daemon stop}, after a run that ran out of memory, and once its jar
 * has been rebuilt (new clients then use a daemon of their own).
 */
public final class DaemonServer {
    /** The log: the process's stdout as started (a file), not a run's. */
    private static final PrintStream LOG = System.out;
    private static final long IDLE_SECONDS = Long.getLong("stag.daemon.idle-seconds", 3 * 3600);

    private final Path socket;
    private final String key;
    private final ReentrantLock runs = new ReentrantLock(true);
    private final Instant started = Instant.now();
    /** The class path as it was when the daemon started: a rebuilt jar gets a daemon of its own, and this one goes. */
    private final String classPath = classPathStamp();
    private volatile long lastActive = System.nanoTime();
    private volatile int served;
    private volatile boolean running;

    private DaemonServer(Path socket, String key) {
        this.socket = socket;
        this.key = key;
    }

    /** {@code DaemonServer SOCKET}: serves until idle, stopped or out of memory. */
    public static void main(String[] args) throws Exception {
        Path socket = Path.of(args[0]);
        Path lockFile = socket.resolveSibling(socket.getFileName() + ".lock");
        try (FileChannel lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockChannel.tryLock()) {
            if (lock == null) {
                return; // another daemon of this place runs, or is starting
            }
            new DaemonServer(socket, DaemonPlace.key(System.getenv())).serve();
        }
    }

    private void serve() throws IOException {
        // Only this process runs at this place (the lock): whatever socket file is here is stale.
        Files.deleteIfExists(socket);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
        // A failure in a thread nobody waits for ends a plain run; here it ends the daemon, and clients run themselves.
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            log(t.getName() + " failed: " + e);
            quit(1);
        });
        ResidentGraphs.enable(Runtime.getRuntime().maxMemory() / 3);
        log("serving " + socket + " (pid " + ProcessHandle.current().pid() + ", heap up to "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB)");
        Thread idle = new Thread(this::watchIdle, "stag-daemon-idle");
        idle.setDaemon(true);
        idle.start();
        while (true) {
            SocketChannel ch = server.accept();
            Thread t = new Thread(() -> handle(ch), "stag-daemon-request");
            t.setDaemon(true);
            t.start();
        }
    }

    private void handle(SocketChannel ch) {
        try (ch) {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16));
            Frames.Request r = Frames.Request.read(new DataInputStream(new BufferedInputStream(Channels.newInputStream(ch))));
            if (r.kind().equals(Frames.RUN) && !r.key().equals(key)) {
                out.writeByte(Frames.REFUSED);
                out.flush();
                return;
            }
            out.writeByte(Frames.ACCEPTED);
            out.flush();
            lastActive = System.nanoTime();
            int code = switch (r.kind()) {
                case Frames.RUN -> run(r, out);
                case Frames.STATUS -> status(out);
                case Frames.STOP -> stop(out);
                default -> 2;
            };
            synchronized (out) {
                out.writeByte(Frames.EXIT);
                out.writeInt(code);
                out.flush();
            }
            lastActive = System.nanoTime();
            if (r.kind().equals(Frames.STOP) || code == Stag.OUT_OF_MEMORY) {
                log(code == Stag.OUT_OF_MEMORY ? "a run ran out of memory; exiting" : "stopped");
                quit(0);
            }
        } catch (IOException e) {
            // The client went away (Ctrl-C) or was no client: nothing to answer.
        }
    }

    /** Runs one command line with the request's streams as stdout and stderr, after the runs before it. */
    private int run(Frames.Request r, DataOutputStream sink) {
        runs.lock();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        try (PrintStream o = new PrintStream(new BufferedOutputStream(new Frames.FrameStream(sink, Frames.OUT), 1 << 16));
             PrintStream e = new PrintStream(new Frames.FrameStream(sink, Frames.ERR), true)) {
            System.setOut(o);
            System.setErr(e);
            System.setProperty("stag.stderr.terminal", Boolean.toString(r.stderrTerminal()));
            PrintWriter out = new PrintWriter(o, true);
            PrintWriter err = new PrintWriter(e, true);
            // Stag.run reports an out-of-memory failure itself (one line, status 3); the daemon then exits.
            running = true;
            int code = Stag.run(r.args(), out, err);
            running = false;
            out.flush();
            err.flush();
            served++;
            return code;
        } finally {
            running = false;
            System.setOut(oldOut);
            System.setErr(oldErr);
            runs.unlock();
        }
    }

    private int status(DataOutputStream sink) throws IOException {
        StringBuilder b = new StringBuilder();
        Runtime rt = Runtime.getRuntime();
        b.append("daemon ").append(ProcessHandle.current().pid()).append(" at ").append(socket).append('\n')
                .append("  directory ").append(System.getProperty("user.dir")).append('\n')
                .append("  up ").append(Duration.between(started, Instant.now()).toSeconds()).append(" s, ")
                .append(served).append(" runs").append(running ? ", one running" : "").append(", idle exit after ").append(IDLE_SECONDS).append(" s\n")
                .append("  heap ").append((rt.totalMemory() - rt.freeMemory()) >> 20).append(" MB used of ")
                .append(rt.totalMemory() >> 20).append(" MB, at most ").append(rt.maxMemory() >> 20).append(" MB\n");
        for (String g : ResidentGraphs.describe()) {
            b.append("  graph ").append(g).append('\n');
        }
        new Frames.FrameStream(sink, Frames.OUT).write(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return 0;
    }

    private int stop(DataOutputStream sink) throws IOException {
        String line = "stopped daemon " + ProcessHandle.current().pid() + " of " + System.getProperty("user.dir") + "\n";
        new Frames.FrameStream(sink, Frames.OUT).write(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return 0;
    }

    /** Exits once no request came for the idle time; between, returns unused heap after a quiet minute. */
    private void watchIdle() {
        boolean collected = true;
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long quiet = (System.nanoTime() - lastActive) / 1_000_000_000L;
            if (runs.isLocked() || runs.hasQueuedThreads()) {
                collected = false;
                continue;
            }
            if (quiet >= IDLE_SECONDS) {
                log("idle for " + quiet + " s; exiting");
                quit(0);
            }
            if (!classPath.equals(classPathStamp())) {
                log("the jar changed (clients of the new one use a daemon of their own); exiting");
                quit(0);
            }
            if (!collected && quiet >= 60) {
                System.gc();
                collected = true;
            }
        }
    }

    /** Size and modification time of each class path entry. */
    private static String classPathStamp() {
        StringBuilder b = new StringBuilder();
        for (String part : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            java.io.File f = new java.io.File(part);
            b.append(f.length()).append(' ').append(f.lastModified()).append('\n');
        }
        return b.toString();
    }

    /** Removes the socket, then ends the process. */
    private void quit(int status) {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // Clients find no daemon either way.
        }
        Runtime.getRuntime().halt(status);
    }

    private static void log(String line) {
        LOG.println(Instant.now() + " stag daemon: " + line);
        LOG.flush();
    }
}
