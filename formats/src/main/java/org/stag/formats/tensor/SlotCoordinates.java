package org.stag.formats.tensor;

import java.util.Arrays;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;

/**
 * The slot level's coordinate of every entry of a tensor in a format with a slot level ({@link Format}): in DIA
 * ({@code dense,range,offset}, {@code dense,compressed,offset}) the entry's diagonal, the index of its offset
 * ({@code column - row}) among the distinct offsets in increasing order; in ELL ({@code dense,dense,singleton})
 * its slot, the rank of its singleton coordinate among those of the entries that share the levels between the
 * slot and the singleton (its row). The entries come sorted by their mode levels and leave sorted by slot, then
 * by those levels (a stable counting sort), as assembly needs.
 *
 * @param count   the slot level's dimension: the number of diagonals, or the most entries of a row
 * @param offsets the offset of each diagonal (DIA), empty for ELL
 * @param index   the entries' value indices in the new order
 */
record SlotCoordinates(int count, int[] offsets, int[] index) {

    /**
     * Sets {@code lc[0]} to the slot of each entry {@code j < index.length}, whose mode-level coordinates {@code
     * lc[1..]} are sorted and unique, and reorders every {@code lc[k]} and the index by slot.
     */
    static SlotCoordinates assign(Format format, int[][] lc, int[] index) {
        int n = index.length;
        int offsetLevel = levelOf(format, LevelType.OFFSET);
        int[] slot = new int[n];
        int[] offsets = new int[0];
        int count;
        if (offsetLevel >= 0) {
            int[] rows = lc[offsetLevel - 1];
            int[] cols = lc[offsetLevel];
            long[] diag = new long[n];
            for (int j = 0; j < n; j++) {
                diag[j] = (long) cols[j] - rows[j];
            }
            long[] distinct = distinct(diag);
            offsets = new int[distinct.length];
            for (int d = 0; d < distinct.length; d++) {
                offsets[d] = (int) distinct[d];
            }
            for (int j = 0; j < n; j++) {
                slot[j] = Arrays.binarySearch(distinct, diag[j]);
            }
            count = offsets.length;
        } else {
            count = ranks(lc, levelOf(format, LevelType.SINGLETON), slot);
        }
        int[] perm = bySlot(slot, count);
        lc[0] = slot;
        for (int k = 0; k < lc.length; k++) {
            lc[k] = gather(lc[k], perm);
        }
        return new SlotCoordinates(count, offsets, gather(index, perm));
    }

    /** The first level of type {@code t} below the slot level, or -1. */
    private static int levelOf(Format f, LevelType t) {
        for (int k = f.slots(); k < f.depth(); k++) {
            if (f.level(k) instanceof StaticLevelFormat s && s.type() == t) {
                return k;
            }
        }
        return -1;
    }

    /**
     * ELL: each entry's rank among the distinct coordinates of level {@code single} of the entries whose levels {@code
     * 1 .. single - 1} agree with its own (sorted, so such entries are consecutive); returns the largest count.
     */
    private static int ranks(int[][] lc, int single, int[] slot) {
        int n = slot.length;
        int most = 0;
        int rank = -1;
        for (int j = 0; j < n; j++) {
            boolean sameRow = j > 0;
            for (int k = 1; k < single && sameRow; k++) {
                sameRow = lc[k][j] == lc[k][j - 1];
            }
            if (!sameRow) {
                rank = 0;
            } else if (lc[single][j] != lc[single][j - 1]) {
                rank++;
            }
            slot[j] = rank;
            most = Math.max(most, rank + 1);
        }
        return most;
    }

    private static long[] distinct(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        int u = 0;
        for (int j = 0; j < s.length; j++) {
            if (j == 0 || s[j] != s[j - 1]) {
                s[u++] = s[j];
            }
        }
        return Arrays.copyOf(s, u);
    }

    /** The stable order of the entries by slot. */
    private static int[] bySlot(int[] slot, int count) {
        int[] start = new int[count + 1];
        for (int s : slot) {
            start[s + 1]++;
        }
        for (int s = 0; s < count; s++) {
            start[s + 1] += start[s];
        }
        int[] perm = new int[slot.length];
        for (int j = 0; j < slot.length; j++) {
            perm[start[slot[j]]++] = j;
        }
        return perm;
    }

    private static int[] gather(int[] a, int[] perm) {
        int[] b = new int[perm.length];
        for (int j = 0; j < perm.length; j++) {
            b[j] = a[perm[j]];
        }
        return b;
    }
}
