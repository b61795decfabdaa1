package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.bitAnd;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.field;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.gt;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.length;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.Exprs;
import org.stag.engine.loopir.JavaType;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.walk.IndexShape;
import org.stag.formats.dynamic.walk.NodePlan;
import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.dynamic.walk.RefKind;
import org.stag.formats.dynamic.walk.WalkPlan;
import org.stag.formats.dynamic.walk.WalkPlans;
import org.stag.formats.dynamic.walk.WalkStep;
import org.stag.formats.schema.ArraySize;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;

/**
 * What generated code needs to know about one schema: its {@link WalkPlan} (the walk the interpreted reads of
 * {@code formats} run too: steps, array loops, reference kinds and tags, shapes, stacks, the search rule), and
 * what code adds to it: for every node type the local each array it reads is unpacked into, and the loop IR
 * expressions for an element's coordinate, value or position, an array's base index and length. The emitters
 * ({@link UnorderedVisit}, {@link InOrderMachine}, {@link SchemaSearch}) only combine these.
 *
 * <p>The arrays are those of one shard of the level ({@code DynamicLevel} keeps a store per group of
 * parents): {@link #unpack} declares them once per run, {@link #enter} loads a shard's before a parent's
 * structure is entered, when the shard differs from the one loaded last.
 *
 * <p>Locals unpacked once per run are named {@code P_type_field} (and {@code P_type_field_v} or
 * {@code _p} for values or positions) or {@code P_word} for the level's shared arrays; locals of one visit
 * or search are {@code P_word<n>} with a number per emission, so none of them can collide.
 */
final class SchemaModel {
    final Schema schema;
    /** The schema's walk, which every emitter follows: steps, loops, reference kinds, shapes, the search rule. */
    final WalkPlan plan;
    final String p;
    /** What the level's elements carry: positions, doubles, or nothing (a pattern). */
    final ValueMode mode;
    /** Whether a visit binds a double value rather than a position (1.0 for every element of a pattern). */
    final boolean doubles;
    /** Whether elements have a carried array (not in {@link ValueMode#NONE}). */
    final boolean carries;
    /** The tree nodes' head and run fields when the schema has the C-tree's shape ({@link IndexShape#runsOfHeads}), else null. */
    final FieldInfo[] headRuns;
    final NodeType root;
    final Map<String, TypeInfo> types = new LinkedHashMap<>();
    /** Per plan field ({@link PlanField#id()}): the field as generated code reads it, or null when no walk reads it. */
    private final FieldInfo[] byId;
    /** Distinct targets of child fields (node types or supertypes), in first-use order: the reference kinds. */
    final List<String> kinds;
    private final Set<String> names = new HashSet<>();
    /** Whether some element array lives in the chunk arena. */
    final boolean arena;
    /** Whether the unordered visit must keep a stack: some node type has two or more child references. */
    final boolean dfsStack;
    /** Whether the in-order machine must keep a stack: some child descent is not the node's last step. */
    final boolean machineStack;
    /** Whether a descent from inside an array loop must save the loop index. */
    final boolean machineIndexStack;
    /**
     * The binary-tree shape whose in-order node index ({@code NodeOrder}) visits use instead of walking the
     * tree, or null when the schema has none.
     */
    final IndexShape order;
    /**
     * The root's element field when the node index also lists each parent's root run and node range in one
     * record ({@code NodeOrder.rows}: the root's elements are one arena run), else null.
     */
    final FieldInfo rootRun;
    /**
     * Whether the arena's element arrays are {@code varint} (a byte arena, {@link CodedRuns}): only in the
     * C-tree's shape with a node index, whose runs every visit, cursor and search decodes.
     */
    final boolean coded;

    /** The locals of one node type. */
    static final class TypeInfo {
        final NodeType type;
        final String pool;
        final Map<String, FieldInfo> fields = new LinkedHashMap<>();

        TypeInfo(NodeType type, String pool) {
            this.type = type;
            this.pool = pool;
        }
    }

