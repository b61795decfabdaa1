package org.stag.engine.lattice;

import java.util.List;
import java.util.Set;

/**
 * The operands of one loop, as the lowering sees them at that depth: the accesses whose next level is indexed
 * by the loop's variable ({@code participants}, in access order), which of those levels can locate (by the
 * level's capability) and which are full (dense), and the accesses already known absent above the loop.
 */
public record LoopOperands(String index, List<Integer> participants, Set<Integer> locatable, Set<Integer> full,
                           Set<Integer> absent) {
    /** Copies the collections. */
    public LoopOperands {
        participants = List.copyOf(participants);
        locatable = Set.copyOf(locatable);
        full = Set.copyOf(full);
        absent = Set.copyOf(absent);
    }
}
