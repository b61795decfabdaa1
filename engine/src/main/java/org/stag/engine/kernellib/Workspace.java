package org.stag.engine.kernellib;

import java.util.HashMap;
import java.util.Map;

/**
 * Scratch arrays of one worker thread, kept across kernel runs so that an outer loop allocates nothing per
 * iteration once the arrays have reached their size. Generated code asks for an array by a key unique in
 * its kernel ({@code ws.ints("A1_stack", 64)}) once per run or task, never per element. Not thread-safe:
 * each worker has its own.
 */
public final class Workspace {
    private final Map<String, int[]> ints = new HashMap<>();
    private final Map<String, double[]> doubles = new HashMap<>();
    private final Map<String, long[]> longs = new HashMap<>();
    private final Map<String, boolean[]> bools = new HashMap<>();

    /** An int array of at least {@code length} entries; its contents are whatever the last user left. */
    public int[] ints(String key, int length) {
        int[] a = ints.get(key);
        if (a == null || a.length < length) {
            a = new int[Math.max(length, a == null ? 0 : a.length + (a.length >> 1))];
            ints.put(key, a);
        }
        return a;
    }

    /** A double array of at least {@code length} entries (contents as left). */
    public double[] doubles(String key, int length) {
        double[] a = doubles.get(key);
        if (a == null || a.length < length) {
            a = new double[Math.max(length, a == null ? 0 : a.length + (a.length >> 1))];
            doubles.put(key, a);
        }
        return a;
    }

    /** A long array of at least {@code length} entries (contents as left). */
    public long[] longs(String key, int length) {
        long[] a = longs.get(key);
        if (a == null || a.length < length) {
            a = new long[Math.max(length, a == null ? 0 : a.length + (a.length >> 1))];
            longs.put(key, a);
        }
        return a;
    }

    /** A boolean array of at least {@code length} entries (contents as left). */
    public boolean[] bools(String key, int length) {
        boolean[] a = bools.get(key);
        if (a == null || a.length < length) {
            a = new boolean[Math.max(length, a == null ? 0 : a.length + (a.length >> 1))];
            bools.put(key, a);
        }
        return a;
    }

    /** Keeps a grown array for the next run (after generated code had to enlarge a stack mid-visit). */
    public void keepInts(String key, int[] a) {
        ints.put(key, a);
    }

    /** Keeps a grown double array for the next run (as {@link #keepInts}). */
    public void keepDoubles(String key, double[] a) {
        doubles.put(key, a);
    }
}
