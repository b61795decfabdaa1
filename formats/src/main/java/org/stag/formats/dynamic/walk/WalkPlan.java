package org.stag.formats.dynamic.walk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stag.formats.level.SchemaTraits;
import org.stag.formats.schema.ArraySize;
import org.stag.formats.schema.Chain;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Step;

/**
 * The walk of one schema's structures, compiled once: the one definition that both the interpreted reads
 * ({@link SchemaWalk}: {@code size}, {@code collect}, {@code get}) and the engine's generated level code
 * (visits, cursors, {@code locate}) follow. It numbers the node types and fields, lays out each field as the
 * pools store it (stride, arena), resolves every child reference to a kind (its concrete types and tag bits),
 * lists each type's steps with what walks decide at them ({@link WalkStep}), reads off the shapes that get
 * tight loops (chains, binary trees, the node index's {@link IndexShape}), which stacks a walk needs, and
 * whether a descent can search it ({@link #whyNotSearchable()}).
 *
 * <p>Immutable; one plan per schema ({@link #of}), shared by every store and every compiled level.
 */
public final class WalkPlan {
    private static final Map<Schema, WalkPlan> PLANS = new ConcurrentHashMap<>();

    private final Schema schema;
    private final List<NodePlan> types;
    private final List<PlanField> fields;
    private final List<RefKind> kinds;
    private final int loops;
    private final SchemaTraits traits;
    private final String whyNotSearchable;
    private final String unstorable;
    private final boolean machineStack;
    private final boolean machineIndexStack;
    private final IndexShape index;
    private final WalkTables tables;

    /** The plan of {@code schema}: made on first use, then shared. */
    public static WalkPlan of(Schema schema) {
        WalkPlan p = PLANS.get(schema);
        if (p == null) {
            if (PLANS.size() >= 512) {
                PLANS.clear();
            }
            p = new WalkPlan(schema);
            PLANS.put(schema, p);
        }
        return p;
    }

    private WalkPlan(Schema schema) {
        this.schema = schema;
        List<NodeType> nts = schema.nodeTypes();
        List<String> targets = new ArrayList<>();
        List<PlanField> fs = new ArrayList<>();
        String bad = null;
        for (int t = 0; t < nts.size(); t++) {
            NodeType type = nts.get(t);
            int base = fs.size();
            for (Field f : type.fields()) {
                int slots = PlanField.slots(type, f);
                boolean arena = slots < 0;
                int size = -1;
                int addend = 0;
                if (f.isArray()) {
                    ArraySize s = f.arraySize().orElseThrow();
                    addend = s.addend();
                    size = s.sizeField().map(n -> base + type.fields().indexOf(type.field(n).orElseThrow())).orElse(-1);
                }
                int kind = -1;
                if (f.holdsChildren()) {
                    String k = f.target().orElseThrow();
                    if (!targets.contains(k)) {
                        targets.add(k);
                    }
                    kind = targets.indexOf(k);
                    if (arena && bad == null) {
                        bad = "schema " + schema.name() + ": child array " + type.name() + "." + f.name()
                                + " is unbounded; the chunk arena holds only elements, not child handles";
                    }
                }
                fs.add(new PlanField(fs.size(), type, t, f, arena ? 1 : slots, arena, size, addend, kind));
            }
        }
        this.fields = List.copyOf(fs);
        this.unstorable = bad;
        List<RefKind> ks = new ArrayList<>();
        for (String k : targets) {
            List<NodeType> concrete = schema.concreteTypes(k);
            int bits = schema.supertype(k).isPresent() ? new SupertypeHandles(schema, k).bits() : 0;
            ks.add(new RefKind(ks.size(), k, concrete, concrete.stream().mapToInt(nts::indexOf).toArray(), bits));
        }
        this.kinds = List.copyOf(ks);

        List<NodePlan> ps = new ArrayList<>();
        int loopCount = 0;
        boolean mstack = false;
        boolean istack = false;
        for (int t = 0; t < nts.size(); t++) {
            NodeType type = nts.get(t);
            List<Step> traversal = type.traversal();
            List<WalkStep> steps = new ArrayList<>();
            for (int j = 0; j < traversal.size(); j++) {
                Step s = traversal.get(j);
                if (s instanceof Step.Element e) {
                    steps.add(new WalkStep.Element(field(type, e.field())));
                } else if (s instanceof Step.Child c) {
                    boolean tail = j == traversal.size() - 1;
                    mstack |= !tail;
                    steps.add(new WalkStep.Child(field(type, c.field()), tail, j > 0 && traversal.get(j - 1) instanceof Step.Child));
                } else {
                    WalkStep.Loop l = loop(loopCount++, type, (Step.ArrayLoop) s);
                    mstack |= l.descends();
                    istack |= l.descends();
                    steps.add(l);
                }
            }
            ps.add(node(t, type, steps));
        }
        this.types = List.copyOf(ps);
        this.loops = loopCount;
        this.machineStack = mstack;
        this.machineIndexStack = istack;
        this.traits = SchemaTraits.of(schema);
        this.whyNotSearchable = SearchRule.whyNot(schema.name(), traits, types, kinds);
        this.index = indexShape();
        this.tables = new WalkTables(this);
    }

    private PlanField field(NodeType type, Field f) {
        for (PlanField p : fields) {
            if (p.owner() == type && p.name().equals(f.name())) {
                return p;
            }
        }
        throw new IllegalArgumentException("no field " + type.name() + "." + f.name() + " in schema " + schema.name());
    }

