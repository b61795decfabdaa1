package org.stag.engine.program;

import org.stag.formats.tensor.Tensor;

/**
 * The variables of one activation, in primitive slots: tensors (with the {@link Buffer} that owns each, if
 * any), bool/int/long scalars in {@code ints} (bools as 0 or 1), float/double scalars in {@code reals}.
 * Every function has one, reused by all its calls (a function is never active twice: there is no
 * recursion); the globals have one; a star call keeps its current arguments in one, by position.
 *
 * <p>A variable is addressed by a <em>ref</em>: its slot in this activation ({@code >= 0}) or, for a global,
 * {@link #global(int) -1 - its slot} in the globals' activation.
 */
final class Env {
    final Env globals;
    final Tensor[] tensors;
    final Buffer[] owners;
    final long[] ints;
    final double[] reals;

    Env(Env globals, int tensors, int ints, int reals) {
        this.globals = globals;
        this.tensors = new Tensor[tensors];
        this.owners = new Buffer[tensors];
        this.ints = new long[ints];
        this.reals = new double[reals];
    }

    /** The ref of slot {@code slot} of the globals. */
    static int global(int slot) {
        return -1 - slot;
    }

    Tensor tensor(int ref) {
        return ref >= 0 ? tensors[ref] : globals.tensors[-1 - ref];
    }

    Buffer owner(int ref) {
        return ref >= 0 ? owners[ref] : globals.owners[-1 - ref];
    }

    long intAt(int ref) {
        return ref >= 0 ? ints[ref] : globals.ints[-1 - ref];
    }

    double realAt(int ref) {
        return ref >= 0 ? reals[ref] : globals.reals[-1 - ref];
    }

    /** Stores {@code t} (owned by {@code b}, or null) in local tensor slot {@code slot}, releasing what it held. */
    void set(int slot, Tensor t, Buffer b) {
        if (b != null) {
            b.retain();
        }
        release(slot);
        tensors[slot] = t;
        owners[slot] = b;
    }

    /** Empties local tensor slot {@code slot}; its buffer is recycled when no other slot holds it. */
    void release(int slot) {
        Buffer b = owners[slot];
        tensors[slot] = null;
        owners[slot] = null;
        if (b != null) {
            b.release();
        }
    }

    /**
     * Empties tensor slot {@code slot} of the globals when a buffer owns it (an input given to the run,
     * {@link ProgramRunner#give}), recycling the buffer when no other slot holds it; a borrowed input, which
     * has no buffer, stays bound for later runs.
     */
    void releaseGiven(int slot) {
        if (owners[slot] != null) {
            release(slot);
        }
    }

    /** Empties every tensor slot. */
    void releaseAll() {
        for (int s = 0; s < tensors.length; s++) {
            release(s);
        }
    }

    /** Empties every tensor slot without recycling: the tensors escape (a program's results). */
    void forgetAll() {
        for (int s = 0; s < tensors.length; s++) {
            tensors[s] = null;
            owners[s] = null;
        }
    }
}
