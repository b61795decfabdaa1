package org.stag.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stag.loaders.Graph;

/**
 * The summary of {@code run} and {@code compare}, and the facts {@code info} prints: ordered entries printed as {@code key value} lines
 * ({@code --summary text}, the default) or as one JSON object on one line ({@code --summary json}).
 * Values are strings, numbers, booleans or maps of them; a non-finite real is JSON {@code null}.
 */
final class Summary {
    /** How the summary is printed. */
    enum Style { TEXT, JSON }

    private record Entry(String key, Object value, String textKey) {
    }

    private final List<Entry> entries = new ArrayList<>();

    /** Adds {@code key value}: a map prints as {@code key a=1 b=2} (or {@code key none}), a JSON object. */
    Summary put(String key, Object value) {
        entries.add(new Entry(key, value, null));
        return this;
    }

    /** Adds a map printed as one {@code textKey NAME VALUE} line per entry, and as JSON object {@code key}. */
    Summary putEach(String key, String textKey, Map<String, ?> values) {
        entries.add(new Entry(key, new LinkedHashMap<>(values), textKey));
        return this;
    }

    /**
     * The one-line summary of a written graph file, e.g. {@code stag: wrote g.el: 1024 vertices, 30000 edges,
     * 0.2 MB in 0.4 s}; edges counted as {@code info} counts them (an undirected edge twice).
     */
    static String wrote(Path file, Graph g, double seconds) {
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            bytes = -1;
        }
        String size = bytes < 0 ? "" : bytes >= 10_000_000 ? ", " + (bytes / 1_000_000) + " MB"
                : String.format(Locale.ROOT, ", %.1f MB", bytes / 1e6);
        String shape = g.isSquare() ? g.numVertices() + " vertices, " + g.numEntries() + " edges"
                : g.numRows() + " x " + g.numCols() + ", " + g.numEntries() + " entries";
        return "stag: wrote " + file + ": " + shape + size + " in "
                + String.format(Locale.ROOT, "%.1f s", seconds);
    }

    /** Seconds as printed: four decimals (a JSON number). */
    static BigDecimal seconds(double s) {
        return new BigDecimal(GraphRuns.seconds(s));
    }

    /** Bytes per stored edge, two decimals (a JSON number); 0 for a graph without edges. */
    static BigDecimal perEdge(long bytes, long edges) {
        return new BigDecimal(String.format(Locale.ROOT, "%.2f", edges == 0 ? 0.0 : (double) bytes / edges));
    }

    void print(PrintWriter err, Style style) {
        if (style == Style.JSON) {
            Map<String, Object> all = new LinkedHashMap<>();
            entries.forEach(e -> all.put(e.key(), e.value()));
            err.println(Json.value(all));
        } else {
            for (Entry e : entries) {
                if (e.textKey() != null) {
                    ((Map<?, ?>) e.value()).forEach((k, v) -> err.println(e.textKey() + " " + k + " " + v));
                } else if (e.value() instanceof Map<?, ?> m) {
                    List<String> words = new ArrayList<>();
                    m.forEach((k, v) -> words.add(k + "=" + v));
                    err.println(e.key() + " " + (words.isEmpty() ? "none" : String.join(" ", words)));
                } else {
                    err.println(e.key() + " " + e.value());
                }
            }
        }
        err.flush();
    }
}
