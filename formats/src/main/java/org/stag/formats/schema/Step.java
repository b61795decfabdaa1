package org.stag.formats.schema;

import java.util.List;
import java.util.Optional;

/**
 * One step of a node type's in-order traversal ({@link NodeType#traversal()}): visit a scalar element,
 * descend into a scalar child, or loop over one or more arrays in interleaved order.
 */
public sealed interface Step permits Step.Element, Step.Child, Step.ArrayLoop {

    /**
     * Visit the nonzero in a scalar element field.
     *
     * @param field an {@link FieldKind#ELEMENT} field
     */
    record Element(Field field) implements Step {
    }

    /**
     * Visit the subtree of a scalar child field.
     *
     * @param field a {@link FieldKind#CHILD} field
     */
    record Child(Field field) implements Step {
    }

    /**
     * For {@code i} from 0 while {@code i} is below the longest member's length, visit {@code member[i]} of
     * each member in order, skipping members shorter than {@code i + 1}. {@code seq = {c, e}} with
     * {@code c : T[B + 1]} and {@code e : elem[B]} thus visits c[0], e[0], c[1], ..., e[B-1], c[B].
     *
     * @param members array fields, all sized by the same size field (or all by constants)
     */
    record ArrayLoop(List<Field> members) implements Step {

        /** Copies the member list. */
        public ArrayLoop {
            members = List.copyOf(members);
        }

        /** The size field that bounds the loop, or empty when all members have constant length. */
        public Optional<String> sizeField() {
            return members.get(0).arraySize().flatMap(ArraySize::sizeField);
        }

        /** The largest {@link ArraySize#addend()} among the members: the loop runs to {@code size + maxAddend}. */
        public int maxAddend() {
            return members.stream().mapToInt(f -> f.arraySize().orElseThrow().addend()).max().orElseThrow();
        }
    }
}