    /**
     * One field as generated code reads it.
     *
     * @param owner   the node type declaring it
     * @param stride  slots per node in the pool arrays (1 for scalars and arena offsets)
     * @param inArena whether the slots are a run of the chunk arena (the pool holds the run's offset)
     * @param arr     the local of the field's int array: coordinates, child handles, sizes or arena offsets
     * @param carried the local of the element values ({@code double[]}) or positions ({@code int[]}), for
     *                inline element fields; null otherwise
     */
    record FieldInfo(NodeType owner, Field field, int stride, boolean inArena, String arr, String carried) {
    }

    SchemaModel(Schema schema, String prefix, ValueMode mode) {
        if (prefix == null || prefix.isEmpty() || !Character.isJavaIdentifierStart(prefix.charAt(0))
                || !prefix.chars().allMatch(Character::isJavaIdentifierPart)) {
            throw new IllegalArgumentException("level prefix must be a Java identifier: '" + prefix + "'");
        }
        this.schema = schema;
        this.plan = WalkPlans.of(schema);
        if (plan.unstorable() != null) {
            throw new UnsupportedOperationException(plan.unstorable());
        }
        this.p = prefix;
        this.mode = mode;
        this.doubles = mode != ValueMode.POSITION;
        this.carries = mode != ValueMode.NONE;
        this.root = schema.root();
        for (String fixed : new String[] {"lvl", "store", "roots", "bits", "shard", "arena", "acrd", "aval", "apos", "stk", "kstk",
            "hs", "ps", "is", "order", "ostart", "onodes", "obase", "orows", "oheads", "abytes"}) {
            names.add(p + "_" + fixed);
        }
        this.byId = new FieldInfo[plan.fields().size()];
        boolean usesArena = false;
        for (NodePlan np : plan.types()) {
            NodeType t = np.type();
            TypeInfo ti = new TypeInfo(t, unique(p + "_pool_" + t.name()));
            for (PlanField pf : plan.fields()) {
                if (pf.type() != np.id() || !pf.read()) {
                    continue;
                }
                Field f = pf.field();
                String arr = unique(p + "_" + t.name() + "_" + f.name());
                String carried = null;
                if (f.holdsElements() && !pf.inArena() && carries) {
                    carried = unique(arr + (doubles ? "_v" : "_p"));
                }
                usesArena |= pf.inArena() && f.holdsElements();
                FieldInfo fi = new FieldInfo(t, f, pf.stride(), pf.inArena(), arr, carried);
                ti.fields.put(f.name(), fi);
                byId[pf.id()] = fi;
            }
            types.put(t.name(), ti);
        }
        this.kinds = plan.kinds().stream().map(RefKind::target).toList();
        this.arena = usesArena;
        this.dfsStack = plan.branching();
        this.machineStack = plan.machineStack();
        this.machineIndexStack = plan.machineIndexStack();
        this.order = plan.index();
        this.rootRun = order == null || order.rootRun() == null ? null : field(order.rootRun());
        this.headRuns = order == null || !order.runsOfHeads() ? null
                : new FieldInfo[] {field(order.head()), field(order.run())};
        this.coded = schema.varint();
        if (coded && (rootRun == null || headRuns == null || !rootRun.field().varint() || !headRuns[1].field().varint())) {
            throw new UnsupportedOperationException("schema " + schema.name() + ": varint arrays compile only in the"
                    + " C-tree's shape (a root run, then a head and a run per tree node), both runs varint");
        }
    }

    /** The shard's byte arena ({@link #coded}). */
    Ex ownBytes() {
        return local(p + "_abytes", JavaType.BYTES);
    }

    /**
     * Whether visits read a node's head and run from the node index's {@code heads} ({@code NodeOrder.heads}):
     * the C-tree's shape ({@link #headRuns}) when elements carry nothing (a node's value would need its handle).
     */
    boolean headTriples() {
        return headRuns != null && !carries;
    }

    private String unique(String name) {
        String n = name;
        for (int k = 2; !names.add(n); k++) {
            n = name + "_" + k;
        }
        return n;
    }

    // ------------------------------------------------------------------ lookups

    FieldInfo field(NodeType t, Field f) {
        return types.get(t.name()).fields.get(f.name());
    }

    /** Field {@code f} of the plan as generated code reads it. */
    FieldInfo field(PlanField f) {
        return byId[f.id()];
    }

    /** The plan of node type {@code t}. */
    NodePlan plan(NodeType t) {
        return plan.type(t);
    }

