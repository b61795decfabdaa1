package org.stag.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.run.LdbcParameters;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;

/**
 * Graphs a resident {@code stag} process keeps between runs ({@code org.stag.cli.daemon}): the loaded graph and its
 * tensors per format, keyed by the file's absolute path, size, modification time and file key (inode), and the load
 * options (and its change time where the file system has one). A file that changes in any of these is loaded again. Off in a plain run ({@link #active()} is null):
 * a run loads and builds as it always does. The least recently used graphs go first once their bytes pass the
 * budget; the one just used always stays.
 */
public final class ResidentGraphs {
    private static volatile ResidentGraphs active;

    private final long budgetBytes;
    private final Map<Key, Entry> graphs = new LinkedHashMap<>(8, 0.75f, true);

    private ResidentGraphs(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** Keeps graphs between runs in this process from now on, up to {@code budgetBytes} (at least the last one). */
    public static synchronized void enable(long budgetBytes) {
        active = new ResidentGraphs(budgetBytes);
    }

    /** Stops keeping graphs in this process (a plain run's behaviour); those kept are dropped. */
    public static synchronized void disable() {
        active = null;
    }

    /** Drops every kept graph (after an out-of-memory failure, say); keeping stays on. */
    public static synchronized void clear() {
        if (active != null) {
            synchronized (active) {
                active.graphs.clear();
            }
        }
    }

    /** The graphs kept, one line each ({@code path vertices edges formats bytes}), for {@code stag daemon status}. */
    public static List<String> describe() {
        ResidentGraphs r = active;
        List<String> lines = new ArrayList<>();
        if (r == null) {
            return lines;
        }
        synchronized (r) {
            r.graphs.forEach((k, e) -> lines.add(k.path + " " + e.loaded.graph().numVertices() + " vertices "
                    + e.loaded.graph().numEntries() + " edges, formats " + e.tensors.keySet() + ", " + e.bytes() / (1 << 20)
                    + " MB"));
        }
        return lines;
    }

    /** The kept graphs, or null in a plain run. */
    static ResidentGraphs active() {
        return active;
    }

    /**
     * Loads {@code file} for runs in {@code format} as {@link LoadedGraph#load(Path, LoadOptions, Format)} does, or
     * returns the kept graph when the file is unchanged. A graph loaded straight into {@code format} is kept apart
     * from the whole graph of the same file: it holds no edges for another format.
     */
    static LoadedGraph load(Path file, LoadOptions options, Format format) {
        ResidentGraphs r = active;
        Format straight = LoadedGraph.straight(file, options, format) ? format : null;
        Key key = r == null ? null : Key.of(file, options, straight);
        if (key == null) {
            return LoadedGraph.load(file, options, format);
        }
        long t0 = System.nanoTime();
        synchronized (r) {
            Entry e = r.graphs.get(key);
            if (e != null) {
                return new LoadedGraph(e.loaded.graph(), (System.nanoTime() - t0) / 1e9, e.loaded.ldbc(),
                        e.loaded.straight());
            }
        }
        LoadedGraph loaded = LoadedGraph.load(file, options, format);
        // An LDBC graph's parameters come from a second file (.properties) the key does not cover.
        if (loaded.ldbc() == LdbcParameters.NONE) {
            r.put(key, new Entry(loaded));
        }
        return loaded;
    }

    /** The tensors of {@code g} in {@code format}: kept ones when {@code g} is a kept graph, else null. */
    static GraphTensor tensors(Graph g, Format format, int threads) {
        ResidentGraphs r = active;
        if (r == null) {
            return null;
        }
        synchronized (r) {
            for (Entry e : r.graphs.values()) {
                if (e.loaded.graph() == g) {
                    GraphTensor t = e.tensors.computeIfAbsent(format, f -> GraphTensor.of(g, f, threads));
                    r.trim();
                    return t;
                }
            }
        }
        return null;
    }

    private synchronized void put(Key key, Entry e) {
        graphs.put(key, e);
        trim();
    }

    /** Drops the least recently used graphs over the budget, never the last one used. */
    private void trim() {
        long total = 0;
        for (Entry e : graphs.values()) {
            total += e.bytes();
        }
        Iterator<Entry> it = graphs.values().iterator();
        while (total > budgetBytes && graphs.size() > 1 && it.hasNext()) {
            total -= it.next().bytes();
            it.remove();
        }
    }

    /**
     * What identifies a graph file's contents without reading it, and how it was read: whole, or straight into the
     * format {@code straight}.
     */
    private record Key(Path path, long size, Object modified, Object changed, Object fileKey, LoadOptions options,
                       Format straight) {
        /** The key of a regular file; null for standard input or a file that cannot be seen (the load reports it). */
        static Key of(Path file, LoadOptions options, Format straight) {
            if (file.toString().equals("-")) {
                return null;
            }
            try {
                Path abs = file.toAbsolutePath().normalize();
                BasicFileAttributes a = Files.readAttributes(abs, BasicFileAttributes.class);
                if (!a.isRegularFile()) {
                    return null;
                }
                // The change time too: a program can set a file's modification time back, not its change time.
                Object changed = Files.getAttribute(abs, "unix:ctime");
                // Threads change how fast a graph loads, not what loads.
                LoadOptions what = new LoadOptions(1, options.duplicates(), options.directed(), options.weighted(),
                        options.indexBase(), options.format(), options.duplicatesGiven());
                return new Key(abs, a.size(), a.lastModifiedTime(), changed, a.fileKey(), what, straight);
            } catch (IOException | SecurityException | UnsupportedOperationException | IllegalArgumentException e) {
                return null;
            }
        }
    }

    /** A kept graph and its tensors per format. */
    private static final class Entry {
        final LoadedGraph loaded;
        final Map<Format, GraphTensor> tensors = new LinkedHashMap<>();

        Entry(LoadedGraph loaded) {
            this.loaded = loaded;
            if (loaded.straight() != null) {
                tensors.put(loaded.straight().format(), loaded.straight());
            }
        }

        long bytes() {
            Graph g = loaded.graph();
            long sum = g.holdsEdges() ? 4L * (g.numVertices() + 1) + 12L * g.numEntries() : 0;
            for (GraphTensor t : tensors.values()) {
                sum += t.memoryBytes();
            }
            return sum;
        }
    }
}
