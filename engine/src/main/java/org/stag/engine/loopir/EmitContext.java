package org.stag.engine.loopir;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;

/**
 * Where the lowering of one kernel stands while it walks the kernel's tree: passed down with the accesses' states
 * to every emitter, each nested loop getting its own (the record never changes), so nothing about the code being
 * emitted is kept in fields. It holds what was decided before the loops ({@link Layout}), whether the outermost
 * loop runs in chunks, the active set's driver while its loop is emitted, the monomial whose loops are emitted
 * (DCTACO's canonical form), the loop guards that hold here, and in a fused group the reads bound to locals or
 * constants ({@link Reads}).
 *
 * @param active the active set's driver while its loop is emitted, else null
 * @param term   the monomial whose loops are emitted, else null
 * @param guards the guards of the enclosing loops ({@code MergeLattice.guard}): inside, they hold and read as
 *               {@code true}
 */
record EmitContext(Layout layout, boolean chunked, Active active, Term term, Set<IndexExpr> guards, Reads reads) {

    /**
     * What the kernel decided before emitting its loops, the same everywhere in it.
     *
     * @param gathered        whether the outermost loop walks a sparse level whose coordinates {@code prepare}
     *                        gathers for chunking
     * @param entriesReserved whether a sparse target's chunk reserves room for all its entries up front (one per
     *                        iteration at most), so that no entry checks for room
     * @param inPlaceValues   the values array of the input the target may overwrite in place, else null
     * @param memberValue     in a fused group, the local that receives the target's value at the shared loop's
     *                        coordinate, else null
     * @param memberStore     in a fused group, the array that value is stored into (null when nothing reads the
     *                        target after the group)
     */
    record Layout(boolean gathered, boolean entriesReserved, String inPlaceValues, String memberValue,
                  String memberStore) {
        /** The layout of a kernel alone. */
        static Layout kernel(boolean gathered, boolean entriesReserved, String inPlaceValues) {
            return new Layout(gathered, entriesReserved, inPlaceValues, null, null);
        }

        /** The layout of a fused group's member, whose value goes to local {@code value} (and array {@code store}). */
        static Layout member(String value, String store) {
            return new Layout(false, false, null, value, store);
        }
    }

    /**
     * The active set's driver while its loop is emitted: the access whose stored coordinates alone drive the
     * outermost loop, with {@code split} when its positions are split with the dense loop's chunks.
     */
    record Active(int driver, boolean split) {
    }

    /** One monomial's loops, split at depth {@code depth}; {@code accumulate}: the sum a dense target adds with, or null. */
    record Term(int depth, Operator accumulate) {
    }

    /**
     * In a fused group: reads replaced by locals (a pattern matrix's constant) and reads known to be a constant (a
     * bool pattern's {@code true} or {@code false}), by access id, and the temporaries of the fused tree that hold
     * earlier members' values at the shared loop's coordinate, bound to the locals they were computed into.
     */
    record Reads(Map<Integer, Ex> overrides, Map<Integer, Constant> constants, Map<String, Ex> temps) {
        static final Reads NONE = new Reads(Map.of(), Map.of(), Map.of());
    }

    /** The context at the top of a kernel, or of a fused group's member, laid out as {@code layout}. */
    static EmitContext root(Layout layout, boolean chunked) {
        return new EmitContext(layout, chunked, null, null, Set.of(), Reads.NONE);
    }

    /** As this, the outermost loop running in chunks or not. */
    EmitContext chunked(boolean c) {
        return new EmitContext(layout, c, active, term, guards, reads);
    }

    /** As this, while the active set's loop driven by access {@code driver} is emitted. */
    EmitContext driving(int driver, boolean split) {
        return new EmitContext(layout, chunked, new Active(driver, split), term, guards, reads);
    }

    /** As this, inside the loops of one monomial split at depth {@code depth}. */
    EmitContext inTerm(int depth, Operator accumulate) {
        return new EmitContext(layout, chunked, active, new Term(depth, accumulate), guards, reads);
    }

    /** As this, inside a loop whose guard {@code guard} holds. */
    EmitContext holding(IndexExpr guard) {
        if (guards.contains(guard)) {
            return this;
        }
        Set<IndexExpr> g = new HashSet<>(guards);
        g.add(guard);
        return new EmitContext(layout, chunked, active, term, Set.copyOf(g), reads);
    }

    /** As this, with the reads of a fused group's member bound as {@code r}. */
    EmitContext reading(Reads r) {
        return new EmitContext(layout, chunked, active, term, guards, r);
    }

    /** The access that alone drives the outermost loop while the active set's loop is emitted, else -1. */
    int forcedDriver() {
        return active == null ? -1 : active.driver();
    }

    /** Whether one monomial's loops are being emitted. */
    boolean inTerm() {
        return term != null;
    }

    /** The sum a dense target accumulates with while one monomial's loops are emitted, else null. */
    Operator accumulate() {
        return term == null ? null : term.accumulate();
    }
}
