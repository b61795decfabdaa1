package org.stag.algorithms.stream;

import org.stag.formats.graph.ApplyResult;
import org.stag.loaders.updates.UpdateBatch;

/**
 * What a stream does with each batch once it is applied and before its line is printed: make it durable
 * ({@link Checkpoint}), save the graph every M batches ({@link SavedGraph}).
 */
@FunctionalInterface
public interface AfterBatch {
    /**
     * @param through the version {@code b} made, and how far into the input it reached
     * @throws org.stag.loaders.BadInputException when it cannot be done: the stream stops there
     */
    void applied(UpdateBatch b, ApplyResult r, Checkpoint.Position through);
}
