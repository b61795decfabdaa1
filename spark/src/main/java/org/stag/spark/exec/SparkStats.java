package org.stag.spark.exec;

/** What a {@link SparkKernels} has sent to the partitions so far: kernel runs (Spark jobs) and bytes each way. */
public final class SparkStats {
    long runs;
    long shippedBytes;
    long resultBytes;
    long nanos;
    long shipNanos;
    long deltas;
    long jobNanos;

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

    /** Vectors shipped as the entries that changed since a base the executors hold ({@code Shipments}). */
    public long deltas() {
        return deltas;
    }

    /** Bytes of the blocks' results sent back to the driver. */
    public long resultBytes() {
        return resultBytes;
    }

    /** Seconds of those runs spent copying and broadcasting the driver's tensors before the jobs. */
    public double shipSeconds() {
        return shipNanos / 1e9;
    }

    /** Seconds of those runs spent in Spark's jobs (from submitting a job to holding its results). */
    public double jobSeconds() {
        return jobNanos / 1e9;
    }

    /** Seconds spent in those runs, combining included. */
    public double seconds() {
        return nanos / 1e9;
    }
}
