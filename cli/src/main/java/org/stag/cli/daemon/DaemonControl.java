package org.stag.cli.daemon;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code stag daemon status} and {@code stag daemon stop}: every daemon of this user, whatever its directory. */
final class DaemonControl {
    private DaemonControl() {
    }

    /** Runs {@code daemon status|stop}; status exits 0 when a daemon runs, 1 when none does; 2 for a bad usage. */
    static int command(String[] args, PrintStream out, PrintStream err) {
        String what = args.length == 2 ? args[1] : "";
        if (!what.equals(Frames.STATUS) && !what.equals(Frames.STOP)) {
            err.println("stag: usage: stag daemon status|stop");
            return 2;
        }
        Path dir = DaemonPlace.directory(System.getenv());
        int found = 0;
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> sockets = Files.newDirectoryStream(dir, "d-*.sock")) {
                for (Path s : sockets) {
                    found += ask(s, what, out) ? 1 : 0;
                }
            } catch (IOException e) {
                err.println("stag: cannot read " + dir + ": " + e.getMessage());
                return 2;
            }
        }
        if (found == 0) {
            out.println("stag: no daemon runs (sockets in " + dir + ")");
            return what.equals(Frames.STATUS) ? 1 : 0;
        }
        return 0;
    }

    /** Asks the daemon at {@code socket}; false when none answers (its socket is stale and is removed). */
    private static boolean ask(Path socket, String what, PrintStream out) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            if (!connect(ch, socket)) {
                return false;
            }
            DataOutputStream o = new DataOutputStream(Channels.newOutputStream(ch));
            new Frames.Request("", what, false, new String[0]).write(o);
            DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(ch)));
            if (in.readByte() != Frames.ACCEPTED) {
                return false;
            }
            while (true) {
                byte type = in.readByte();
                if (type == Frames.EXIT) {
                    in.readInt();
                    return true;
                }
                out.write(in.readNBytes(in.readInt()));
                out.flush();
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** Connects; a socket nobody listens on is stale and is removed. */
    private static boolean connect(SocketChannel ch, Path socket) {
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(socket);
            } catch (IOException gone) {
                // Another client removed it.
            }
            return false;
        }
    }
}
