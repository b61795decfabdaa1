package org.stag.loaders.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.stag.loaders.BadInputException;

/**
 * Downloads a URL into a {@code .part} file, resuming it: a part already there is continued with an HTTP
 * {@code Range} request from its size. A server that ignores the range sends the whole file, which then replaces
 * the part.
 */
final class HttpDownload {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(20);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    /**
     * Fetches {@code url} into {@code part} until it holds {@code bytes} bytes or the server has no more.
     * {@code name} is the graph the messages name; {@code connected} runs once the server has answered, before the
     * body is read. An unreachable host, an HTTP error or a broken transfer is bad input; the part is kept, so that
     * the next run resumes it.
     */
    void fetch(String name, URI url, long bytes, Path part, Runnable connected) {
        long have = Files.isRegularFile(part) ? size(part) : 0;
        if (have >= bytes) {
            return;
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(url).GET();
        if (have > 0) {
            request.header("Range", "bytes=" + have + "-");
        }
        HttpResponse<InputStream> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw unreachable(name, url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException(name, 0, "download from " + url.getHost() + " interrupted");
        }
        int status = response.statusCode();
        boolean append = status == 206;
        if (status == 416 && have > 0) {
            // The part is not a prefix the server can continue: start again.
            close(response);
            deleteQuietly(part);
            fetch(name, url, bytes, part, connected);
            return;
        }
        if (status != 200 && status != 206) {
            close(response);
            throw new BadInputException(name, 0, url.getHost() + " answered HTTP " + status + " for " + url);
        }
        long length = response.headers().firstValueAsLong("Content-Length").orElse(-1);
        long total = length < 0 ? -1 : append ? have + length : length;
        if (total >= 0 && total != bytes) {
            // Checked before the body is read: a wrong file of gigabytes is refused at once.
            close(response);
            deleteQuietly(part);
            throw new BadInputException(name, 0, "size mismatch: the manifest pins " + bytes + " bytes, "
                    + url.getHost() + " offers " + total + "; nothing is kept");
        }
        connected.run();
        copy(name, url, response, part, append);
    }

    private static void copy(String name, URI url, HttpResponse<InputStream> response, Path part, boolean append) {
        StandardOpenOption mode = append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING;
        try (InputStream in = response.body();
                OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        mode)) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new BadInputException(name, 0, "download from " + url.getHost() + " broke off at " + size(part)
                    + " bytes (" + reason(e) + "); run again to resume it");
        }
    }

    /** The one line for a host that cannot be reached: offline, a wrong name, a refused connection. */
    private static BadInputException unreachable(String name, URI url, IOException e) {
        String why;
        if (e instanceof HttpConnectTimeoutException) {
            why = "connection timed out";
        } else if (e instanceof UnknownHostException || e.getCause() instanceof UnresolvedAddressException) {
            why = "unknown host";
        } else if (e instanceof ConnectException) {
            why = e.getMessage() == null || e.getMessage().isBlank() ? "connection refused" : e.getMessage();
        } else {
            return new BadInputException(name, 0, "cannot reach " + url.getHost() + ": " + reason(e));
        }
        return new BadInputException(name, 0, "cannot reach " + url.getHost() + " (offline?): " + why);
    }

    private static String reason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return t.getMessage();
            }
        }
        return e.getClass().getSimpleName();
    }

    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException e) {
            // Nothing was read from it; closing only frees the connection.
        }
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A file that cannot be removed is overwritten on the next try.
        }
    }
}
