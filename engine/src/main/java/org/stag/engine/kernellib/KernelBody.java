package org.stag.engine.kernellib;

/**
 * What a generated kernel class implements. Its caller ({@code jit.CompiledDefinition}) calls {@link #prepare}
 * once per run, then {@link #run} once per chunk of the outermost loop (possibly on several threads, each with its
 * own {@link Workspace}), then {@link #finish} once.
 */
public interface KernelBody {
    /** Initialises the result (a dense target's values), before any chunk runs. */
    void prepare(Frame f);

    /** Runs the loop nest for outermost coordinates {@code [lo, hi)} as chunk {@code chunk}. */
    void run(Frame f, int chunk, int lo, int hi, Workspace ws);

    /** Combines the chunks' partial results of a scalar target in chunk order into {@code f}. */
    void finish(Frame f, int chunks);
}
