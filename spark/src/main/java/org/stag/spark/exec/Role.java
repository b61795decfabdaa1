package org.stag.spark.exec;

/** What a kernel's tensor slot is bound to in a task. */
enum Role {
    /** A tensor the driver holds, shipped to the task. */
    LOCAL,
    /** The block's out-edge pattern. */
    A,
    /** The block's in-edge pattern. */
    AT,
    /** The block's weights. */
    W,
    /** A matrix a kernel left in the partitions (rows of this block), e.g. CDLP's votes. */
    DERIVED,
    /** Rows of a graph tensor a kernel reads at other rows than the block's: the rows it needs, shuffled in. */
    GHOST
}
