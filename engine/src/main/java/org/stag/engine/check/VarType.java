package org.stag.engine.check;

import java.util.List;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;

/** The checked type of a variable: a scalar, or a tensor with levels, sizes and fill value. */
public sealed interface VarType {

    /** The scalar type, or the tensor's element type. */
    ScalarType elem();

    /** A scalar of type {@code elem}. */
    record Scalar(ScalarType elem) implements VarType {
        @Override
        public String toString() {
            return elem.keyword();
        }
    }

    /**
     * A tensor. Two tensors have the same shape when their element types, sizes and fill values agree;
     * levels describe storage and may differ between an argument and its parameter.
     *
     * @param levels lower-case level format names, outermost first
     * @param sizes  dimension sizes as written: a parameter name or a number
     */
    record Tensor(ScalarType elem, List<String> levels, List<String> sizes, Constant fill) implements VarType {
        /** Copies the lists. */
        public Tensor {
            levels = List.copyOf(levels);
            sizes = List.copyOf(sizes);
            if (levels.size() != sizes.size() || levels.isEmpty()) {
                throw new IllegalArgumentException("one level per dimension: " + levels + " " + sizes);
            }
        }

        /** Number of dimensions. */
        public int order() {
            return sizes.size();
        }

        /** Same element type, sizes and fill value, whatever the levels. */
        public boolean sameShape(Tensor o) {
            return elem == o.elem && sizes.equals(o.sizes) && fill.equals(o.fill);
        }

        /** The levels joined by commas, as on the command line, e.g. {@code dense, ctree}. */
        public String format() {
            return String.join(", ", levels);
        }

        /** The type as a program writes it, e.g. {@code double[N][ctree[N]] fill inf}. */
        @Override
        public String toString() {
            StringBuilder out = new StringBuilder(elem.keyword());
            for (int i = 0; i < sizes.size(); i++) {
                out.append('[').append(levels.get(i).equals("dense") ? sizes.get(i)
                        : levels.get(i) + "[" + sizes.get(i) + "]").append(']');
            }
            if (!fill.equals(Constant.zero(elem))) {
                out.append(" fill ").append(fill);
            }
            return out.toString();
        }
    }
}
