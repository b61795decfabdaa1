package org.stag.formats.dynamic.walk;

import java.util.List;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;

/**
 * The walk of one schema's structures, compiled once ({@link WalkPlans#of}): the one definition that both the
 * interpreted reads ({@link SchemaWalk}: {@code size}, {@code collect}, {@code get}) and the engine's generated
 * level code (visits, cursors, {@code locate}) follow. Immutable.
 *
 * @param schema            the schema
 * @param types             the node types' plans, in the schema's order: steps with what walks decide at them
 *                          ({@link WalkStep}), and the shapes that get tight loops (chains, binary trees)
 * @param fields            every field of every node type, numbered by {@link PlanField#id()}, laid out as pools
 *                          store them (stride, arena)
 * @param kinds             the reference kinds: the distinct targets of child fields, in the order fields first
 *                          name them, with their concrete types and tag bits
 * @param loops             how many array loops the node types have (numbered by {@link WalkStep.Loop#id()})
 * @param ordered           whether an in-order walk yields increasing coordinates: every node type is ordered by
 *                          its {@code seq} (or has at most one scalar step)
 * @param branching         whether some node type has two or more child references: a depth-first walk needs a
 *                          stack
 * @param machineStack      whether an in-order walk needs a stack: some descent is not its node's last step
 * @param machineIndexStack whether an in-order walk must save an array loop's index with a node: some loop has
 *                          child members
 * @param whyNotSearchable  null when a descent can search the structures ({@link SearchRule}); else why not, in
 *                          one line
 * @param unstorable        null when a store can hold the structures; else why not (a child array without an
 *                          upper bound: the chunk arena holds only elements)
 * @param index             the shape a store keeps an in-order node index for, or null
 */
public record WalkPlan(Schema schema, List<NodePlan> types, List<PlanField> fields, List<RefKind> kinds, int loops,
        boolean ordered, boolean branching, boolean machineStack, boolean machineIndexStack, String whyNotSearchable,
        String unstorable, IndexShape index) {
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
}
