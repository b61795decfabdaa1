package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.MetadataType;
import org.stag.formats.schema.NodeType;

/**
 * All nodes of one node type, struct-of-arrays: one primitive array per field, nodes addressed by int
 * handles from 1 (0 is null). The layout is derived from the node type's schema, so a new schema needs no
 * new storage code. Arrays grow geometrically; a handle stays valid until freed, but array references do
 * not survive an {@link #alloc()} — fetch them again, or call {@link #ensureSpare(int)} first.
 *
 * <p>Element fields also get a value array ({@code double[]}, {@link ValueMode#DOUBLE}) or a position array
 * ({@code int[]}, {@link ValueMode#POSITION}) parallel to their coordinate array.
 */
public final class NodePool {
    private static final int INITIAL = 16;

    private final NodeType type;
    private final ValueMode mode;
    private final Map<String, FieldLayout> layouts = new LinkedHashMap<>();
    private final int[] intStride;
    private final int[] byteStride;
    private final int[] longStride;
    /** For each int slot that holds element coordinates: its value slot, else -1. */
    private final int[] valueSlotOf;
    private int[][] ints;
    private byte[][] bytes;
    private long[][] longs;
    private double[][] values;
    private int[][] positions;
    private int capacity;
    private int top = 1;
    private final IntArrayList free = new IntArrayList();

    /**
     * A copy of {@code o} holding its nodes {@code [0, top)} (arrays cut to them plus 1/8 spare) and its free
     * list: what a snapshot's copy-on-write of a shard makes.
     */
    private NodePool(NodePool o) {
        this.type = o.type;
        this.mode = o.mode;
        this.layouts.putAll(o.layouts);
        this.intStride = o.intStride;
        this.byteStride = o.byteStride;
        this.longStride = o.longStride;
        this.valueSlotOf = o.valueSlotOf;
        this.top = o.top;
        copyArrays(o, (int) Math.min(o.capacity, Math.max(INITIAL, o.top + (o.top >> 3) + 16L)));
        this.free.addAll(o.free);
    }

    /** A deep copy: the same nodes under the same handles, in arrays of its own. */
    public NodePool copy() {
        return new NodePool(this);
    }

