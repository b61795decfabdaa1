package org.stag.engine.kernellib;

import org.stag.formats.tensor.Tensor;

/**
 * The operands and results of one kernel run, in the slots the code generator assigned: tensors, integer
 * scalars (bools as 0/1), floating-point scalars, and where the result goes — a dense values array, one
 * coordinate buffer per chunk, or per-chunk partials of a scalar. Reused across runs of a compiled kernel.
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
    /**
     * A bitmap over a sparse vector result's dimension that puts coordinates without values in order instead of a
     * sort (the assembly sets a bit per entry and reads the words in order, clearing them); all clear between runs.
     */
    public long[] sortBits;
    /** Set while {@link #sortBits} may hold set bits: an assembly that failed leaves it, and the next clears them all. */
    public boolean sortBitsDirty;
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
     * The claims of a scattered sparse vector result written by several chunks at once (a {@code bool} target
     * reduced by {@code OR}/{@code AND} from its fill): the first chunk to reach a coordinate sets its claim and
     * lists it; the others skip it, so a coordinate enters one chunk's entries (two chunks may both list it in a
     * race, which is harmless: the entries hold the same value and the assembly keeps one). Shared by the chunks
     * of a run, all false between runs: {@code finish} clears the claims of the run's entries.
     */
    public boolean[] claims;
    /** Set while claims may be set: a run that failed before {@code finish} leaves it, and the next clears all. */
    private boolean claimsDirty;

    /**
     * Makes {@link #claims} hold {@code n} clear claims before a run (on the calling thread, before the chunks):
     * nothing is allocated once it has the size, nothing is cleared unless the last run failed.
     */
    public void prepareClaims(int n) {
        if (claims == null || claims.length < n) {
            claims = new boolean[n];
        } else if (claimsDirty) {
            java.util.Arrays.fill(claims, false);
        }
        claimsDirty = true;
    }

    /** After all chunks: clears the claims of the entries in {@code coo[0, chunks)} (their first coordinates). */
    public void clearClaims(int chunks) {
        boolean[] c = claims;
        for (int k = 0; k < chunks; k++) {
            CooBuffer b = coo[k];
            int[] crd = b.crd[0];
            for (int e = 0, n = b.size; e < n; e++) {
                c[crd[e]] = false;
            }
        }
        claimsDirty = false;
    }

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