    /** The concrete node types a reference of kind {@code target} may point at (in tag order for a supertype). */
    List<NodeType> concrete(String target) {
        return schema.concreteTypes(target);
    }

    int kindId(String target) {
        return kinds.indexOf(target);
    }

    /** The reference kind of child references to {@code target}. */
    RefKind kind(String target) {
        return plan.kinds().get(kindId(target));
    }

    /** Whether references of kind {@code target} carry a subtype tag in their low bits. */
    boolean tagged(String target) {
        return kind(target).tagged();
    }

    /** The node index of reference {@code x} (an int expression) of kind {@code target}. */
    Ex index(String target, Ex x) {
        int bits = kind(target).bits();
        return bits == 0 ? x : ushr(x, lit(bits));
    }

    /** The subtype tag of reference {@code x} of a tagged kind. */
    Ex tag(String target, Ex x) {
        return bitAnd(x, lit((1 << kind(target).bits()) - 1));
    }

    // ------------------------------------------------------------------ element and array expressions

    /** The int array local of field {@code f} (coordinates, child handles, sizes or arena offsets). */
    static Ex arr(FieldInfo f) {
        return local(f.arr(), INTS);
    }

    /** The int array holding the coordinates of element field {@code f}. */
    Ex crdArray(FieldInfo f) {
        if (f.field().varint()) {
            throw new IllegalStateException(f.field() + " is varint: its runs are decoded (CodedRuns), not indexed");
        }
        return f.inArena() ? local(p + "_acrd", INTS) : arr(f);
    }

    /**
     * What the element in slot {@code index} of field {@code f} carries: its value ({@code double}) or position
     * ({@code int}) read from the carried array, or {@code 1.0} when elements carry nothing.
     */
    Ex carriedAt(FieldInfo f, Ex index) {
        if (!carries) {
            return lit(1.0);
        }
        return load(local(f.inArena() ? p + (doubles ? "_aval" : "_apos") : f.carried(), carriedType().array()), index);
    }

    /** The Java type of what an element carries. */
    JavaType carriedType() {
        return doubles ? JavaType.DOUBLE : JavaType.INT;
    }

    /** A local of the level (int unless given), named {@code P_word}. */
    Ex own(String word) {
        return intVar(p + "_" + word);
    }

    /** An int array local of the level, {@code P_word}. */
    Ex ownInts(String word) {
        return local(p + "_" + word, INTS);
    }

    /** Slot 0 of array field {@code f} of node {@code h}: {@code h * stride}, or the arena offset. */
    Ex base(FieldInfo f, Ex h) {
        if (f.inArena()) {
            return load(arr(f), h);
        }
        return f.stride() == 1 ? h : mul(h, lit(f.stride()));
    }

    /** The length of array field {@code f} of node {@code h}: its size field (plus addend) or its constant. */
    Ex length(FieldInfo f, Ex h) {
        ArraySize s = f.field().arraySize().orElseThrow();
        if (s.isConstant()) {
            return lit(s.addend());
        }
        Ex size = load(arr(field(f.owner(), f.owner().field(s.sizeField().orElseThrow()).orElseThrow())), h);
        return s.addend() == 0 ? size : add(size, lit(s.addend()));
    }

    /** The loop bound of array loop {@code a} of node {@code h}: its size field plus the largest addend, or the constant. */
    Ex loopLength(WalkStep.Loop a, Ex h) {
        if (a.size() == null) {
            return lit(a.bound());
        }
        Ex size = load(arr(field(a.size())), h);
        return a.bound() == 0 ? size : add(size, lit(a.bound()));
    }

    /**
     * Statements that make room for {@code need} entries (an int expression) in the stacks {@code stacks}
     * (names without prefix), replacing them by larger copies that the workspace keeps for the next run.
     */
    void grow(Block out, Ex need, String... stacks) {
        Ex first = ownInts(stacks[0]);
        Block g = out.ifThen(gt(need, Exprs.length(first)));
        g.var(INT, p + "_len", staticCall(SchemaTypes.MATH, "max", INT, mul(lit(2), Exprs.length(first)), need));
        for (String s : stacks) {
            Ex n = ownInts(s);
            g.assign(n, staticCall(SchemaTypes.ARRAYS, "copyOf", INTS, n, own("len")));
            g.eval(call(SchemaTypes.WS, "keepInts", JavaType.VOID, str(p + "_" + s), n));
        }
    }

