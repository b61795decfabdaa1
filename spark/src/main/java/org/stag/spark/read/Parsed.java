package org.stag.spark.read;

import java.io.Serializable;

/**
 * The entries one split of a text file holds, as stag's own parser read them (0-based rows and columns, values when
 * weighted), with what the driver needs from every split: their count, the largest id and whether every value was
 * an integer. Kept in the executors between the read's two passes (sizes, then routing to blocks).
 */
record Parsed(int split, int[] src, int[] dst, double[] weights, int size, long maxId, boolean allIntegral)
        implements Serializable {
}
