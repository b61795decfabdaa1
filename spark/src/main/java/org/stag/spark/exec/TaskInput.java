package org.stag.spark.exec;

import java.util.ArrayList;
import java.util.List;
import org.stag.formats.tensor.Tensor;
import org.stag.spark.graph.GraphBlock;

/**
 * What one task of a kernel reads in its partition, gathered from the zipped partitions of the graph's blocks, the
 * partitioned matrices and ghost rows the kernel reads, and the entries of vectors shipped to this partition alone.
 * Made afresh for every task (never cached): only its parts are.
 */
final class TaskInput {
    final GraphBlock block;
    final List<Tensor> derived = new ArrayList<>();
    final List<Tensor> ghosts = new ArrayList<>();
    Shipped[] payload;

    TaskInput(GraphBlock block) {
        this.block = block;
    }
}
