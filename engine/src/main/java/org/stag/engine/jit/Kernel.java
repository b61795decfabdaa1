package org.stag.engine.jit;

/**
 * The untyped entry point a generated kernel class may implement, so callers need no reflection per call.
 * The kernel casts its operands once at entry (not per element), so the loops themselves see typed
 * primitive arrays; the order and types of {@code operands} are fixed by the code generator for the kernel.
 */
public interface Kernel {
    /** Runs the kernel on {@code operands}, writing results into the result operands. */
    void run(Object[] operands);
}
