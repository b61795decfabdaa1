package org.stag.engine.javagen;

import java.util.List;
import java.util.Map;

/**
 * What the code generator produced for one kernel: the Java source and how the runtime must call it —
 * which tensor goes in which frame slot, where each scalar travels, what kind of result it writes, and
 * whether the outermost loop may be split into chunks (and over which size).
 *
 * @param tensors     tensor names by frame slot
 * @param intScalars  scalar names by slot of {@code Frame.ints} (bool, int, long)
 * @param realScalars scalar names by slot of {@code Frame.reals} (float, double)
 * @param result      how the target is written
 * @param chunkExtent the size the outermost loop ranges over when it may be chunked, else null
 * @param loopOrder   the loop order, outermost first
 * @param scatter     whether a free index is iterated inside a reduction (the target accumulates)
 * @param gathered    whether {@code prepare} gathers the outermost loop's coordinates from a sparse level
 *                    (a tree, a list, a compressed level) so that the chunks split them: the chunk extent is
 *                    then {@code Frame.gatherSize}, known after {@code prepare}
 */
public record KernelPlan(GeneratedSource source, List<String> tensors, List<String> intScalars, List<String> realScalars,
                         ResultKind result, String chunkExtent, List<String> loopOrder, boolean scatter,
                         boolean gathered, Map<String, String> notes) {

    /** How a kernel writes its target. */
    public enum ResultKind {
        /** A scalar, through per-chunk partials combined by {@code finish}. */
        SCALAR,
        /** A tensor whose levels are all dense: its values array is written in place. */
        DENSE,
        /** Any other format: entries go to per-chunk coordinate buffers, then the format is assembled. */
        SPARSE
    }
}
