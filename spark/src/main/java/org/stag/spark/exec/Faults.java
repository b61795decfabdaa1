package org.stag.spark.exec;

import java.io.Serializable;

/**
 * A fault to inject, for tests of fault tolerance: the task of block {@code block} in kernel run {@code run} (counted
 * from 1 over the runs that go to the partitions) fails on its first attempt. Spark runs the task again, and the
 * result must be the same. A local master retries only when it is given a count of attempts ({@code local[2,4]}).
 */
public record Faults(long run, int block) implements Serializable {
    /** Thrown by the injected fault. */
    public static final class Injected extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Injected(String message) {
            super(message);
        }
    }

    /** Fails when this is the chosen task's first attempt. */
    void maybeFail(long thisRun, int thisBlock, int attempt) {
        if (thisRun == run && thisBlock == block && attempt == 0) {
            throw new Injected("injected fault: block " + block + " of kernel run " + run + ", attempt " + attempt);
        }
    }
}
