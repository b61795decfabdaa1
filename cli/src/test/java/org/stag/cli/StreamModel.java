package org.stag.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an update stream should do to a graph, computed the slow, obvious way: a map of edges in the file's
 * 1-based ids, updated line by line, that counts each update's effect and writes the graph of any moment
 * as a Matrix Market file, for {@code stag run} to load from scratch.
 */
final class StreamModel {
    private final boolean directed;
    private final boolean weighted;
    private int vertices;
    /** Edge (u, v) as {@code u << 32 | v}, for an undirected graph with u &le; v; the weight. */
    private final Map<Long, Double> edges = new TreeMap<>();

    /** Counts of one batch. */
    record Counts(long inserted, long updated, long deleted, long missing) {
    }

    StreamModel(boolean directed, boolean weighted, int vertices) {
        this.directed = directed;
        this.weighted = weighted;
        this.vertices = vertices;
    }

    /** Karate's 78 undirected edges, read from its .mtx. */
    static StreamModel of(Path mtx, boolean directed, boolean weighted) throws IOException {
        StreamModel m = null;
        for (String line : Files.readAllLines(mtx)) {
            if (line.startsWith("%") || line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (m == null) {
                m = new StreamModel(directed, weighted, Integer.parseInt(f[0]));
                continue;
            }
            m.edges.put(m.key(Long.parseLong(f[0]), Long.parseLong(f[1])), weighted ? Double.parseDouble(f[2]) : 1.0);
        }
        return m;
    }

    private long key(long u, long v) {
        return directed || u <= v ? u << 32 | v : v << 32 | u;
    }

    /**
     * Applies update lines as one batch: the last word on an edge wins, and each edge the batch names counts
     * once by what happened to it (inserted, updated, deleted or missing), as the graph counts.
     */
    Counts apply(List<String> lines) {
        Map<Long, Double> before = new TreeMap<>();
        Map<Long, Boolean> named = new TreeMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            boolean delete = f[0].equals("-");
            int at = f[0].equals("+") || delete ? 1 : 0;
            long u = Long.parseLong(f[at]);
            long v = Long.parseLong(f[at + 1]);
            vertices = (int) Math.max(vertices, Math.max(u, v));
            long k = key(u, v);
            if (!named.containsKey(k)) {
                named.put(k, true);
                before.put(k, edges.get(k));
            }
            if (delete) {
                edges.remove(k);
            } else {
                Double old = edges.get(k);
                double w = weighted && f.length > at + 2 ? Double.parseDouble(f[at + 2]) : old != null ? old : 1.0;
                edges.put(k, w);
            }
        }
        long ins = 0;
        long upd = 0;
        long del = 0;
        long mis = 0;
        for (Map.Entry<Long, Double> e : before.entrySet()) {
            boolean was = e.getValue() != null;
            boolean is = edges.containsKey(e.getKey());
            if (!was && is) {
                ins++;
            } else if (was && is) {
                upd++;
            } else if (was) {
                del++;
            } else {
                mis++;
            }
        }
        return new Counts(ins, upd, del, mis);
    }

    int vertices() {
        return vertices;
    }

    /** Stored directed edges, as the graph counts them: an undirected edge twice, a self-loop once. */
    long storedEdges() {
        long n = 0;
        for (long k : edges.keySet()) {
            n += directed || (k >>> 32) == (k & 0xffffffffL) ? 1 : 2;
        }
        return n;
    }

    /** Writes the graph now as a Matrix Market file (symmetric entries in the lower triangle). */
    void writeMtx(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        out.add("%%MatrixMarket matrix coordinate " + (weighted ? "real" : "pattern") + " "
                + (directed ? "general" : "symmetric"));
        out.add(vertices + " " + vertices + " " + edges.size());
        for (Map.Entry<Long, Double> e : edges.entrySet()) {
            long u = e.getKey() >>> 32;
            long v = e.getKey() & 0xffffffffL;
            String w = weighted ? String.format(Locale.ROOT, " %s", e.getValue()) : "";
            out.add(directed ? u + " " + v + w : v + " " + u + w);
        }
        Files.write(file, out);
    }
}
