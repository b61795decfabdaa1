package org.stag.engine.jit;

/** A typed entry point for the tests: public, so generated classes in another package can implement it. */
public interface SpmvKernel {
    /** {@code y = A x} for A in CSR. */
    void spmv(int[] pos, int[] crd, double[] vals, double[] x, double[] y);
}
