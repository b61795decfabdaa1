package org.stag.algorithms.stream;

import java.io.IOException;
import java.nio.file.Path;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.io.GraphWriter;
import org.stag.loaders.text.IoCause;
import org.stag.loaders.updates.UpdateBatch;

/**
 * Writes a version of a changing graph to a file, as {@link GraphWriter} does by the file's name ({@code .stagb},
 * {@code .mtx}, {@code .el}, {@code .wel}, gzipped or not), whole or not at all ({@link DurableFiles}): {@code stag
 * stream --save-graph FILE [--save-every M]}, and the Java API:
 *
 * <pre>{@code
 * try (GraphSnapshot s = graph.snapshot()) {
 *     SavedGraph.save(s, Path.of("now.stagb"));   // while the graph takes more batches
 * }
 * }</pre>
 */
public final class SavedGraph implements AfterBatch {
    private final DynamicGraph graph;
    private final Path file;
    private final long every;
    private long savedVersion = -1;

    /**
     * Saves {@code graph} to {@code file} every {@code every} batches ({@link #applied}) and when told
     * ({@link #saveNow()}).
     */
    public SavedGraph(DynamicGraph graph, Path file, long every) {
        this.graph = graph;
        this.file = file;
        this.every = every;
    }

    /** Writes the version of {@code s} to {@code file}: the old file stays until the new one is whole. */
    public static void save(GraphSnapshot s, Path file) {
        Graph g = s.tensors().toGraph();
        try {
            DurableFiles.replace(file, temp -> GraphWriter.write(g, temp));
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot write: " + IoCause.of(e));
        }
    }

    /** Writes the graph's current version to {@code file}. */
    public static void save(DynamicGraph graph, Path file) {
        try (GraphSnapshot s = graph.snapshot()) {
            save(s, file);
        }
    }

    @Override
    public void applied(UpdateBatch b, ApplyResult r, Checkpoint.Position through) {
        if (every > 0 && r.version() % every == 0) {
            saveNow();
        }
    }

    /** Writes the current version unless it is the one written last. */
    public void saveNow() {
        if (graph.version() != savedVersion) {
            savedVersion = graph.version();
            save(graph, file);
        }
    }
}
