package org.stag.cli.daemon;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the launcher starts for {@code stag run} (and {@code stag daemon status|stop}): a small main that hands the
 * arguments to this directory's daemon and replays its output and exit status, or, when there is no daemon or it
 * fails before it has answered, starts one in the background and runs the command itself ({@code Stag.main}), as a
 * plain run would. Loads no picocli and nothing of a run unless it falls back.
 */
public final class DaemonClient {
    /** How long the daemon has to accept a request before the client runs it itself. */
    private static final long ACCEPT_MILLIS = Long.getLong("stag.daemon.accept-millis", 2000);
    /** Output held back until the exit status arrives, so that a daemon dying mid-way leaves no half output. */
    private static final long HOLD_BYTES = 4L << 20;

    private DaemonClient() {
    }

    /** Runs {@code args} through the daemon, or in this JVM. */
    public static void main(String[] args) throws Exception {
        // STAG_DAEMON=verbose: the client says when and why it runs a command itself.
        boolean verbose = "verbose".equals(System.getenv("STAG_DAEMON"));
        if (args.length > 0 && args[0].equals("daemon")) {
            System.exit(DaemonControl.command(args, System.out, System.err));
        }
        DaemonPlace place = DaemonPlace.current();
        Path socket = place.socketOrNull();
        if (socket != null && delegable(args)) {
            Integer code = tryDaemon(place, socket, args, verbose);
            if (code != null) {
                System.exit(code);
            }
        }
        plainRun(args);
    }

    /** Whether the daemon can run {@code args}: a run that reads no standard input and asks for no own process. */
    static boolean delegable(String[] args) {
        if (args.length == 0 || !args[0].equals("run") || "off".equals(System.getenv("STAG_DAEMON"))) {
            return false;
        }
        for (String a : args) {
            if (a.equals("-") || a.equals("--no-daemon") || a.equals("--spark") || a.startsWith("--spark=")) {
                return false;
            }
        }
        return true;
    }

    /** The run's exit status from the daemon, or null when the client must run it itself. */
    private static Integer tryDaemon(DaemonPlace place, Path socket, String[] args, boolean verbose) {
        SocketChannel ch;
        try {
            ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            ch.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException | UnsupportedOperationException e) {
            note(verbose, "no daemon answers at ", socket.toString(), "; starting one, running this command here");
            DaemonStarter.start(place, verbose);
            return null;
        }
        try (SocketChannel c = ch) {
            return exchange(c, place, args, verbose);
        } catch (IOException e) {
            note(verbose, "the daemon failed (", String.valueOf(e.getMessage()), "); running this command here");
            return null;
        }
    }

    /** Sends the request and replays the answer; null when nothing reached stdout or stderr before a failure. */
    private static Integer exchange(SocketChannel ch, DaemonPlace place, String[] args, boolean verbose) throws IOException {
        DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(Channels.newOutputStream(ch)));
        boolean tty = Boolean.parseBoolean(System.getProperty("stag.stderr.terminal", "false"));
        new Frames.Request(place.key, Frames.RUN, tty, args).write(out);
        DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(ch), 1 << 16));
        Watchdog dog = Watchdog.start(ch, ACCEPT_MILLIS);
        byte first;
        try {
            first = in.readByte();
        } finally {
            dog.cancel();
        }
        if (first == Frames.REFUSED) {
            note(verbose, "the daemon serves other settings; running this command here");
            return null;
        }
        if (first != Frames.ACCEPTED) {
            throw new IOException("unexpected answer");
        }
        Replay replay = new Replay();
        try {
            while (true) {
                byte type = in.readByte();
                if (type == Frames.EXIT) {
                    int code = in.readInt();
                    replay.commit();
                    return code;
                }
                int n = in.readInt();
                if (n < 0 || (type != Frames.OUT && type != Frames.ERR)) {
                    throw new IOException("corrupt frame");
                }
                replay.add(type, in.readNBytes(n), n);
            }
        } catch (EOFException e) {
            if (!replay.committed) {
                throw new IOException("the daemon ended during the run");
            }
            System.out.flush();
            System.err.println("stag: the daemon ended during the run, after part of the output; run again with --no-daemon");
            return 1;
        }
    }

    /** The command in this JVM, as the plain launcher runs it. */
    private static void plainRun(String[] args) throws Exception {
        Class.forName("org.stag.cli.Stag").getMethod("main", String[].class).invoke(null, (Object) args);
    }

    static void note(boolean verbose, String... parts) {
        if (verbose) {
            StringBuilder b = new StringBuilder("stag: ");
            for (String p : parts) {
                b.append(p);
            }
            System.err.println(b);
        }
    }

    /** The daemon's output, held back in order until the run ends or it grows past {@link #HOLD_BYTES}. */
    private static final class Replay {
        private final List<byte[]> held = new ArrayList<>();
        private final List<Byte> types = new ArrayList<>();
        private long bytes;
        boolean committed;

        void add(byte type, byte[] b, int n) throws IOException {
            if (b.length != n) {
                throw new EOFException();
            }
            if (committed) {
                stream(type).write(b);
                return;
            }
            held.add(b);
            types.add(type);
            bytes += n;
            if (bytes > HOLD_BYTES) {
                commit();
            }
        }

        void commit() {
            for (int i = 0; i < held.size(); i++) {
                PrintStream s = stream(types.get(i));
                s.write(held.get(i), 0, held.get(i).length);
                if (types.get(i) == Frames.ERR) {
                    System.out.flush();
                    s.flush();
                }
            }
            held.clear();
            types.clear();
            committed = true;
            System.out.flush();
            System.err.flush();
        }

        private static PrintStream stream(byte type) {
            if (type == Frames.ERR) {
                System.out.flush();
                return System.err;
            }
            return System.out;
        }
    }

    /** Closes a channel unless cancelled in time: a daemon that does not accept soon is taken as gone. */
    private static final class Watchdog extends Thread {
        private final SocketChannel ch;
        private final long millis;
        private volatile boolean cancelled;

        private Watchdog(SocketChannel ch, long millis) {
            super("stag-daemon-watchdog");
            this.ch = ch;
            this.millis = millis;
            setDaemon(true);
        }

        static Watchdog start(SocketChannel ch, long millis) {
            Watchdog w = new Watchdog(ch, millis);
            w.start();
            return w;
        }

        void cancel() {
            cancelled = true;
            interrupt();
        }

        @Override
        public void run() {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                return;
            }
            if (!cancelled) {
                try {
                    ch.close();
                } catch (IOException e) {
                    // Closed already.
                }
            }
        }
    }
}
