package org.stag.engine.loopir;

import java.util.List;
import java.util.Map;

/**
 * One kernel lowered to loop IR ({@link KernelGenerator}): the bodies of its {@code prepare}, {@code run} and
 * {@code finish} methods and how the runtime must call it. {@code javagen.KernelSource} prints it as a class.
 *
 * @param description what the class comment says (the statement, its formats and the loop order)
 * @param tensors     tensor names by frame slot
 * @param intScalars  scalar names by slot of {@code Frame.ints} (bool, int, long)
 * @param realScalars scalar names by slot of {@code Frame.reals} (float, double)
 * @param result      how the target is written
 * @param chunkExtent the size the outermost loop ranges over when it may be chunked, else null
 * @param loopOrder   the loop order, outermost first
 * @param scatter     whether a free index is iterated inside a reduction (the target accumulates)
 * @param gathered    whether {@code prepare} gathers the outermost loop's coordinates from a sparse level
 * @param notes       what {@code stag compile} shows on the kernel's line (merge per loop, in place, active set)
 */
public record LoweredKernel(String description, Block prepare, Block run, Block finish, List<String> tensors,
                            List<String> intScalars, List<String> realScalars, Result result, String chunkExtent,
                            List<String> loopOrder, boolean scatter, boolean gathered, Map<String, String> notes) {

    /** How a kernel writes its target. */
    public enum Result {
        /** A scalar, through per-chunk partials combined by {@code finish}. */
        SCALAR,
        /** A tensor whose levels are all dense: its values array is written in place. */
        DENSE,
        /** Any other format: entries go to per-chunk coordinate buffers, then the format is assembled. */
        SPARSE
    }
}
