package org.stag.spark.graph;

import java.io.Serializable;

/**
 * Entries of a graph file bound for one row block, as a parse task read them from one split of the file, in file
 * order: the unit a read shuffles (arrays of a few thousand entries, not one record per edge). {@code in} chunks
 * hold a directed graph's entries transposed, for its in-edge block.
 *
 * @param split   the split of the file they come from: blocks concatenate chunks in split order, so "first",
 *                "last" and sums of duplicates see the file's order
 * @param in      whether these are in-edges (column first)
 * @param weights one per entry, or null for a pattern
 */
public record EntryChunk(int split, boolean in, int[] src, int[] dst, double[] weights, int size) implements Serializable {
}
