package org.stag.loaders.fetch;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Copies one file out of a {@code .tar.gz}: the ustar headers SuiteSparse's archives use, with GNU long names
 * ({@code L}), pax headers ({@code x}: path and size) and GNU base-256 sizes, which a member over 8 GiB (GAP's
 * graphs) needs. Read in one pass, without unpacking the other members.
 */
final class TarGzMember {
    private static final int BLOCK = 512;

    private TarGzMember() {
    }

    /**
     * Writes {@code member} of {@code archive} to {@code target}.
     *
     * @return whether the archive holds the member
     * @throws IOException on a damaged archive or a failed write
     */
    static boolean extract(Path archive, String member, Path target) throws IOException {
        try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(archive), 1 << 16),
                1 << 16)) {
            byte[] header = new byte[BLOCK];
            String longName = null;
            long paxSize = -1;
            while (true) {
                readFully(in, header);
                if (allZero(header)) {
                    return false;
                }
                char type = (char) header[156];
                long size = paxSize >= 0 ? paxSize : size(header);
                String name = longName != null ? longName : name(header);
                longName = null;
                paxSize = -1;
                if (type == 'L') {
                    longName = trimNul(new String(readBody(in, size), StandardCharsets.UTF_8));
                    continue;
                }
                if (type == 'x') {
                    String[] pax = pax(new String(readBody(in, size), StandardCharsets.UTF_8));
                    longName = pax[0];
                    paxSize = pax[1] == null ? -1 : Long.parseLong(pax[1]);
                    continue;
                }
                boolean file = type == '0' || type == '\0' || type == '7';
                if (file && stripDot(name).equals(member)) {
                    try (OutputStream out = Files.newOutputStream(target)) {
                        copy(in, out, size);
                    }
                    return true;
                }
                skip(in, padded(size));
            }
        }
    }

    private static String stripDot(String name) {
        return name.startsWith("./") ? name.substring(2) : name;
    }

    private static String name(byte[] h) {
        String name = field(h, 0, 100);
        String prefix = new String(h, 257, 6, StandardCharsets.US_ASCII).startsWith("ustar") ? field(h, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** The size field: octal digits, or GNU's base-256 when its first byte has the high bit set. */
    static long size(byte[] h) {
        if ((h[124] & 0x80) != 0) {
            long v = 0;
            for (int i = 125; i < 136; i++) {
                v = (v << 8) | (h[i] & 0xff);
            }
            return v;
        }
        String octal = field(h, 124, 12).trim();
        return octal.isEmpty() ? 0 : Long.parseLong(octal, 8);
    }

    private static String field(byte[] h, int from, int length) {
        int end = from;
        while (end < from + length && h[end] != 0) {
            end++;
        }
        return new String(h, from, end - from, StandardCharsets.UTF_8);
    }

    /** A pax header's {@code path} and {@code size} records (either may be null). */
    private static String[] pax(String records) {
        String[] out = new String[2];
        for (String rec : records.split("\n")) {
            int space = rec.indexOf(' ');
            int eq = rec.indexOf('=');
            if (space < 0 || eq < space) {
                continue;
            }
            String key = rec.substring(space + 1, eq);
            String value = rec.substring(eq + 1);
            if (key.equals("path")) {
                out[0] = value;
            } else if (key.equals("size")) {
                out[1] = value;
            }
        }
        return out;
    }

    private static String trimNul(String s) {
        int nul = s.indexOf('\0');
        return nul < 0 ? s : s.substring(0, nul);
    }

    private static byte[] readBody(InputStream in, long size) throws IOException {
        if (size > 1 << 20) {
            throw new IOException("a tar header record of " + size + " bytes");
        }
        byte[] body = new byte[(int) size];
        readFully(in, body);
        skip(in, padded(size) - size);
        return body;
    }

    private static long padded(long size) {
        return (size + BLOCK - 1) / BLOCK * BLOCK;
    }

    private static void copy(InputStream in, OutputStream out, long size) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long left = size;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new EOFException("the archive ends inside a member");
            }
            out.write(buffer, 0, n);
            left -= n;
        }
    }

    private static void skip(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("the archive ends inside a member");
                }
                s = 1;
            }
            left -= s;
        }
    }

    private static void readFully(InputStream in, byte[] b) throws IOException {
        int off = 0;
        while (off < b.length) {
            int n = in.read(b, off, b.length - off);
            if (n < 0) {
                if (off == 0 && b.length == BLOCK) {
                    // An archive without its two closing zero blocks: treat the end as the end.
                    Arrays.fill(b, (byte) 0);
                    return;
                }
                throw new EOFException("the archive ends inside a header");
            }
            off += n;
        }
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }
}
