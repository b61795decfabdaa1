package org.stag.formats.dynamic.walk;

import java.util.ArrayList;
import java.util.List;
import org.stag.formats.schema.SchemaTraits;
import org.stag.formats.schema.ArraySize;
import org.stag.formats.schema.Chain;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Step;

/**
 * Derives the {@link WalkPlan} of a schema: numbers fields and node types, lays fields out as pools store them,
 * resolves reference kinds, turns each traversal into {@link WalkStep}s and reads off the shapes, the stacks and
 * the search rule.
 */
final class PlanCompiler {
    private final Schema schema;
    private final List<PlanField> fields = new ArrayList<>();
    private final List<NodePlan> types = new ArrayList<>();
    private int loops;
    private boolean machineStack;
    private boolean machineIndexStack;

    private PlanCompiler(Schema schema) {
        this.schema = schema;
    }

    static WalkPlan compile(Schema schema) {
        return new PlanCompiler(schema).plan();
    }

    private WalkPlan plan() {
        List<NodeType> nts = schema.nodeTypes();
        List<String> targets = new ArrayList<>();
        String bad = null;
        for (int t = 0; t < nts.size(); t++) {
            NodeType type = nts.get(t);
            int base = fields.size();
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
                boolean read = f.holdsElements() || f.holdsChildren() || f.kind() == FieldKind.SIZE;
                fields.add(new PlanField(fields.size(), type, t, f, arena ? 1 : slots, arena, size, addend, kind, read));
            }
        }
        List<RefKind> kinds = new ArrayList<>();
        for (String k : targets) {
            List<NodeType> concrete = schema.concreteTypes(k);
            int bits = schema.supertype(k).isPresent() ? new SupertypeHandles(schema, k).bits() : 0;
            kinds.add(new RefKind(kinds.size(), k, concrete, concrete.stream().mapToInt(nts::indexOf).toArray(), bits));
        }
        for (int t = 0; t < nts.size(); t++) {
            types.add(node(t, nts.get(t), steps(nts.get(t))));
        }
        SchemaTraits traits = SchemaTraits.of(schema);
        return new WalkPlan(schema, List.copyOf(types), List.copyOf(fields), List.copyOf(kinds), loops, traits.ordered(),
                traits.branching(), machineStack, machineIndexStack,
                SearchRule.whyNot(schema.name(), traits, types, kinds), bad, indexShape());
    }

    private List<WalkStep> steps(NodeType type) {
        List<Step> traversal = type.traversal();
        List<WalkStep> steps = new ArrayList<>();
        for (int j = 0; j < traversal.size(); j++) {
            Step s = traversal.get(j);
            if (s instanceof Step.Element e) {
                steps.add(new WalkStep.Element(field(type, e.field())));
            } else if (s instanceof Step.Child c) {
                boolean tail = j == traversal.size() - 1;
                machineStack |= !tail;
                steps.add(new WalkStep.Child(field(type, c.field()), tail, j > 0 && traversal.get(j - 1) instanceof Step.Child));
            } else {
                WalkStep.Loop l = loop(loops++, type, (Step.ArrayLoop) s);
                machineStack |= l.descends();
                machineIndexStack |= l.descends();
                steps.add(l);
            }
        }
        return steps;
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
}
