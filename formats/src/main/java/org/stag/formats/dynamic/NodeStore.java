package org.stag.formats.dynamic;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.stag.formats.dynamic.walk.IndexShape;
import org.stag.formats.dynamic.walk.SchemaWalk;
import org.stag.formats.dynamic.walk.WalkPlan;
import org.stag.formats.dynamic.walk.WalkPlans;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;

/**
 * The storage of some dynamic structures of one schema: a {@link NodePool} per node type and one
 * {@link ChunkArena}. A store is used by one thread at a time; a tensor keeps several stores (shards) so
 * that disjoint groups of rows can be updated in parallel without locks.
 */
public final class NodeStore {
    private final Schema schema;
    private final ValueMode mode;
    private final Map<String, NodePool> pools = new LinkedHashMap<>();
    /** The pools in the schema's order of node types, for {@link #pool(int)}. */
    private final NodePool[] byIndex;
    private final ChunkArena arena;
    /** Made on first use; immutable, so a race only makes a second equal one. */
    private volatile SchemaWalk walk;
    /** A format's reusable view for updates of this store ({@link #updateView()}); never copied. */
    private Object updateView;
    /**
     * The in-order index of the trees ({@link #nodeOrder}), null until made and after a change it cannot follow;
     * a copy of the store shares it until its first patch. Made and patched under this store's lock.
     */
    private volatile NodeOrder nodeOrder;
    /** Whether {@link #nodeOrder} describes the structures as they are (else {@link #dirty} lists what changed). */
    private volatile boolean orderCurrent;
    /** Local parents written since {@link #nodeOrder} was last made or patched, {@code [0, dirtyCount)}. */
    private int[] dirty = new int[16];
    private int dirtyCount;
    /** Whether {@link #nodeOrder} is also the index of the store this one was copied from (patch a copy of it). */
    private boolean orderShared;

    public NodeStore(Schema schema, ValueMode mode) {
        this.schema = schema;
        this.mode = mode;
        for (NodeType t : schema.nodeTypes()) {
            pools.put(t.name(), new NodePool(t, mode));
        }
        this.byIndex = pools.values().toArray(new NodePool[0]);
        this.arena = new ChunkArena(mode, schema.varint());
    }

    /** A deep copy of {@code o}: every pool and the arena copied, so that changing one leaves the other as it was. */
    private NodeStore(NodeStore o) {
        this.schema = o.schema;
        this.mode = o.mode;
        for (Map.Entry<String, NodePool> e : o.pools.entrySet()) {
            pools.put(e.getKey(), e.getValue().copy());
        }
        this.byIndex = pools.values().toArray(new NodePool[0]);
        this.arena = o.arena.copy();
        // The same structures under the same handles: a current node index holds for the copy too, which a batch
        // then changes. Shared, not copied: the copy is made under the graph's lock, while ingest waits; the
        // first read that patches it copies it ({@link #nodeOrder}). Only a current one: o is not written after
        // it is copied, so nothing patches a current index of o in place (a stale one, its readers would).
        synchronized (o) {
            if (o.nodeOrder != null && o.orderCurrent) {
                this.nodeOrder = o.nodeOrder;
                this.orderShared = true;
                this.orderCurrent = true;
            }
        }
    }

    /**
     * A deep copy, with the same structures under the same handles: what a graph writes to instead of a shard
     * that a held snapshot still reads (copy-on-write). O(bytes held).
     */
    public NodeStore copy() {
        return new NodeStore(this);
    }

    public Schema schema() {
        return schema;
    }

    public ValueMode mode() {
        return mode;
    }

    /** The pool of node type {@code name}. */
    public NodePool pool(String name) {
        NodePool p = pools.get(name);
        if (p == null) {
            throw new IllegalArgumentException("schema " + schema.name() + " has no node type '" + name + "'");
        }
        return p;
    }

    /**
     * The index of node type {@code name}'s pool, for {@link #pool(int)}: the same in every store of the schema.
     *
     * @throws IllegalArgumentException when the schema has no such node type
     */
    public int poolIndex(String name) {
        int i = 0;
        for (String n : pools.keySet()) {
            if (n.equals(name)) {
                return i;
            }
            i++;
        }
        throw new IllegalArgumentException("schema " + schema.name() + " has no node type '" + name + "'");
    }

    /**
     * The pool at {@code index} ({@link #poolIndex}): what code that reaches a store once per structure uses
     * instead of a lookup by name.
     */
    public NodePool pool(int index) {
        return byIndex[index];
    }

