package org.stag.spark.exec;

/** What a {@link SparkKernels} has sent to the partitions so far: kernel runs (Spark jobs) and bytes each way. */
public final class SparkStats {
    long runs;
    long shippedBytes;
    long resultBytes;
    long nanos;

    /** Kernel runs sent to the partitions (one Spark job each). */
    public long runs() {
        return runs;
    }

    /**
     * Bytes of the driver's tensors shipped: what travels inside tasks once per task, a broadcast once (an executor
     * fetches it once; in local mode that is all).
     */
    public long shippedBytes() {
        return shippedBytes;
    }

    /** Bytes of the blocks' results sent back to the driver. */
    public long resultBytes() {
        return resultBytes;
    }

    /** Seconds spent in those runs, combining included. */
    public double seconds() {
        return nanos / 1e9;
    }
}
