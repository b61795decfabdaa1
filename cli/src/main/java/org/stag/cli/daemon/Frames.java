package org.stag.cli.daemon;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The wire between client and daemon. The client sends a request (magic, version, key, kind, whether stderr is a
 * terminal, the arguments); the daemon answers {@link #ACCEPTED} at once, then {@link #OUT} and {@link #ERR}
 * chunks in the order the command wrote them, and one {@link #EXIT} with the status. {@link #REFUSED} means the
 * daemon serves another directory or settings (a hash collision of the socket's name) and the client runs itself.
 */
final class Frames {
    static final int MAGIC = 0x53544147;
    static final int VERSION = 1;
    static final byte ACCEPTED = 'A';
    static final byte OUT = 'O';
    static final byte ERR = 'E';
    static final byte EXIT = 'X';
    static final byte REFUSED = 'R';

    /** Request kinds. */
    static final String RUN = "run";
    static final String STATUS = "status";
    static final String STOP = "stop";

    private Frames() {
    }

    /** A request as sent. */
    record Request(String key, String kind, boolean stderrTerminal, String[] args) {
        void write(DataOutputStream out) throws IOException {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(key);
            out.writeUTF(kind);
            out.writeBoolean(stderrTerminal);
            out.writeInt(args.length);
            for (String a : args) {
                writeString(out, a);
            }
            out.flush();
        }

        static Request read(DataInputStream in) throws IOException {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                throw new IOException("not a stag client of this version");
            }
            String key = in.readUTF();
            String kind = in.readUTF();
            boolean tty = in.readBoolean();
            int n = in.readInt();
            if (n < 0 || n > 100_000) {
                throw new IOException("absurd argument count " + n);
            }
            String[] args = new String[n];
            for (int i = 0; i < n; i++) {
                args[i] = readString(in);
            }
            return new Request(key, kind, tty, args);
        }
    }

    /** A string of any length (writeUTF stops at 64 KB). */
    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (64 << 20)) {
            throw new IOException("absurd argument length " + n);
        }
        return new String(in.readNBytes(n), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes what it is given as frames of one type; frames of several streams share {@code sink}'s lock. */
    static final class FrameStream extends OutputStream {
        private final DataOutputStream sink;
        private final byte type;

        FrameStream(DataOutputStream sink, byte type) {
            this.sink = sink;
            this.type = type;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return;
            }
            synchronized (sink) {
                sink.writeByte(type);
                sink.writeInt(len);
                sink.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (sink) {
                sink.flush();
            }
        }
    }
}