    /**
     * What a format keeps here to update this store's structures without making an object per structure (the
     * C-tree's view of the store's arrays), or null; for the one thread that updates the store (see above),
     * which must fetch the arrays again through it, as they may have been replaced since. A {@link #copy()}
     * starts without one.
     */
    public Object updateView() {
        return updateView;
    }

    /** Sets {@link #updateView()}. */
    public void updateView(Object v) {
        updateView = v;
    }

    /** The pools, one per node type in the schema's order (not a copy). */
    NodePool[] pools() {
        return byIndex;
    }

    /** The pool of the root (handle) type. */
    public NodePool rootPool() {
        return pool(schema.root().name());
    }

    public ChunkArena arena() {
        return arena;
    }

    /**
     * The in-order index of the trees of parents {@code roots[from, to)} (this store's shard, local parent
     * {@code p - from}), for schemas of {@link WalkPlan#index() a shape that has one}: the one made before, when
     * it covers as many parents, with the parents written since listed again ({@link NodeOrder#patched}); else a
     * new one. Safe for concurrent readers (made and patched under the store's lock); never called while the
     * store changes.
     *
     * @throws IllegalStateException if the schema has no such index
     */
    public NodeOrder nodeOrder(int[] roots, int from, int to) {
        NodeOrder o = nodeOrder;
        if (o != null && orderCurrent && o.parents() >= to - from) {
            return o;
        }
        synchronized (this) {
            o = nodeOrder;
            if (o != null && o.parents() >= to - from) {
                // Only the parents written since are listed again, when each kept its number of tree nodes: a
                // batch of a few edges then costs its rows, not the shard (a rebuild walks every tree).
                if (!orderCurrent) {
                    if (orderShared) {
                        o = o.copy();
                        orderShared = false;
                    }
                    o = o.patched(byIndex, roots, from, dirty, dirtyCount);
                    nodeOrder = o;
                    dirtyCount = 0;
                    orderCurrent = true;
                }
                return o;
            }
            IndexShape shape = WalkPlans.of(schema).index();
            if (shape == null) {
                throw new IllegalStateException("schema " + schema.name() + " has no in-order node index");
            }
            o = NodeOrder.build(byIndex, shape, roots, from, to);
            nodeOrder = o;
            orderShared = false;
            dirtyCount = 0;
            orderCurrent = true;
            return o;
        }
    }

    /**
     * Drops the index of {@link #nodeOrder}: what a write to the store's structures must call first, unless it
     * names the parents it writes ({@link #invalidateNodeOrder(int)}).
     */
    public void invalidateNodeOrder() {
        nodeOrder = null;
        orderShared = false;
        orderCurrent = false;
        dirtyCount = 0;
    }

    /**
     * Marks local parent {@code lp}'s structure as about to change: the index lists it again on its next use
     * ({@link #nodeOrder}). Past an eighth of the index's parents it is dropped instead, as a rebuild then costs
     * about what the patches would. For the one thread that writes the store, with no reader at the same time.
     */
    public void invalidateNodeOrder(int lp) {
        NodeOrder o = nodeOrder;
        if (o == null) {
            return;
        }
        if (dirtyCount >= Math.max(16, o.parents() >> 3)) {
            invalidateNodeOrder();
            return;
        }
        if (dirtyCount == dirty.length) {
            dirty = Arrays.copyOf(dirty, 2 * dirtyCount);
        }
        dirty[dirtyCount++] = lp;
        orderCurrent = false;
    }

    /**
     * The schema-derived reader of this store's structures ({@code size}, {@code collect}, {@code get}).
     *
     * @throws UnsupportedOperationException for a schema with {@code varint} arrays, whose format decodes its runs
     */
    public SchemaWalk walk() {
        SchemaWalk w = walk;
        if (w == null) {
            if (schema.varint()) {
                throw new UnsupportedOperationException("schema " + schema.name() + ": the schema walk does not read"
                        + " varint arrays; its format reads them");
            }
            WalkPlan plan = WalkPlans.of(schema);
            w = new SchemaWalk(plan, new StoreArrays(plan, byIndex, arena, mode));
            walk = w;
        }
        return w;
    }

    /**
     * Bytes held by all pools and the arena: the structure, the same before and after kernels read it. The
     * in-order node index that reads make and every write drops ({@link #nodeOrder}) is a cache beside it, not
     * counted here; {@link NodeOrder#memoryBytes} gives its size.
     */
    public long memoryBytes() {
        long b = arena.memoryBytes();
        for (NodePool p : pools.values()) {
            b += p.memoryBytes();
        }
        return b;
    }

    /** Shrinks every array to what is in use. */
    public void trim() {
        for (NodePool p : pools.values()) {
            p.trim();
        }
        arena.trim();
    }
}
