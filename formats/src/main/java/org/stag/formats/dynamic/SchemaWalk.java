package org.stag.formats.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.SchemaTraits;
import org.stag.formats.schema.Step;

/**
 * {@code size}, {@code collect} and {@code get} of any dynamic structure, read off its schema alone: the node
 * types' {@code traversal()} steps, fields and supertypes, and the store's {@link FieldLayout}s (the model the
 * engine's generated code reads). A format's own code never runs, so whatever a format builds is read the same
 * way a compiled kernel reads it.
 *
 * <ul>
 *   <li>{@link #collect} runs the traversal as a machine with an explicit stack of frames (node type, node,
 *       step, index in an array loop): elements come in {@code seq} order, in storage order for an unordered
 *       schema. A child that is its node's last step replaces the frame (a tail call), so lists and right
 *       spines need no stack; empty slots (coordinate -1) of fields that are not {@code nonempty} are
 *       skipped. Subtrees of two shapes read off the traversal are walked by tight loops instead: chains
 *       (list nodes) by following the link, binary tree nodes (a child of their own type on each side of
 *       their elements) in order with a stack of nodes.</li>
 *   <li>{@link #size} runs the same machine but counts: an array whose field is {@code nonempty} adds its
 *       length without reading its elements.</li>
 *   <li>{@link #get} descends a search tree the way the engine's generated {@code locate} does: a node's
 *       elements and children interleave as {@code seq} says, so a key is at an element or in the one child
 *       of the gap below the first element above it; an array loop binary-searches its element member. Two
 *       children in one gap (a skip list's run below and successor, {@code seq = e, d, n}) are told apart
 *       by the second's first key, where its node types start with an element.
 *       Where the schema does not allow that ({@link #searchable()} says why) it scans: in order, stopping at
 *       the first coordinate at or above the key (a sorted block whose last element is below it is skipped
 *       whole), or, for an unordered schema, the whole structure.</li>
 * </ul>
 * Nothing is allocated per element: frames and node stacks live in per-thread int arrays, and the pool
 * arrays a walk reads are fetched once per call. A walk only reads, so threads may walk one store at once.
 */
public final class SchemaWalk {
    private static final int ELEM = 0;
    private static final int CHILD = 1;
    private static final int LOOP = 2;

    private static final int SIZE = 0;
    private static final int COLLECT = 1;
    private static final int FIND = 2;

    /** {@link #FIND}'s outcomes; 0 means keep walking. */
    private static final int FOUND = 1;
    private static final int ABSENT = 2;

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private final Schema schema;
    private final ChunkArena arena;
    private final ValueMode mode;
    private final int rootType;
    private final boolean ordered;
    private final String whyNotSearchable;

    /** Per node type: the kind of each traversal step and its field id (element, child) or loop id. */
    private final int[][] stepKind;
    private final int[][] stepRef;

    /** Per array loop: member field ids, size field id (or -1), the loop's bound past the size (or its constant). */
    private final int[][] loopMembers;
    private final int[] loopSize;
    private final int[] loopAddend;
    /** Per array loop, for the search: the element member, the child member (or -1), whether the child comes first. */
    private final int[] loopElem;
    private final int[] loopChild;
    private final boolean[] loopChildFirst;

    /** Per field (ids over all node types). */
    private final NodePool[] pool;
    private final FieldLayout[] layout;
    private final boolean[] element;
    private final boolean[] nonempty;
    private final boolean[] inArena;
    private final int[] stride;
    private final int[] sizeOf;
    private final int[] addend;
    private final int[] target;

    private final boolean[] scalar;
    /** Whether a traversal reads the field (elements, children, sizes): the fields {@link #unpack} fetches. */
    private final boolean[] used;

    /**
     * Per node type: for a chain (a list node: one child, of its own type, after its elements, which are
     * scalars or arrays looped alone), the link field; else -1. Chains are walked by a tight loop, not the
     * machine, because lists are long.
     */
    private final int[] chainLink;
    /** Per chain type: its element fields in traversal order. */
    private final int[][] chainElems;
    /**
     * Per node type: for a binary tree node (a child of its own type, elements as scalars or arrays looped
     * alone, a child of its own type), the two children; else -1. Such subtrees are walked by an in-order
     * loop with a stack of nodes, not the machine.
     */
    private final int[] binLeft;
    private final int[] binRight;
    /** Per binary tree type: its element fields in traversal order. */
    private final int[][] binElems;

    /**
     * Per node type, per step: a child that directly follows another child (a skip list's successor after
     * the run below): the search looks at its first key to choose between the two.
     */
    private final boolean[][] secondChild;
    /** Per node type: the element field of its first step when that is a scalar nonempty element, else -1. */
    private final int[] firstElem;

