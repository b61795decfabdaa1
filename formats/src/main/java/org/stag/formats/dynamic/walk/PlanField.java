package org.stag.formats.dynamic.walk;

import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.SizeBounds;

/**
 * One field of a schema as a walk reads it. Fields are numbered over all node types, in the schema's order
 * of node types and each type's declaration order.
 *
 * @param id        the field's number in its {@link WalkPlan}
 * @param owner     the node type declaring it
 * @param type      the owner's number in its plan
 * @param stride    slots per node in the pool's arrays: 1 for scalars and arena offsets, the upper bound of an
 *                  inline array
 * @param inArena   whether the field is an unbounded array, whose slots are a run of the chunk arena (the
 *                  pool then holds the run's offset)
 * @param sizeField for an array sized by a size field, that field's number; else -1
 * @param addend    for an array, the slots past its size field (or its constant length); else 0
 * @param kind      for a child field, the number of its reference kind ({@link WalkPlan#kinds()}); else -1
 * @param read      whether a walk reads the field: elements, children and sizes (not parent pointers or metadata)
 */
public record PlanField(int id, NodeType owner, int type, Field field, int stride, boolean inArena, int sizeField,
        int addend, int kind, boolean read) {

    /**
     * Slots per node of {@code f} in a pool of {@code type}: 1 for a scalar, the upper bound of an array's
     * length (at least 1), or -1 for an unbounded array, which lives in the chunk arena.
     */
    public static int slots(NodeType type, Field f) {
        if (!f.isArray()) {
            return 1;
        }
        SizeBounds b = type.lengthBounds(f);
        return b.isBounded() ? Math.max(1, b.upper().getAsInt()) : -1;
    }

    public String name() {
        return field.name();
    }

    /** Whether the field holds elements (else children, a size, a parent or metadata). */
    public boolean element() {
        return field.holdsElements();
    }

    /** Whether the field holds children. */
    public boolean child() {
        return kind >= 0;
    }

    /** Whether the field is a scalar, not an array. */
    public boolean scalar() {
        return !field.isArray();
    }

    /** Whether every slot in use holds an element or a child ({@code nonempty}). */
    public boolean nonempty() {
        return field.nonempty();
    }
}