    private WalkStep.Loop loop(int id, NodeType type, Step.ArrayLoop a) {
        List<PlanField> members = new ArrayList<>();
        PlanField element = null;
        PlanField child = null;
        boolean childFirst = false;
        for (Field f : a.members()) {
            PlanField m = field(type, f);
            members.add(m);
            if (m.element() && element == null) {
                element = m;
            } else if (m.child() && child == null) {
                child = m;
                childFirst = element == null;
            }
        }
        PlanField size = a.sizeField().map(n -> field(type, type.field(n).orElseThrow())).orElse(null);
        return new WalkStep.Loop(id, members, size, a.maxAddend(), element, child, childFirst);
    }

    private NodePlan node(int id, NodeType type, List<WalkStep> steps) {
        PlanField link = null;
        Chain chain = type.chain().orElse(null);
        if (chain != null && chain.position() == Chain.Position.AFTER_ELEMENTS) {
            link = field(type, chain.link());
        }
        PlanField left = null;
        PlanField right = null;
        int last = steps.size() - 1;
        if (last >= 1 && steps.get(0) instanceof WalkStep.Child l && steps.get(last) instanceof WalkStep.Child r
                && ownType(type, l.field()) && ownType(type, r.field()) && steps.subList(1, last).stream()
                        .noneMatch(s -> s instanceof WalkStep.Child || s instanceof WalkStep.Loop lp && lp.descends())) {
            left = l.field();
            right = r.field();
        }
        List<PlanField> runs = new ArrayList<>();
        for (WalkStep s : steps) {
            if (s instanceof WalkStep.Element e) {
                runs.add(e.field());
            } else if (s instanceof WalkStep.Loop lp) {
                if (!lp.lone()) {
                    runs = null;
                    break;
                }
                runs.add(lp.members().get(0));
            }
        }
        PlanField first = !steps.isEmpty() && steps.get(0) instanceof WalkStep.Element e && e.field().nonempty() ? e.field()
                : null;
        return new NodePlan(id, type, steps, link, left, right, runs, first);
    }

    private static boolean ownType(NodeType type, PlanField f) {
        return f.field().target().orElse("").equals(type.name());
    }

    /** The {@link IndexShape} of the schema, or null. */
    private IndexShape indexShape() {
        NodeType root = schema.root();
        if (types.size() != 2 || root.supertype().isPresent()) {
            return null;
        }
        int r = types.get(0).type().name().equals(root.name()) ? 0 : 1;
        NodePlan rp = types.get(r);
        NodePlan np = types.get(1 - r);
        NodeType node = np.type();
        List<WalkStep> rs = rp.steps();
        if (node.supertype().isPresent() || node.isRoot() || np.left() == null || root.childFields().size() != 1
                || rs.isEmpty() || !(rs.get(rs.size() - 1) instanceof WalkStep.Child c) || !ownType(node, c.field())
                || rs.stream().anyMatch(s -> s instanceof WalkStep.Loop l && l.descends())) {
            return null;
        }
        PlanField rootRun = null;
        if (rs.size() == 2 && rs.get(0) instanceof WalkStep.Loop l && l.lone() && l.size() != null
                && l.members().get(0).inArena()) {
            rootRun = l.members().get(0);
        }
        PlanField head = null;
        PlanField run = null;
        List<WalkStep> ns = np.steps();
        if (ns.size() == 4 && ns.get(1) instanceof WalkStep.Element e && e.field().nonempty()
                && ns.get(2) instanceof WalkStep.Loop l && l.lone() && l.size() != null
                && l.members().get(0).nonempty() && l.members().get(0).inArena()) {
            head = e.field();
            run = l.members().get(0);
        }
        return new IndexShape(root, c.field(), node, np.left(), np.right(), rootRun, head, run);
    }

    // ------------------------------------------------------------------ the plan

    public Schema schema() {
        return schema;
    }

    /** The node types' plans, in the schema's order. */
    public List<NodePlan> types() {
        return types;
    }

    /** The plan of node type {@code t} of the schema. */
    public NodePlan type(NodeType t) {
        for (NodePlan p : types) {
            if (p.type().name().equals(t.name())) {
                return p;
            }
        }
        throw new IllegalArgumentException("schema " + schema.name() + " has no node type " + t.name());
    }

    /** The root type's plan. */
    public NodePlan root() {
        return type(schema.root());
    }

    /** Every field of every node type, numbered by {@link PlanField#id()}. */
    public List<PlanField> fields() {
        return fields;
    }

    /** The reference kinds: the distinct targets of child fields, in the order fields first name them. */
    public List<RefKind> kinds() {
        return kinds;
    }

    /** How many array loops the node types have (numbered by {@link WalkStep.Loop#id()}). */
    public int loops() {
        return loops;
    }

    /**
     * Whether an in-order walk yields increasing coordinates: every node type is ordered by its {@code seq} (or
     * has at most one scalar step).
     */
    public boolean ordered() {
        return traits.ordered();
    }

    /** Whether some node type has two or more child references: a depth-first walk needs a stack. */
    public boolean branching() {
        return traits.branching();
    }

    /** Whether an in-order walk needs a stack: some descent is not its node's last step. */
    public boolean machineStack() {
        return machineStack;
    }

    /** Whether an in-order walk must save an array loop's index with a node: some loop has child members. */
    public boolean machineIndexStack() {
        return machineIndexStack;
    }

    /** Null when a descent can search the structures ({@link SearchRule}); else why not, in one line. */
    public String whyNotSearchable() {
        return whyNotSearchable;
    }

    /**
     * Null when a store can hold the schema's structures; else why not (a child array without an upper bound:
     * the chunk arena holds only elements).
     */
    public String unstorable() {
        return unstorable;
    }

    /** The shape a store keeps an in-order node index for, or null. */
    public IndexShape index() {
        return index;
    }

    /** The plan as int tables, for {@link SchemaWalk}. */
    WalkTables tables() {
        return tables;
    }
}
