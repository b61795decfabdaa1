package org.stag.spark.exec;

/** How the driver's vectors reach the tasks of a kernel. */
public enum Shipping {
    /** Each vector once per kernel run to every executor, as a Spark broadcast. */
    BROADCAST,
    /**
     * To each partition only the entries it reads, inside its task: a vector read at the block's rows, its slice;
     * read at the columns of the block's rows, those columns' entries; anything else whole.
     */
    NEEDED
}
