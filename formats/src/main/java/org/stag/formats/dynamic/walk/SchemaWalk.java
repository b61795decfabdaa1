package org.stag.formats.dynamic.walk;

/**
 * {@code size}, {@code collect} and {@code get} of any dynamic structure, read off its schema's
 * {@link WalkPlan} and the store's arrays alone ({@link WalkArrays}), as the engine's generated code reads
 * them. A format's own code never runs, so whatever a format builds is read the same way a compiled kernel
 * reads it.
 *
 * <ul>
 *   <li>{@link #collect} runs the plan's walk ({@link WalkMachine}): elements come in {@code seq} order, in
 *       storage order for an unordered schema; chains and binary trees of runs by tight loops
 *       ({@link WalkRuns}).</li>
 *   <li>{@link #size} runs the same walk but counts: an array whose field is {@code nonempty} adds its length
 *       without reading its elements.</li>
 *   <li>{@link #get} descends a search tree the way generated {@code locate} does ({@link WalkSearch}), where
 *       the plan allows it; else ({@link #searchable()} says why) it scans: in order, stopping at the first
 *       coordinate at or above the key (a sorted block whose last element is below it is skipped whole), or,
 *       for an unordered schema, the whole structure.</li>
 * </ul>
 * Nothing is allocated per element: frames and node stacks live in per-thread arrays ({@link WalkScratch}),
 * and the arrays a walk reads are fetched once per call. A walk only reads, so threads may walk one store at
 * once.
 */
public final class SchemaWalk {
    private final WalkPlan plan;
    private final WalkArrays arrays;
    private final WalkMachine machine;
    private final WalkSearch search;

    /**
     * The walker of the structures of {@code plan}'s schema in the arrays {@code arrays}.
     *
     * @throws IllegalArgumentException for a schema no store can hold ({@link WalkPlan#unstorable()})
     */
    public SchemaWalk(WalkPlan plan, WalkArrays arrays) {
        if (plan.unstorable() != null) {
            throw new IllegalArgumentException(plan.unstorable());
        }
        this.plan = plan;
        this.arrays = arrays;
        WalkTables tables = new WalkTables(plan);
        this.machine = new WalkMachine(tables);
        this.search = plan.whyNotSearchable() == null ? new WalkSearch(tables) : null;
    }

    /** Null when {@link #get} descends the structure as a search tree; else why it scans. */
    public String searchable() {
        return plan.whyNotSearchable();
    }

    /** Whether {@link #collect} yields increasing coordinates: every node type is ordered by its {@code seq}. */
    public boolean ordered() {
        return plan.ordered();
    }

    /** Number of elements in the structure of root record {@code root}. */
    public int size(int root) {
        return machine.run(WalkSlots.SIZE, arrays, root, null, null, 0, 0, WalkScratch.get());
    }

    /**
     * Writes the structure's elements in traversal order (increasing coordinates when {@link #ordered()}) into
     * {@code crd} and, unless null, their values into {@code val} (positions as doubles in a store of positions,
     * 1.0 in a store of coordinates only), from {@code at}; returns the index after the last one written.
     */
    public int collect(int root, int[] crd, double[] val, int at) {
        return machine.run(WalkSlots.COLLECT, arrays, root, crd, val, at, 0, WalkScratch.get());
    }

    /** The value (as {@link #collect} writes it) of coordinate {@code c}, or NaN when it is not stored. */
    public double get(int root, int c) {
        if (search != null) {
            return search.search(arrays, root, c);
        }
        WalkScratch sc = WalkScratch.get();
        return machine.run(WalkSlots.FIND, arrays, root, null, null, 0, c, sc) == WalkSlots.FOUND ? sc.value : Double.NaN;
    }
}
