package org.stag.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPOutputStream;

/**
 * An HTTP server on the loopback interface that serves files from memory, for tests of downloads that must not
 * touch the network. It answers {@code Range: bytes=N-} with 206 and the rest of the file (unless told to ignore
 * ranges, as some servers do), and records every request's range.
 */
public final class LocalHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final List<String> ranges = new CopyOnWriteArrayList<>();
    private volatile boolean honourRanges = true;
    private volatile int breakAfter = -1;
    private volatile boolean chunked;

    /** Starts a server on a free loopback port. */
    public LocalHttpServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.start();
    }

    /** Serves {@code content} at {@code path} (which starts with a slash) and returns its URL. */
    public URI serve(String path, byte[] content) {
        files.put(path, content);
        return url(path);
    }

    /** The URL of {@code path} on this server. */
    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** Whether a {@code Range} header gets a 206 with the rest of the file (true) or the whole file (false). */
    public void honourRanges(boolean honour) {
        honourRanges = honour;
    }

    /**
     * Makes the next responses announce their full length but close the connection after {@code bytes} bytes of
     * the body, as a dropped connection does; a negative value sends whole bodies again.
     */
    public void breakAfter(int bytes) {
        breakAfter = bytes;
    }

    /** Whether bodies are sent chunked, without a {@code Content-Length}, as some servers and proxies do. */
    public void chunked(boolean on) {
        chunked = on;
    }

    /** The {@code Range} header of each request so far, {@code ""} for a request without one. */
    public List<String> ranges() {
        return List.copyOf(ranges);
    }

    /** Stops the server at once; later connections are refused. */
    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        String range = ex.getRequestHeaders().getFirst("Range");
        ranges.add(range == null ? "" : range);
        byte[] body = files.get(ex.getRequestURI().getPath());
        if (body == null) {
            ex.sendResponseHeaders(404, -1);
            ex.close();
            return;
        }
        int from = 0;
        int status = 200;
        if (range != null && honourRanges && range.startsWith("bytes=") && range.endsWith("-")) {
            from = Integer.parseInt(range.substring(6, range.length() - 1));
            if (from >= body.length) {
                ex.sendResponseHeaders(416, -1);
                ex.close();
                return;
            }
            status = 206;
            ex.getResponseHeaders().add("Content-Range", "bytes " + from + "-" + (body.length - 1) + "/" + body.length);
        }
        ex.sendResponseHeaders(status, chunked ? 0 : body.length - from);
        int cut = breakAfter;
        if (cut >= 0 && cut < body.length - from) {
            OutputStream out = ex.getResponseBody();
            out.write(body, from, cut);
            out.flush();
            // Closing before the announced length is sent drops the connection: the point.
            ex.close();
            return;
        }
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body, from, body.length - from);
        }
    }

    /**
     * A {@code .tar.gz} holding one file, {@code name}, with {@code content}: a ustar header (name, mode, octal
     * size, checksum), the content padded to 512 bytes, and the two zero blocks that end an archive.
     */
    public static byte[] tarGz(String name, byte[] content) {
        byte[] header = new byte[512];
        put(header, 0, name);
        put(header, 100, "0000644");
        put(header, 108, "0000000");
        put(header, 116, "0000000");
        put(header, 124, String.format("%011o", content.length));
        put(header, 136, "00000000000");
        header[156] = '0';
        put(header, 257, "ustar");
        put(header, 263, "00");
        for (int i = 148; i < 156; i++) {
            header[i] = ' ';
        }
        int sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        put(header, 148, String.format("%06o", sum));
        header[155] = ' ';
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(header);
            gz.write(content);
            gz.write(new byte[(512 - content.length % 512) % 512 + 1024]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void put(byte[] header, int at, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, header, at, b.length);
    }
}