    /** Per reference kind (a child field's target): tag bits, and the concrete type id of each tag. */
    private final int[] kindBits;
    private final int[][] kindTypes;

    /** Per-thread frames of the traversal machine, four ints each, grown on demand and kept. */
    private static final class Scratch {
        int[] frames = new int[4 * 64];
        int[] nodes = new int[64];
        double value;
        /** Per field of the walker running: its int array, and for elements its coordinates, values, positions. */
        int[][] ints = new int[0][];
        int[][] crd = new int[0][];
        double[][] dv = new double[0][];
        int[][] pv = new int[0][];
    }

    /**
     * The walker of {@code store}'s structures.
     *
     * @throws IllegalArgumentException for a schema whose child array is unbounded (the chunk arena holds
     *                                  only elements, so no store can hold it)
     */
    public SchemaWalk(NodeStore store) {
        this.schema = store.schema();
        this.arena = store.arena();
        this.mode = store.mode();
        List<NodeType> types = schema.nodeTypes();
        Map<String, Integer> typeId = new HashMap<>();
        for (int t = 0; t < types.size(); t++) {
            typeId.put(types.get(t).name(), t);
        }
        this.rootType = typeId.get(schema.root().name());

        List<Field> fields = new ArrayList<>();
        List<NodeType> owners = new ArrayList<>();
        List<Map<String, Integer>> fieldId = new ArrayList<>();
        for (NodeType t : types) {
            Map<String, Integer> ids = new HashMap<>();
            for (Field f : t.fields()) {
                ids.put(f.name(), fields.size());
                fields.add(f);
                owners.add(t);
            }
            fieldId.add(ids);
        }
        int nf = fields.size();
        pool = new NodePool[nf];
        layout = new FieldLayout[nf];
        element = new boolean[nf];
        nonempty = new boolean[nf];
        inArena = new boolean[nf];
        stride = new int[nf];
        sizeOf = new int[nf];
        addend = new int[nf];
        target = new int[nf];
        scalar = new boolean[nf];
        used = new boolean[nf];
        List<String> kinds = new ArrayList<>();
        for (int f = 0; f < nf; f++) {
            Field field = fields.get(f);
            NodeType owner = owners.get(f);
            pool[f] = store.pool(owner.name());
            layout[f] = pool[f].layout(field.name());
            element[f] = field.holdsElements();
            scalar[f] = !field.isArray();
            used[f] = field.holdsElements() || field.holdsChildren() || field.kind() == FieldKind.SIZE;
            nonempty[f] = field.nonempty();
            inArena[f] = layout[f].inArena();
            stride[f] = layout[f].stride();
            sizeOf[f] = -1;
            target[f] = -1;
            if (field.isArray()) {
                var size = field.arraySize().orElseThrow();
                addend[f] = size.addend();
                sizeOf[f] = size.sizeField().map(s -> fieldId.get(types.indexOf(owner)).get(s)).orElse(-1);
            }
            if (field.holdsChildren()) {
                if (inArena[f]) {
                    throw new IllegalArgumentException("schema " + schema.name() + ": child array " + owner.name() + "."
                            + field.name() + " is unbounded; the chunk arena holds only elements");
                }
                String k = field.target().orElseThrow();
                if (!kinds.contains(k)) {
                    kinds.add(k);
                }
                target[f] = kinds.indexOf(k);
            }
        }
        kindBits = new int[kinds.size()];
        kindTypes = new int[kinds.size()][];
        for (int k = 0; k < kinds.size(); k++) {
            List<NodeType> concrete = schema.concreteTypes(kinds.get(k));
            if (schema.supertype(kinds.get(k)).isPresent()) {
                kindBits[k] = new SupertypeHandles(schema, kinds.get(k)).bits();
            }
            kindTypes[k] = concrete.stream().mapToInt(c -> typeId.get(c.name())).toArray();
        }

        stepKind = new int[types.size()][];
        stepRef = new int[types.size()][];
        List<Step.ArrayLoop> loops = new ArrayList<>();
        List<Integer> loopOwner = new ArrayList<>();
        for (int t = 0; t < types.size(); t++) {
            List<Step> steps = types.get(t).traversal();
            Map<String, Integer> ids = fieldId.get(t);
            stepKind[t] = new int[steps.size()];
            stepRef[t] = new int[steps.size()];
            for (int s = 0; s < steps.size(); s++) {
                Step step = steps.get(s);
                if (step instanceof Step.Element e) {
                    stepKind[t][s] = ELEM;
                    stepRef[t][s] = ids.get(e.field().name());
                } else if (step instanceof Step.Child c) {
                    stepKind[t][s] = CHILD;
                    stepRef[t][s] = ids.get(c.field().name());
                } else {
                    stepKind[t][s] = LOOP;
                    stepRef[t][s] = loops.size();
                    loops.add((Step.ArrayLoop) step);
                    loopOwner.add(t);
                }
            }
        }
        secondChild = new boolean[types.size()][];
        firstElem = new int[types.size()];
        for (int t = 0; t < types.size(); t++) {
            List<Step> steps = types.get(t).traversal();
            secondChild[t] = new boolean[steps.size()];
            for (int s = 1; s < steps.size(); s++) {
                secondChild[t][s] = steps.get(s) instanceof Step.Child && steps.get(s - 1) instanceof Step.Child;
            }
            firstElem[t] = steps.isEmpty() || !(steps.get(0) instanceof Step.Element e) || !e.field().nonempty() ? -1
                    : fieldId.get(t).get(e.field().name());
        }
        binLeft = new int[types.size()];
        binRight = new int[types.size()];
        binElems = new int[types.size()][];
        for (int t = 0; t < types.size(); t++) {
            binLeft[t] = -1;
            binRight[t] = -1;
            NodeType type = types.get(t);
            List<Step> steps = type.traversal();
            int last = steps.size() - 1;
            if (last < 2 || !(steps.get(0) instanceof Step.Child l) || !(steps.get(last) instanceof Step.Child r)
                    || !l.field().target().orElseThrow().equals(type.name())
                    || !r.field().target().orElseThrow().equals(type.name())) {
                continue;
            }
            List<Integer> elems = new ArrayList<>();
            for (Step step : steps.subList(1, last)) {
                if (step instanceof Step.Element e) {
                    elems.add(fieldId.get(t).get(e.field().name()));
                } else if (step instanceof Step.ArrayLoop a && a.members().size() == 1 && a.members().get(0).holdsElements()) {
                    elems.add(fieldId.get(t).get(a.members().get(0).name()));
                } else {
                    elems = null;
                    break;
                }
            }
            if (elems != null) {
                binLeft[t] = fieldId.get(t).get(l.field().name());
                binRight[t] = fieldId.get(t).get(r.field().name());
                binElems[t] = elems.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        chainLink = new int[types.size()];
        chainElems = new int[types.size()][];
        for (int t = 0; t < types.size(); t++) {
            chainLink[t] = chainLinkOf(types.get(t), fieldId.get(t));
            if (chainLink[t] >= 0) {
                List<Integer> elems = new ArrayList<>();
                for (Step step : types.get(t).traversal()) {
                    if (step instanceof Step.Element e) {
                        elems.add(fieldId.get(t).get(e.field().name()));
                    } else if (step instanceof Step.ArrayLoop a) {
                        elems.add(fieldId.get(t).get(a.members().get(0).name()));
                    }
                }
                chainElems[t] = elems.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        int nl = loops.size();
        loopMembers = new int[nl][];
        loopSize = new int[nl];
        loopAddend = new int[nl];
        loopElem = new int[nl];
        loopChild = new int[nl];
        loopChildFirst = new boolean[nl];
        for (int l = 0; l < nl; l++) {
            Step.ArrayLoop a = loops.get(l);
            Map<String, Integer> ids = fieldId.get(loopOwner.get(l));
            loopMembers[l] = a.members().stream().mapToInt(f -> ids.get(f.name())).toArray();
            loopSize[l] = a.sizeField().map(ids::get).orElse(-1);
            loopAddend[l] = a.maxAddend();
            loopElem[l] = -1;
            loopChild[l] = -1;
            for (int m : loopMembers[l]) {
                if (element[m] && loopElem[l] < 0) {
                    loopElem[l] = m;
                } else if (!element[m] && loopChild[l] < 0) {
                    loopChild[l] = m;
                    loopChildFirst[l] = loopElem[l] < 0;
                }
            }
        }
        SchemaTraits traits = SchemaTraits.of(schema);
        this.ordered = traits.ordered();
        this.whyNotSearchable = whyNot(schema, traits);
    }

    /** The link of a chain type whose elements are scalars or lone arrays, or -1. */
    private static int chainLinkOf(NodeType t, Map<String, Integer> ids) {
        if (t.chain().isEmpty() || t.chain().get().position() != org.stag.formats.schema.Chain.Position.AFTER_ELEMENTS) {
            return -1;
        }
        for (Step step : t.traversal()) {
            if (step instanceof Step.ArrayLoop a && a.members().size() != 1) {
                return -1;
            }
        }
        return ids.get(t.chain().get().link().name());
    }

    // ------------------------------------------------------------------ search rule

    /**
     * Why {@link #get} cannot descend {@code schema} as a search tree, or null when it can: the rule of the
     * engine's generated {@code locate} (an ordered branching schema without empty slots, whose array loops
     * interleave one element array with at most one child array as long or, child first, one longer, whose
     * node types have children of one target type, and where no gap between elements holds two children),
     * widened by one case: two consecutive children in a gap, the second of node types that start with an
     * element (a skip list), which the search tells apart by that element.
     */
    static String whyNot(Schema schema, SchemaTraits traits) {
        if (!traits.searchable()) {
            return "schema " + schema.name() + " is not a search tree (it must be ordered and branching)";
        }
        if (!traits.compact()) {
            return "schema " + schema.name() + " has element fields with empty slots";
        }
        for (NodeType t : schema.nodeTypes()) {
            String why = whyNot(schema, t);
            if (why != null) {
                return "node type " + t.name() + " of schema " + schema.name() + ": " + why;
            }
        }
        return null;
    }

    private static String whyNot(Schema schema, NodeType t) {
        if (t.childFields().stream().map(f -> f.target().orElseThrow()).distinct().count() > 1) {
            return "its children have different target types";
        }
        boolean pending = false;
        Step previous = null;
        for (Step s : t.traversal()) {
            Step before = previous;
            previous = s;
            if (s instanceof Step.Element) {
                pending = false;
            } else if (s instanceof Step.Child c) {
                // Two children in one gap: the second's first key tells them apart, when it has one.
                if (pending && !(before instanceof Step.Child && startsWithElement(schema, c.field()))) {
                    return "two children with no element between them";
                }
                pending = true;
            } else {
                Step.ArrayLoop a = (Step.ArrayLoop) s;
                List<Field> elems = a.members().stream().filter(Field::holdsElements).toList();
                List<Field> kids = a.members().stream().filter(Field::holdsChildren).toList();
                if (elems.size() != 1 || kids.size() > 1) {
                    return "an array loop must interleave one element array with at most one child array";
                }
                Field e = elems.get(0);
                if (kids.isEmpty()) {
                    pending = pending && t.lengthBounds(e).lower() == 0;
                    continue;
                }
                Field c = kids.get(0);
                int diff = c.arraySize().orElseThrow().addend() - e.arraySize().orElseThrow().addend();
                boolean childFirst = a.members().indexOf(c) < a.members().indexOf(e);
                if (childFirst) {
                    if (pending) {
                        return "two children with no element between them";
                    }
                    if (diff != 0 && diff != 1) {
                        return "child array " + c.name() + " must be as long as " + e.name() + " or one longer";
                    }
                    pending = diff == 1;
                } else {
                    if (diff != 0) {
                        return "child array " + c.name() + " must be as long as " + e.name();
                    }
                    pending = true;
                }
            }
        }
        return null;
    }

    /** Whether every node a child field may point at starts its traversal with a scalar nonempty element. */
    private static boolean startsWithElement(Schema schema, Field child) {
        for (NodeType c : schema.concreteTypes(child.target().orElseThrow())) {
            List<Step> steps = c.traversal();
            if (steps.isEmpty() || !(steps.get(0) instanceof Step.Element e) || !e.field().nonempty()) {
                return false;
            }
        }
        return true;
    }

    /** Null when {@link #get} descends the structure as a search tree; else why it scans. */
    public String searchable() {
        return whyNotSearchable;
    }

    /** Whether {@link #collect} yields increasing coordinates: every node type is ordered by its {@code seq}. */
    public boolean ordered() {
        return ordered;
    }

    // ------------------------------------------------------------------ the three reads

    /** Number of elements in the structure of root record {@code root}. */
    public int size(int root) {
        return run(SIZE, root, null, null, 0, 0, SCRATCH.get());
    }

    /**
     * Writes the structure's elements in traversal order (increasing coordinates when {@link #ordered()})
     * into {@code crd} and, unless null, their values into {@code val} (positions as doubles in a
     * {@link ValueMode#POSITION} store, 1.0 in a {@link ValueMode#NONE} store), from {@code at}; returns the
     * index after the last one written.
     */
    public int collect(int root, int[] crd, double[] val, int at) {
        return run(COLLECT, root, crd, val, at, 0, SCRATCH.get());
    }

    /** The value (as {@link #collect} writes it) of coordinate {@code c}, or NaN when it is not stored. */
    public double get(int root, int c) {
        if (whyNotSearchable == null) {
            return search(root, c);
        }
        Scratch sc = SCRATCH.get();
        return run(FIND, root, null, null, 0, c, sc) == FOUND ? sc.value : Double.NaN;
    }

    // ------------------------------------------------------------------ arrays

    /** The int array of field {@code f}: child handles, sizes, inline coordinates, arena offsets. */
    private int[] ints(int f) {
        return pool[f].ints(layout[f]);
    }

    private int[] crds(int f) {
        return inArena[f] ? arena.crd() : pool[f].ints(layout[f]);
    }

    private double[] doubles(int f) {
        return mode != ValueMode.DOUBLE ? null : inArena[f] ? arena.val() : pool[f].values(layout[f]);
    }

    private int[] positions(int f) {
        return mode != ValueMode.POSITION ? null : inArena[f] ? arena.pos() : pool[f].positions(layout[f]);
    }

    /** The value of slot {@code k} of element field {@code f}. */
    private double value(int f, int k) {
        return switch (mode) {
            case DOUBLE -> doubles(f)[k];
            case POSITION -> positions(f)[k];
            case NONE -> 1.0;
        };
    }

    /** Slot 0 of array field {@code f} of node {@code h}. */
    private int base(int f, int h) {
        return inArena[f] ? ints(f)[h] : h * stride[f];
    }

    /** Slots of array field {@code f} of node {@code h}. */
    private int length(int f, int h) {
        return sizeOf[f] < 0 ? addend[f] : ints(sizeOf[f])[h] + addend[f];
    }

    /**
     * Points the scratch at every array a traversal reads, once per call: the machine then reads
     * {@code sc.ints[f][h]} rather than going through the pool and the layout at every node. A read
     * allocates nothing, so no array is replaced during the call; {@link #release} drops the references
     * afterwards, so that a thread's scratch never keeps a dropped store's arrays alive.
     */
    private void unpack(Scratch sc) {
        int nf = pool.length;
        if (sc.ints.length < nf) {
            sc.ints = new int[nf][];
            sc.crd = new int[nf][];
            sc.dv = new double[nf][];
            sc.pv = new int[nf][];
        }
        for (int f = 0; f < nf; f++) {
            if (!used[f]) {
                continue;
            }
            sc.ints[f] = pool[f].ints(layout[f]);
            if (element[f]) {
                sc.crd[f] = crds(f);
                sc.dv[f] = doubles(f);
                sc.pv[f] = positions(f);
            }
        }
    }

    private void release(Scratch sc) {
        for (int f = 0; f < pool.length; f++) {
            sc.ints[f] = null;
            sc.crd[f] = null;
            sc.dv[f] = null;
            sc.pv[f] = null;
        }
    }

    // ------------------------------------------------------------------ the traversal machine

    /**
     * Runs the traversal of the structure at {@code root}: counts ({@link #SIZE}; returns the count), writes
     * elements ({@link #COLLECT}; returns the next index) or looks for {@code key} ({@link #FIND}; returns
     * {@link #FOUND} with the value in the scratch, or something else).
     */
    private int run(int op, int root, int[] out, double[] val, int at, int key, Scratch sc) {
        unpack(sc);
        try {
            return machine(op, root, out, val, at, key, sc);
        } finally {
            release(sc);
        }
    }

    /**
     * The machine: a frame is (node type, node, step, position in an interleaved array loop); a node's
     * steps run in a loop until a child is entered, which saves the step to resume at (none when the child
     * is the last step: a tail call) and continues with the child's frame.
     */
    private int machine(int op, int root, int[] out, double[] val, int at, int key, Scratch sc) {
        int[][] in = sc.ints;
        int[] fr = sc.frames;
        fr[0] = rootType;
        fr[1] = root;
        fr[2] = 0;
        fr[3] = 0;
        int sp = 1;
        int acc = op == COLLECT ? at : 0;
        frames:
        while (sp > 0) {
            int o = 4 * (sp - 1);
            int t = fr[o];
            int h = fr[o + 1];
            int s = fr[o + 2];
            if (s == 0 && (chainLink[t] >= 0 || binLeft[t] >= 0)) {
                // A chain or a binary tree is the whole subtree: a tight loop walks it.
                sp--;
                acc = chainLink[t] >= 0 ? chain(op, t, h, out, val, acc, key, sc) : binary(op, t, h, out, val, acc, key, sc);
                if (op == FIND && acc != 0) {
                    return acc;
                }
                continue;
            }
            int[] kinds = stepKind[t];
            int[] refs = stepRef[t];
            for (; s < kinds.length; s++) {
                int ref = refs[s];
                int kind = kinds[s];
                if (kind == ELEM) {
                    acc = element(op, ref, h * stride[ref], out, val, acc, key, sc);
                    if (op == FIND && acc != 0) {
                        return acc;
                    }
                } else if (kind == CHILD) {
                    int x = in[ref][h];
                    if (x == 0) {
                        continue;
                    }
                    if (s + 1 < kinds.length) {
                        fr[o + 2] = s + 1;
                        o = 4 * sp++;
                        fr = ensure(sc, o);
                    }
                    enter(fr, o, target[ref], x);
                    continue frames;
                } else {
                    int[] members = loopMembers[ref];
                    int len = loopSize[ref] < 0 ? loopAddend[ref] : in[loopSize[ref]][h] + loopAddend[ref];
                    if (members.length == 1 && element[members[0]]) {
                        int f = members[0];
                        int b = inArena[f] ? in[f][h] : h * stride[f];
                        int n = sizeOf[f] < 0 ? addend[f] : in[sizeOf[f]][h] + addend[f];
                        acc = elements(op, f, b, Math.min(len, n), out, val, acc, key, sc);
                        if (op == FIND && acc != 0) {
                            return acc;
                        }
                        continue;
                    }
                    // Interleaved members: position q = i * M + m is member m of iteration i.
                    int mCount = members.length;
                    int end = len * mCount;
                    for (int q = fr[o + 3]; q < end; ) {
                        int i = q / mCount;
                        int f = members[q - i * mCount];
                        q++;
                        if (i >= (sizeOf[f] < 0 ? addend[f] : in[sizeOf[f]][h] + addend[f])) {
                            continue;
                        }
                        int slot = (inArena[f] ? in[f][h] : h * stride[f]) + i;
                        if (element[f]) {
                            acc = element(op, f, slot, out, val, acc, key, sc);
                            if (op == FIND && acc != 0) {
                                return acc;
                            }
                            continue;
                        }
                        int x = in[f][slot];
                        if (x == 0) {
                            continue;
                        }
                        if (q == end && s + 1 == kinds.length) {
                            enter(fr, o, target[f], x);
                        } else {
                            fr[o + 2] = q == end ? s + 1 : s;
                            fr[o + 3] = q == end ? 0 : q;
                            o = 4 * sp++;
                            fr = ensure(sc, o);
                            enter(fr, o, target[f], x);
                        }
                        continue frames;
                    }
                    fr[o + 3] = 0;
                }
            }
            sp--;
        }
        return acc;
    }

    /**
     * The nodes of chain type {@code t} from {@code h} on, as {@link #machine} would visit them. A lookup in
     * a chain of sorted blocks (or single elements) skips every block whose last stored element is below the
     * key; in unordered blocks it compares every slot.
     */
    private int chain(int op, int t, int h, int[] out, double[] val, int acc, int key, Scratch sc) {
        int[][] in = sc.ints;
        int[] link = in[chainLink[t]];
        int[] fs = chainElems[t];
        if (fs.length == 1 && !inArena[fs[0]]) {
            int f = fs[0];
            int[] c = sc.crd[f];
            boolean full = nonempty[f];
            int st = stride[f];
            int[] size = sizeOf[f] < 0 ? null : in[sizeOf[f]];
            int fixed = scalar[f] ? 1 : addend[f];
            if (scalar[f] && full) {
                // A list of single elements.
                if (op == SIZE) {
                    for (; h != 0; h = link[h]) {
                        acc++;
                    }
                    return acc;
                }
                if (op == COLLECT) {
                    double[] d = val == null ? null : sc.dv[f];
                    int[] p = val == null ? null : sc.pv[f];
                    for (; h != 0; h = link[h]) {
                        int k = h * st;
                        out[acc] = c[k];
                        if (val != null) {
                            val[acc] = d != null ? d[k] : p != null ? p[k] : 1.0;
                        }
                        acc++;
                    }
                    return acc;
                }
                for (; h != 0; h = link[h]) {
                    int x = c[h * st];
                    if (x >= key && ordered) {
                        return x == key ? found(sc, f, h * st) : ABSENT;
                    }
                    if (x == key) {
                        return found(sc, f, h * st);
                    }
                }
                return 0;
            }
            if (op == FIND && ordered) {
                for (; h != 0; h = link[h]) {
                    int b = h * st;
                    int last = b + (size == null ? fixed : size[h] + fixed) - 1;
                    while (!full && last >= b && c[last] < 0) {
                        last--;
                    }
                    if (last < b || c[last] < key) {
                        continue;
                    }
                    // The key is in this block or nowhere: the first slot at or above it decides.
                    int lo = b;
                    if (full) {
                        int hi = last;
                        while (lo < hi) {
                            int mid = (lo + hi) >>> 1;
                            if (c[mid] < key) {
                                lo = mid + 1;
                            } else {
                                hi = mid;
                            }
                        }
                    } else {
                        while (c[lo] < key) {
                            lo++;
                        }
                    }
                    return c[lo] == key ? found(sc, f, lo) : ABSENT;
                }
                return 0;
            }
            for (; h != 0; h = link[h]) {
                acc = elements(op, f, h * st, size == null ? fixed : size[h] + fixed, out, val, acc, key, sc);
                if (op == FIND && acc != 0) {
                    return acc;
                }
            }
            return acc;
        }
        for (; h != 0; h = link[h]) {
            for (int f : fs) {
                int b = inArena[f] ? in[f][h] : h * stride[f];
                int n = scalar[f] ? 1 : sizeOf[f] < 0 ? addend[f] : in[sizeOf[f]][h] + addend[f];
                acc = elements(op, f, b, n, out, val, acc, key, sc);
                if (op == FIND && acc != 0) {
                    return acc;
                }
            }
        }
        return acc;
    }

    /** The binary tree of type {@code t} under {@code h}, in order, as {@link #machine} would visit it. */
    private int binary(int op, int t, int h, int[] out, double[] val, int acc, int key, Scratch sc) {
        int[][] in = sc.ints;
        int[] left = in[binLeft[t]];
        int[] right = in[binRight[t]];
        int[] fs = binElems[t];
        int[] stack = sc.nodes;
        int sp = 0;
        if (op != FIND && fs.length == 1 && scalar[fs[0]]) {
            // One element per node (a BST, a red-black tree): counted or copied inline.
            int f = fs[0];
            int[] c = sc.crd[f];
            int st = stride[f];
            boolean full = nonempty[f];
            double[] d = val == null ? null : sc.dv[f];
            int[] p = val == null ? null : sc.pv[f];
            while (h != 0 || sp > 0) {
                while (h != 0) {
                    if (sp == stack.length) {
                        stack = java.util.Arrays.copyOf(stack, 2 * sp);
                        sc.nodes = stack;
                    }
                    stack[sp++] = h;
                    h = left[h];
                }
                h = stack[--sp];
                int k = h * st;
                int x = c[k];
                if (full || x >= 0) {
                    if (op == COLLECT) {
                        out[acc] = x;
                        if (val != null) {
                            val[acc] = d != null ? d[k] : p != null ? p[k] : 1.0;
                        }
                    }
                    acc++;
                }
                h = right[h];
            }
            return acc;
        }
        while (h != 0 || sp > 0) {
            while (h != 0) {
                if (sp == stack.length) {
                    stack = java.util.Arrays.copyOf(stack, 2 * sp);
                    sc.nodes = stack;
                }
                stack[sp++] = h;
                h = left[h];
            }
            h = stack[--sp];
            for (int f : fs) {
                if (scalar[f]) {
                    acc = element(op, f, h * stride[f], out, val, acc, key, sc);
                } else {
                    int b = inArena[f] ? in[f][h] : h * stride[f];
                    acc = elements(op, f, b, sizeOf[f] < 0 ? addend[f] : in[sizeOf[f]][h] + addend[f], out, val, acc, key, sc);
                }
                if (op == FIND && acc != 0) {
                    return acc;
                }
            }
            h = right[h];
        }
        return acc;
    }

    /** Makes room for a frame at {@code o}; returns the (possibly new) frame array. */
    private static int[] ensure(Scratch sc, int o) {
        if (o + 4 > sc.frames.length) {
            sc.frames = java.util.Arrays.copyOf(sc.frames, 2 * sc.frames.length);
        }
        return sc.frames;
    }

    /** Writes the frame of reference {@code x} of kind {@code k}, at its first step, at {@code o}. */
    private void enter(int[] fr, int o, int k, int x) {
        int bits = kindBits[k];
        fr[o] = kindTypes[k][x & ((1 << bits) - 1)];
        fr[o + 1] = x >>> bits;
        fr[o + 2] = 0;
        fr[o + 3] = 0;
    }

    /** Records slot {@code k} of field {@code f} as the one found. */
    private static int found(Scratch sc, int f, int k) {
        double[] d = sc.dv[f];
        int[] p = sc.pv[f];
        sc.value = d != null ? d[k] : p != null ? p[k] : 1.0;
        return FOUND;
    }

    /** Handles the one element in slot {@code k} of field {@code f} for {@code op}; returns the new accumulator. */
    private int element(int op, int f, int k, int[] out, double[] val, int acc, int key, Scratch sc) {
        int c = sc.crd[f][k];
        if (c < 0 && !nonempty[f]) {
            return acc;
        }
        if (op == COLLECT) {
            out[acc] = c;
            if (val != null) {
                double[] d = sc.dv[f];
                int[] p = sc.pv[f];
                val[acc] = d != null ? d[k] : p != null ? p[k] : 1.0;
            }
            return acc + 1;
        }
        if (op == SIZE) {
            return acc + 1;
        }
        if (c == key) {
            return found(sc, f, k);
        }
        return ordered && c > key ? ABSENT : 0;
    }

    /** Handles slots {@code [b, b + n)} of element field {@code f} for {@code op}; returns the new accumulator. */
    private int elements(int op, int f, int b, int n, int[] out, double[] val, int acc, int key, Scratch sc) {
        if (n <= 0) {
            return acc;
        }
        int[] c = sc.crd[f];
        boolean full = nonempty[f];
        if (op == SIZE) {
            if (full) {
                return acc + n;
            }
            for (int k = b; k < b + n; k++) {
                if (c[k] >= 0) {
                    acc++;
                }
            }
            return acc;
        }
        if (op == COLLECT) {
            double[] d = val == null ? null : sc.dv[f];
            int[] p = val == null ? null : sc.pv[f];
            if (full) {
                System.arraycopy(c, b, out, acc, n);
                if (d != null) {
                    System.arraycopy(d, b, val, acc, n);
                } else if (val != null) {
                    for (int k = 0; k < n; k++) {
                        val[acc + k] = p != null ? p[b + k] : 1.0;
                    }
                }
                return acc + n;
            }
            for (int k = b; k < b + n; k++) {
                if (c[k] >= 0) {
                    out[acc] = c[k];
                    if (val != null) {
                        val[acc] = d != null ? d[k] : p != null ? p[k] : 1.0;
                    }
                    acc++;
                }
            }
            return acc;
        }
        return find(f, c, b, n, full, key, sc);
    }

    /** {@link #FIND} over slots {@code [b, b + n)}: found, absent (ordered and passed), or 0 to go on. */
    private int find(int f, int[] c, int b, int n, boolean full, int key, Scratch sc) {
        int hi = b + n;
        if (!ordered) {
            for (int k = b; k < hi; k++) {
                if (c[k] == key) {
                    return found(sc, f, k);
                }
            }
            return 0;
        }
        if (full) {
            if (c[hi - 1] < key) {
                return 0;
            }
            int lo = b;
            int top = hi;
            while (lo < top) {
                int mid = (lo + top) >>> 1;
                if (c[mid] < key) {
                    lo = mid + 1;
                } else {
                    top = mid;
                }
            }
            return c[lo] == key ? found(sc, f, lo) : ABSENT;
        }
        // Empty slots (-1) may lie anywhere: skip the block when its last stored coordinate is below the key.
        int k = hi - 1;
        while (k >= b && c[k] < 0) {
            k--;
        }
        if (k < b || c[k] < key) {
            return 0;
        }
        for (k = b; k < hi; k++) {
            int x = c[k];
            if (x >= key) {
                return x == key ? found(sc, f, k) : ABSENT;
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ search descent

    /** The first (smallest) key under reference {@code x} of kind {@code k}, whose types start with an element. */
    private int firstKey(int k, int x) {
        int bits = kindBits[k];
        int f = firstElem[kindTypes[k][x & ((1 << bits) - 1)]];
        return crds(f)[(x >>> bits) * stride[f]];
    }

    /** The descent of a search tree (see the class comment): O(depth) nodes, a binary search per array loop. */
    private double search(int root, int key) {
        int t = rootType;
        int h = root;
        while (true) {
            int g = 0;
            int gk = 0;
            int[] kinds = stepKind[t];
            int[] refs = stepRef[t];
            for (int s = 0; s < kinds.length; s++) {
                int ref = refs[s];
                if (kinds[s] == ELEM) {
                    int c = crds(ref)[h];
                    if (key <= c) {
                        if (key == c) {
                            return value(ref, h);
                        }
                        break;
                    }
                    g = 0;
                } else if (kinds[s] == CHILD) {
                    int x = ints(ref)[h];
                    if (!secondChild[t][s]) {
                        g = x;
                        gk = target[ref];
                    } else if (x != 0) {
                        if (g != 0 && key < firstKey(target[ref], x)) {
                            break;
                        }
                        g = x;
                        gk = target[ref];
                    }
                } else {
                    int e = loopElem[ref];
                    int ch = loopChild[ref];
                    int[] c = crds(e);
                    int b = base(e, h);
                    int n = length(e, h);
                    int lo = b;
                    int hi = b + n;
                    while (lo < hi) {
                        int mid = (lo + hi) >>> 1;
                        if (c[mid] < key) {
                            lo = mid + 1;
                        } else {
                            hi = mid;
                        }
                    }
                    int[] kids = ch < 0 ? null : ints(ch);
                    int cb = ch < 0 ? 0 : base(ch, h);
                    if (lo < b + n) {
                        if (c[lo] == key) {
                            return value(e, lo);
                        }
                        if (ch >= 0 && loopChildFirst[ref]) {
                            g = kids[cb + lo - b];
                            gk = target[ch];
                        } else if (lo > b) {
                            g = ch < 0 ? 0 : kids[cb + lo - b - 1];
                            gk = ch < 0 ? gk : target[ch];
                        }
                        break;
                    }
                    // The key is above every element of the loop: the gap is what follows the last one.
                    if (ch >= 0 && loopChildFirst[ref] && addend[ch] > addend[e]) {
                        g = kids[cb + n];
                        gk = target[ch];
                    } else if (n > 0) {
                        g = ch < 0 || loopChildFirst[ref] ? 0 : kids[cb + n - 1];
                        gk = ch < 0 ? gk : target[ch];
                    }
                }
            }
            if (g == 0) {
                return Double.NaN;
            }
            int bits = kindBits[gk];
            t = kindTypes[gk][g & ((1 << bits) - 1)];
            h = g >>> bits;
        }
    }
}