    /** Lays out a pool for {@code type}; element values follow {@code mode}. */
    public NodePool(NodeType type, ValueMode mode) {
        this.type = type;
        this.mode = mode;
        IntArrayList is = new IntArrayList();
        IntArrayList bs = new IntArrayList();
        IntArrayList ls = new IntArrayList();
        IntArrayList valueOf = new IntArrayList();
        int elementSlots = 0;
        for (Field f : type.fields()) {
            int stride = PlanField.slots(type, f);
            boolean arena = f.isArray() && stride < 0;
            int s = arena ? 1 : stride;
            FieldLayout.Storage storage = storageOf(f);
            int slot;
            switch (storage) {
                case BYTE -> {
                    slot = bs.size();
                    bs.add(s);
                }
                case LONG -> {
                    slot = ls.size();
                    ls.add(s);
                }
                default -> {
                    slot = is.size();
                    is.add(s);
                    // Elements of arena-backed arrays keep their values in the arena, not in the node.
                    boolean element = f.kind() == FieldKind.ELEMENT || f.kind() == FieldKind.ELEMENT_ARRAY;
                    valueOf.add(element && !arena ? elementSlots++ : -1);
                }
            }
            int capSlot = -1;
            if (arena) {
                capSlot = is.size();
                is.add(1);
                valueOf.add(-1);
            }
            layouts.put(f.name(), new FieldLayout(f, storage, slot, s, capSlot));
        }
        intStride = is.toIntArray();
        byteStride = bs.toIntArray();
        longStride = ls.toIntArray();
        valueSlotOf = valueOf.toIntArray();
        capacity = INITIAL;
        ints = new int[intStride.length][];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = new int[capacity * intStride[i]];
        }
        bytes = new byte[byteStride.length][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = new byte[capacity * byteStride[i]];
        }
        longs = new long[longStride.length][];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = new long[capacity * longStride[i]];
        }
        values = new double[mode == ValueMode.DOUBLE ? elementSlots : 0][];
        positions = new int[mode == ValueMode.POSITION ? elementSlots : 0][];
        for (int i = 0; i < values.length; i++) {
            values[i] = new double[capacity * strideOfValueSlot(i)];
        }
        for (int i = 0; i < positions.length; i++) {
            positions[i] = new int[capacity * strideOfValueSlot(i)];
        }
    }

    private int strideOfValueSlot(int valueSlot) {
        for (int i = 0; i < valueSlotOf.length; i++) {
            if (valueSlotOf[i] == valueSlot) {
                return intStride[i];
            }
        }
        throw new IllegalStateException("no element slot " + valueSlot);
    }

    private static FieldLayout.Storage storageOf(Field f) {
        if (f.kind() != FieldKind.METADATA) {
            return FieldLayout.Storage.INT;
        }
        MetadataType m = f.metadataType().orElseThrow();
        if (m == MetadataType.BOOL || m.bits() == 8) {
            return FieldLayout.Storage.BYTE;
        }
        return m.bits() <= 32 && (m.signed() || m.bits() < 32) ? FieldLayout.Storage.INT : FieldLayout.Storage.LONG;
    }

    /** The node type stored here. */
    public NodeType type() {
        return type;
    }

    /** The layout of field {@code name}. */
    public FieldLayout layout(String name) {
        FieldLayout l = layouts.get(name);
        if (l == null) {
            throw new IllegalArgumentException("node type " + type.name() + " has no field '" + name + "'");
        }
        return l;
    }

    /** All field layouts in declaration order. */
    public List<FieldLayout> layouts() {
        return List.copyOf(layouts.values());
    }

    /** The int array of a field stored as ints (coordinates of element fields, handles, sizes, offsets). */
    public int[] ints(FieldLayout f) {
        return ints[f.slot()];
    }

    /** The capacity array of an arena-backed array field. */
    public int[] capacities(FieldLayout f) {
        return ints[f.capSlot()];
    }

    /** The byte array of a bool or 8-bit metadata field. */
    public byte[] bytes(FieldLayout f) {
        return bytes[f.slot()];
    }

    /** The long array of a 64-bit metadata field. */
    public long[] longs(FieldLayout f) {
        return longs[f.slot()];
    }

    /** The values of an element field ({@link ValueMode#DOUBLE}), parallel to its coordinates; else null. */
    public double[] values(FieldLayout f) {
        int v = valueSlotOf[f.slot()];
        return mode == ValueMode.DOUBLE && v >= 0 && f.storage() == FieldLayout.Storage.INT ? values[v] : null;
    }

    /** The positions of an element field ({@link ValueMode#POSITION}), parallel to its coordinates; else null. */
    public int[] positions(FieldLayout f) {
        int v = valueSlotOf[f.slot()];
        return mode == ValueMode.POSITION && v >= 0 && f.storage() == FieldLayout.Storage.INT ? positions[v] : null;
    }

    /** Allocates a node with every field zero; may replace the arrays. */
    public int alloc() {
        if (!free.isEmpty()) {
            return free.popInt();
        }
        if (top == capacity) {
            grow(capacity + 1);
        }
        return top++;
    }

    /** Returns a node to the pool, clearing its fields. */
    public void free(int h) {
        if (h <= 0 || h >= top) {
            throw new IllegalArgumentException("not a live handle: " + h);
        }
        clear(h);
        free.add(h);
    }

    private void clear(int h) {
        for (int i = 0; i < ints.length; i++) {
            int s = intStride[i];
            Arrays.fill(ints[i], h * s, h * s + s, 0);
        }
        for (int i = 0; i < bytes.length; i++) {
            int s = byteStride[i];
            Arrays.fill(bytes[i], h * s, h * s + s, (byte) 0);
        }
        for (int i = 0; i < longs.length; i++) {
            int s = longStride[i];
            Arrays.fill(longs[i], h * s, h * s + s, 0L);
        }
        for (int i = 0; i < valueSlotOf.length; i++) {
            int v = valueSlotOf[i];
            if (v < 0) {
                continue;
            }
            int s = intStride[i];
            if (values.length > 0) {
                Arrays.fill(values[v], h * s, h * s + s, 0.0);
            }
            if (positions.length > 0) {
                Arrays.fill(positions[v], h * s, h * s + s, 0);
            }
        }
    }

    /** Makes sure the next {@code k} allocations do not replace the arrays. */
    public void ensureSpare(int k) {
        long need = (long) top + Math.max(0, k - free.size());
        if (need > capacity) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("node pool " + type.name() + " cannot hold " + need + " nodes");
            }
            grow((int) need);
        }
    }

    private void grow(int atLeast) {
        copyArrays(this, (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(atLeast, capacity + (capacity >> 1) + 16L)));
    }

    /** Makes this pool's arrays copies of {@code o}'s (this pool's own, or another's of the same layout) sized for {@code cap} nodes. */
    private void copyArrays(NodePool o, int cap) {
        int[][] is = new int[o.ints.length][];
        for (int i = 0; i < is.length; i++) {
            is[i] = Arrays.copyOf(o.ints[i], cap * intStride[i]);
        }
        byte[][] bs = new byte[o.bytes.length][];
        for (int i = 0; i < bs.length; i++) {
            bs[i] = Arrays.copyOf(o.bytes[i], cap * byteStride[i]);
        }
        long[][] ls = new long[o.longs.length][];
        for (int i = 0; i < ls.length; i++) {
            ls[i] = Arrays.copyOf(o.longs[i], cap * longStride[i]);
        }
        double[][] vs = new double[o.values.length][];
        for (int i = 0; i < vs.length; i++) {
            vs[i] = Arrays.copyOf(o.values[i], cap * strideOfValueSlot(i));
        }
        int[][] ps = new int[o.positions.length][];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = Arrays.copyOf(o.positions[i], cap * strideOfValueSlot(i));
        }
        ints = is;
        bytes = bs;
        longs = ls;
        values = vs;
        positions = ps;
        capacity = cap;
    }

    /** Nodes in use (allocated and not freed). */
    public int live() {
        return top - 1 - free.size();
    }

    /** Highest handle ever allocated plus one. */
    public int top() {
        return top;
    }

    /** Bytes held by the pool's arrays (capacity, not just live nodes). */
    public long memoryBytes() {
        long b = 0;
        for (int[] a : ints) {
            b += 4L * a.length;
        }
        for (byte[] a : bytes) {
            b += a.length;
        }
        for (long[] a : longs) {
            b += 8L * a.length;
        }
        for (double[] a : values) {
            b += 8L * a.length;
        }
        for (int[] a : positions) {
            b += 4L * a.length;
        }
        return b + 4L * free.elements().length;
    }

    /**
     * Shrinks the arrays to the nodes in use plus 1/8 spare, after a build: without the spare, the first
     * update after a build would copy the whole pool.
     */
    public void trim() {
        int keep = (int) Math.min(Integer.MAX_VALUE - 8L, top + (top >> 3) + 16L);
        if (keep < capacity) {
            copyArrays(this, keep);
        }
        free.trim();
    }
}
