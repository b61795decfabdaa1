package org.stag.formats.graph;

import org.stag.loaders.Parallel;
import org.stag.loaders.RowBlocks;

/**
 * The transpose of a pattern held in row blocks, as row blocks (the in-edges of a directed graph with more entries
 * than an array holds): the columns counted per source block in parallel, the result's blocks cut within the block
 * limit, then each source block scatters its entries into the slots its counts reserved (source blocks in order
 * within every result row, and each scans its rows in order, so every result row is sorted).
 */
final class BlockTranspose {
    private BlockTranspose() {
    }

    static RowBlocks of(RowBlocks in, int cols, int threads) {
        int sources = in.blockCount();
        // Per source block, its entries per column: sources x cols ints, so few sources share one count.
        int groups = Math.max(1, Math.min(threads, sources));
        int[] groupFirst = new int[groups + 1];
        for (int g = 0; g <= groups; g++) {
            groupFirst[g] = (int) ((long) sources * g / groups);
        }
        int[][] counts = new int[groups][];
        Parallel.forEachBlock(threads, groups, g -> {
            int[] count = new int[cols];
            for (int b = groupFirst[g]; b < groupFirst[g + 1]; b++) {
                int[] col = in.col(b);
                for (int p = 0, end = (int) (in.first(b + 1) - in.first(b)); p < end; p++) {
                    count[col[p]]++;
                }
            }
            counts[g] = count;
        });
        long[] start = new long[cols + 1];
        for (int c = 0; c < cols; c++) {
            long sum = 0;
            for (int g = 0; g < groups; g++) {
                sum += counts[g][c];
            }
            start[c + 1] = start[c] + sum;
        }
        int bits = RowBlocks.needed(start[cols]) ? RowBlocks.bitsFor(cols, c -> start[c], RowBlocks.limit())
                : RowBlocks.ONE_BLOCK;
        RowBlocks out = RowBlocks.allocate(cols, bits, c -> start[c], false);
        // counts[g][c] becomes group g's first local slot in result row c.
        for (int c = 0; c < cols; c++) {
            int b = out.blockOf(c);
            int slot = out.ptr(b)[c - out.firstRow(b)];
            for (int g = 0; g < groups; g++) {
                int k = counts[g][c];
                counts[g][c] = slot;
                slot += k;
            }
        }
        Parallel.forEachBlock(threads, groups, g -> {
            int[] next = counts[g];
            for (int b = groupFirst[g]; b < groupFirst[g + 1]; b++) {
                int[] ptr = in.ptr(b);
                int[] col = in.col(b);
                int first = in.firstRow(b);
                for (int l = 0; l + 1 < ptr.length; l++) {
                    int r = first + l;
                    for (int p = ptr[l]; p < ptr[l + 1]; p++) {
                        int c = col[p];
                        out.col(out.blockOf(c))[next[c]++] = r;
                    }
                }
            }
        });
        return out;
    }
}
