package org.stag.engine.runtime;

import org.stag.formats.tensor.Tensor;

/**
 * The operands and results of one kernel run, in the slots the code generator assigned: tensors, integer
 * scalars (bools as 0/1), floating-point scalars, and where the result goes — a dense values array, one
 * coordinate buffer per chunk, or per-chunk partials of a scalar. Reused across runs by the runtime.
 */
public final class Frame {
    /** Tensor operands. */
    public Tensor[] tensors;
    /** bool, int and long scalars (bools as 0 or 1). */
    public long[] ints;
    /** float and double scalars. */
    public double[] reals;
    /** The values array of a dense target ({@code double[]}, {@code int[]}, ...). */
    public Object out;
    /** The entries of a sparse target, one buffer per chunk. */
    public CooBuffer[] coo;
    /** Scratch of a sparse vector result's sort (packed keys and the radix sort's second array), kept across runs. */
    public long[] sortKeys;
    /** The radix sort's second array, as long as {@link #sortKeys}. */
    public long[] sortTmp;
    /** A sparse vector result's unsorted coordinates, concatenated before the sort (as long as {@link #sortKeys}). */
    public int[] sortCrd;
    /** Their values, an array of the result's element type. */
    public Object sortVals;
    /** The radix sort's counters. */
    public int[] sortCount;
    /** Per-chunk partial results of a scalar target (the slot for its type). */
    public double[] partReal;
    /** Per-chunk partial results of an integer or bool scalar target. */
    public long[] partInt;
    /** The scalar result after {@link KernelBody#finish}: in {@link #resultReal} or {@link #resultInt}. */
    public double resultReal;
    /** The integer or bool (0/1) scalar result. */
    public long resultInt;

    /** Outer coordinates gathered by {@link KernelBody#prepare} when the outermost loop walks a sparse level. */
    public int[] gatherCrd = new int[16];
    /** Their positions (levels that hold positions). */
    public int[] gatherPos = new int[16];
    /** Their values (a last level that holds values). */
    public double[] gatherVal = new double[16];
    /** Number of gathered coordinates; the chunks split {@code [0, gatherSize)}. */
    public int gatherSize;

    private Workspace prepareWorkspace;

    /**
     * The scratch arrays of {@link KernelBody#prepare}'s sequential gather (a tree level's stack), kept with the
     * frame across runs, so that preparing allocates nothing once they have their size.
     */
    public Workspace prepareWorkspace() {
        if (prepareWorkspace == null) {
            prepareWorkspace = new Workspace();
        }
        return prepareWorkspace;
    }

    /** Appends an outer coordinate and its position. */
    public void gather(int crd, int pos) {
        grow();
        gatherCrd[gatherSize] = crd;
        gatherPos[gatherSize++] = pos;
    }

    /** Appends an outer coordinate and its value. */
    public void gatherValue(int crd, double value) {
        grow();
        gatherCrd[gatherSize] = crd;
        gatherVal[gatherSize++] = value;
    }

    private void grow() {
        if (gatherSize == gatherCrd.length) {
            int cap = gatherSize + (gatherSize >> 1) + 16;
            gatherCrd = java.util.Arrays.copyOf(gatherCrd, cap);
            gatherPos = java.util.Arrays.copyOf(gatherPos, cap);
            gatherVal = java.util.Arrays.copyOf(gatherVal, cap);
        }
    }

    /** The targets of a fused kernel, by output: dense values arrays (null for a scalar output). */
    public Object[] outs;
    /** Per output, per-chunk partials of a fused kernel's scalar outputs (floating point). */
    public double[][] partsReal;
    /** Per output, per-chunk partials of a fused kernel's scalar outputs (integers and bools). */
    public long[][] partsInt;
    /** Per output, a fused kernel's scalar results after {@code finish}. */
    public double[] resultsReal;
    /** Per output, a fused kernel's integer or bool (0/1) scalar results. */
    public long[] resultsInt;
}
