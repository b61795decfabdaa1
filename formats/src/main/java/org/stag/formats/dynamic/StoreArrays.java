package org.stag.formats.dynamic;

import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.dynamic.walk.WalkArrays;
import org.stag.formats.dynamic.walk.WalkPlan;

/** A store's arrays by the plan's field numbers, for its schema walk. */
final class StoreArrays implements WalkArrays {
    private final NodePool[] pool;
    private final FieldLayout[] layout;
    private final ChunkArena arena;
    private final boolean doubles;
    private final boolean positions;

    /** The arrays of {@code pools} (one per node type, in the schema's order) and {@code arena}, holding values as {@code mode} says. */
    StoreArrays(WalkPlan plan, NodePool[] pools, ChunkArena arena, ValueMode mode) {
        int n = plan.fields().size();
        pool = new NodePool[n];
        layout = new FieldLayout[n];
        for (PlanField f : plan.fields()) {
            pool[f.id()] = pools[f.type()];
            layout[f.id()] = pool[f.id()].layout(f.name());
        }
        this.arena = arena;
        doubles = mode == ValueMode.DOUBLE;
        positions = mode == ValueMode.POSITION;
    }

    @Override
    public int[] ints(int field) {
        return pool[field].ints(layout[field]);
    }

    @Override
    public double[] values(int field) {
        return doubles ? pool[field].values(layout[field]) : null;
    }

    @Override
    public int[] positions(int field) {
        return positions ? pool[field].positions(layout[field]) : null;
    }

    @Override
    public int[] arenaCoordinates() {
        return arena.crd();
    }

    @Override
    public double[] arenaValues() {
        return doubles ? arena.val() : null;
    }

    @Override
    public int[] arenaPositions() {
        return positions ? arena.pos() : null;
    }
}
