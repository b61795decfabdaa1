package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link CoordinateSort#sortUnique} against a sorted map, on all of its paths: the counting passes (many
 * entries, or small dimensions), the sort of packed keys (a few entries over large dimensions) and the merge
 * sort (the same, when coordinates and entry numbers need more than 63 bits), duplicates included.
 */
class CoordinateSortTest {
    @Test
    void sortsAndKeepsTheLastOfEqualEntriesOnBothPaths() {
        Random r = new Random(12);
        int[][] shapes = {{1 << 20, 1 << 20}, {1 << 20}, {7, 1 << 20}, {50, 40}, {1 << 17, 3}, {1 << 30, 1 << 30, 1 << 30}};
        for (int[] dims : shapes) {
            for (int n : new int[] {0, 1, 2, 5, 33, 1000, 70_000}) {
                check(dims, n, r);
            }
        }
    }

    private static void check(int[] dims, int n, Random r) {
        int[][] lc = new int[dims.length][n];
        int[] index = new int[n];
        // Coordinates drawn from a few values per level, so equal entries occur.
        int[][] pool = new int[dims.length][];
        for (int k = 0; k < dims.length; k++) {
            pool[k] = new int[Math.max(1, Math.min(dims[k], (int) Math.sqrt(n) + 1))];
            for (int v = 0; v < pool[k].length; v++) {
                pool[k][v] = r.nextInt(dims[k]);
            }
        }
        TreeMap<String, Integer> want = new TreeMap<>();
        for (int j = 0; j < n; j++) {
            StringBuilder key = new StringBuilder();
            for (int k = 0; k < dims.length; k++) {
                lc[k][j] = pool[k][r.nextInt(pool[k].length)];
                key.append(String.format("%010d", lc[k][j]));
            }
            index[j] = 1000 + j;
            want.put(key.toString(), index[j]);
        }
        int[] got = CoordinateSort.sortUnique(lc, index, dims);
        int[] expected = want.values().stream().mapToInt(Integer::intValue).toArray();
        assertArrayEquals(expected, got, "dims " + java.util.Arrays.toString(dims) + ", " + n + " entries");
        int m = 0;
        for (Map.Entry<String, Integer> e : want.entrySet()) {
            for (int k = 0; k < dims.length; k++) {
                assertArrayEquals(new int[] {Integer.parseInt(e.getKey().substring(10 * k, 10 * k + 10))},
                        new int[] {lc[k][m]});
            }
            m++;
        }
    }
}
