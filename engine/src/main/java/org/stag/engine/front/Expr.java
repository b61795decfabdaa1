package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/**
 * Expressions. All values are scalars: a tensor appears in an expression only indexed ({@code A[i][j]}),
 * except as a call argument, where a bare name passes the whole tensor.
 */
public sealed interface Expr extends Node {

    /**
     * An integer such as {@code 3} or {@code 9223372036854775807L}; never negative ({@code -3} is a
     * {@link Unary} minus).
     *
     * @param longSuffix whether the source wrote an {@code L}
     */
    record IntLiteral(SourcePos pos, long value, boolean longSuffix) implements Expr {
        /** Checks the position and that the value is not negative. */
        public IntLiteral {
            Objects.requireNonNull(pos, "pos");
            if (value < 0) {
                throw new IllegalArgumentException("literals are not negative: " + value);
            }
        }
    }

    /** A decimal such as {@code 0.85} or {@code 1e-9}, or {@code inf} (positive infinity); never negative. */
    record FloatLiteral(SourcePos pos, double value) implements Expr {
        /** Checks the position and that the value is a non-negative number. */
        public FloatLiteral {
            Objects.requireNonNull(pos, "pos");
            if (!(value >= 0)) {
                throw new IllegalArgumentException("literals are not negative or NaN: " + value);
            }
        }
    }

    /** {@code true} or {@code false}. */
    record BoolLiteral(SourcePos pos, boolean value) implements Expr {
        /** Checks the position. */
        public BoolLiteral {
            Objects.requireNonNull(pos, "pos");
        }
    }

    /** A scalar variable or an index variable; the checker decides which. */
    record Name(SourcePos pos, String name) implements Expr {
        /** Checks both parts. */
        public Name {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * {@code #k}: in a star call's stop condition the k-th output of the latest run, in a FormatRule's
     * condition the k-th argument (1-based).
     */
    record OutputRef(SourcePos pos, int index) implements Expr {
        /** Checks the position. */
        public OutputRef {
            Objects.requireNonNull(pos, "pos");
        }
    }

    /**
     * {@code A[i][j]}, {@code x[p[i]]}, {@code #2[#3]}: one element of a tensor. An index that is a bare index
     * variable ranges over its dimension; any other index is a coordinate computed per element.
     *
     * @param tensor a {@link Name} or an {@link OutputRef}
     */
    record Access(SourcePos pos, Expr tensor, List<Expr> indices) implements Expr {
        /** Copies the indices; checks the tensor is a name or an output reference. */
        public Access {
            Objects.requireNonNull(pos, "pos");
            if (!(tensor instanceof Name) && !(tensor instanceof OutputRef)) {
                throw new IllegalArgumentException("only a named tensor or #k can be indexed: " + tensor);
            }
            indices = List.copyOf(indices);
            if (indices.isEmpty()) {
                throw new IllegalArgumentException("an access has at least one index");
            }
        }
    }

    /** {@code -x} or {@code !b}. */
    record Unary(SourcePos pos, UnaryOp op, Expr operand) implements Expr {
        /** Checks all parts. */
        public Unary {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(operand, "operand");
        }
    }

    /** {@code left op right}; the position is the operator's. */
    record Binary(SourcePos pos, BinaryOp op, Expr left, Expr right) implements Expr {
        /** Checks all parts. */
        public Binary {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }
    }

    /** {@code ifelse(c, a, b)}: {@code a} where {@code c} holds, {@code b} elsewhere. */
    record IfElse(SourcePos pos, Expr condition, Expr then, Expr otherwise) implements Expr {
        /** Checks all parts. */
        public IfElse {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(condition, "condition");
            Objects.requireNonNull(then, "then");
            Objects.requireNonNull(otherwise, "otherwise");
        }
    }

    /**
     * {@code MIN(a, b)}: a call of an operator function, a built-in or a {@code Def}, by name; the checker
     * resolves the name to its descriptor ({@code CheckedProgram.operator}).
     */
    record BuiltinCall(SourcePos pos, String function, List<Expr> args) implements Expr {
        /** Copies the arguments. */
        public BuiltinCall {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(function, "function");
            args = List.copyOf(args);
        }
    }

    /** {@code double(x)}: a conversion; {@code bool(x)} is {@code x != 0}. */
    record Convert(SourcePos pos, ScalarType type, Expr value) implements Expr {
        /** Checks all parts. */
        public Convert {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code fill}: the fill value of the tensor being defined, e.g. {@code ifelse(m[i], x[i], fill)}. */
    record Fill(SourcePos pos) implements Expr {
        /** Checks the position. */
        public Fill {
            Objects.requireNonNull(pos, "pos");
        }
    }
}
