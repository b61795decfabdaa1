package org.stag.engine.program;

import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Tensor;

/**
 * Runs the kernels that read tensors held somewhere else than this JVM, such as a graph kept as blocks of rows
 * in a cluster's executors ({@link RunOptions#executor}). The program runs here as always: its star loops, stop
 * conditions, FormatRules, scalar definitions and every kernel that reads only tensors held here; a tensor held
 * elsewhere is bound here as a stand-in of the same format, sizes and value read, so planning and kernel choice
 * are unchanged, and {@link #holds} tells the stand-ins apart. Such a run fuses no definitions (a fused kernel
 * runs in one place), so every kernel that reads a stand-in runs through {@link #run}.
 */
public interface KernelExecutor {
    /** Whether {@code t} is a stand-in for a tensor held elsewhere: a kernel that reads it runs through {@link #run}. */
    boolean holds(Tensor t);

    /**
     * Runs {@code kernel} on the operands bound in {@code f} (tensors, integer and real scalars in the plan's slots)
     * with the result {@link CompiledDefinition#runWith} would give: a scalar target in {@code f.resultInt} or
     * {@code f.resultReal} (and null returned), a tensor target returned, written into {@code reuse} when the kernel
     * can reuse it. A tensor result may itself be a stand-in held elsewhere.
     */
    Tensor run(CompiledDefinition kernel, Frame f, Tensor reuse);
}
