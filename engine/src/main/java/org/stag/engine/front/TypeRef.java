package org.stag.engine.front;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A type as written: a scalar type, or a tensor type with one dimension (level format and size) per mode. */
public sealed interface TypeRef extends Node {

    /** The scalar type, or the element type of a tensor. */
    ScalarType elem();

    /** {@code bool}, {@code int}, {@code long}, {@code float} or {@code double}. */
    record Scalar(SourcePos pos, ScalarType elem) implements TypeRef {
        /** Checks that both parts are present. */
        public Scalar {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(elem, "elem");
        }
    }

    /**
     * {@code double[N][ctree[N]] fill inf}: element type, dimensions outermost first, and the fill value
     * (the value of entries a sparse format does not store; the zero of the type when not given).
     *
     * @param fill a literal, possibly negated ({@code -1}, {@code -inf})
     */
    record Tensor(SourcePos pos, ScalarType elem, List<Dimension> dims, Optional<Expr> fill) implements TypeRef {
        /** Copies the dimensions; a tensor has at least one. */
        public Tensor {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(elem, "elem");
            dims = List.copyOf(dims);
            if (dims.isEmpty()) {
                throw new IllegalArgumentException("a tensor type has at least one dimension");
            }
            Objects.requireNonNull(fill, "fill");
        }

        /** The level format names, outermost first, e.g. {@code [dense, ctree]}. */
        public List<String> levels() {
            List<String> out = new ArrayList<>();
            for (Dimension d : dims) {
                out.add(d.level().name());
            }
            return out;
        }
    }
}