    /**
     * Emits {@code visit} once per concrete type reference {@code x} (an int local) of kind {@code kind}
     * (an int local, or null when there is one kind) may point at, with the node's index in the int local
     * {@code h} (declared here unless {@code declared}): a chain of {@code if}s on the kind, then on the
     * subtype tag.
     */
    void dispatch(Block out, Ex x, Ex kind, String h, boolean declared, VisitType visit) {
        if (kind == null || kinds.size() == 1) {
            dispatchKind(out, kinds.get(0), x, h, declared, visit);
            return;
        }
        Block rest = out;
        for (int k = 0; k < kinds.size(); k++) {
            Block b = k == kinds.size() - 1 ? rest : rest.ifThen(eq(kind, lit(k)));
            dispatchKind(b, kinds.get(k), x, h, declared, visit);
            if (k < kinds.size() - 1) {
                rest = rest.orElse();
            }
        }
    }

    private void dispatchKind(Block out, String target, Ex x, String h, boolean declared, VisitType visit) {
        if (declared) {
            out.assign(intVar(h), index(target, x));
        } else {
            out.var(INT, h, index(target, x));
        }
        List<NodeType> sub = concrete(target);
        if (!tagged(target)) {
            visit.emit(out, sub.get(0));
            return;
        }
        Block rest = out;
        for (int t = 0; t < sub.size(); t++) {
            Block b = t == sub.size() - 1 ? rest : rest.ifThen(eq(tag(target, x), lit(t)));
            visit.emit(b, sub.get(t));
            if (t < sub.size() - 1) {
                rest = rest.orElse();
            }
        }
    }

    /** Code for one concrete node type, inside a dispatch. */
    @FunctionalInterface
    interface VisitType {
        void emit(Block out, NodeType t);
    }

    /**
     * Declares (with dummy values) the locals a visit binds: the coordinate and, when named, the value or
     * position. A visit declares every local once, before its loops, and element sites only assign them: then
     * every {@code break} out of the visit leaves the same locals in the same slots, which Janino needs (with
     * assertions enabled it rejects jumps to one label from frames whose locals differ in width).
     */
    void declareBinding(Block out, String crd, String pos, String val) {
        out.var(INT, crd, lit(0));
        String carried = doubles ? val : pos;
        if (carried != null) {
            out.var(carriedType(), carried, doubles ? lit(0.0) : lit(0));
        }
    }

    /**
     * Binds an element and runs {@code body}: assigns {@code crd} from slot {@code index} of field {@code f}
     * and, when named, the value or position (see {@link #declareBinding}); skips empty slots (coordinate -1)
     * of fields that are not {@code nonempty}.
     */
    void bindElement(Block out, FieldInfo f, Ex index, String crd, String pos, String val, Consumer<Block> body) {
        Block b = out;
        b.assign(intVar(crd), load(crdArray(f), index));
        if (!f.field().nonempty()) {
            b = b.ifThen(ge(intVar(crd), lit(0)));
        }
        bindCarried(b, carriedAt(f, index), pos, val, body);
    }

    /**
     * Binds an element whose coordinate is {@code coordinate} (never empty) and what it carries is
     * {@code carried}, and runs {@code body} (as {@link #bindElement}); for a listed node's head
     * ({@link IndexedCursor#listedHead}).
     */
    void bindAt(Block out, Ex coordinate, Ex carried, String crd, String pos, String val, Consumer<Block> body) {
        out.assign(intVar(crd), coordinate);
        bindCarried(out, carried, pos, val, body);
    }

    private void bindCarried(Block b, Ex carriedValue, String pos, String val, Consumer<Block> body) {
        String carried = doubles ? val : pos;
        if (carried != null) {
            b.assign(local(carried, carriedType()), carriedValue);
        }
        Block inner = new Block();
        body.accept(inner);
        // Code may follow the body (more elements, pushes): a body that always jumps would make it
        // unreachable, which Java rejects; "if (true)" can complete normally whatever its body does.
        (inner.completesNormally() ? b : b.ifThen(Ex.TRUE)).append(inner);
    }
}
