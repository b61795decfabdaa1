package org.stag.engine.cin;

import java.util.List;
import java.util.Objects;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;

/**
 * A typed expression of concrete index notation (TACO's {@code IndexExpr}): every node carries the
 * {@link ScalarType} it is computed in, so the passes, the merge lattices and the lowering never ask the checker
 * for types. Built from a definition's checked right-hand side by {@link KernelSpec} (a decided uniform
 * {@code ifelse} is its taken branch, {@code fill} is the target's fill value, a literal a {@link Literal} of its
 * checked type); a tensor read is a {@link Read} of a {@link KernelSpec.Access}, so the lowering finds the
 * access from the node. Equality is structural; two {@link Read}s are equal when they read the same tensor at the
 * same indices (what common subexpression elimination needs), whatever their access ids.
 */
public sealed interface IndexExpr {
    /** The type the node's value has. */
    ScalarType type();

    /** The direct children, left to right. */
    default List<IndexExpr> children() {
        return List.of();
    }

    /** A literal, or the target's fill value. */
    record Literal(Constant value) implements IndexExpr {
        /** Checks the value. */
        public Literal {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public ScalarType type() {
            return value.type();
        }
    }

    /** A scalar variable or size parameter of the program ({@code s_NAME} in the generated code). */
    record ScalarVar(String name, ScalarType type) implements IndexExpr {
    }

    /** An index variable read as a value: the current coordinate of its loop, an {@code int}. */
    record IndexVar(String name) implements IndexExpr {
        @Override
        public ScalarType type() {
            return ScalarType.INT;
        }
    }

    /** A read of one tensor element: {@code access.levelIndex()} gives each level's index. */
    record Read(KernelSpec.Access access) implements IndexExpr {
        @Override
        public ScalarType type() {
            return access.tensor().elem();
        }

        /** The tensor's name. */
        public String tensor() {
            return access.tensor().name();
        }

        @Override
        public List<IndexExpr> children() {
            return access.levelIndex();
        }

        /** Equal to a read of the same tensor at the same indices. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Read r && r.tensor().equals(tensor()) && r.access.levelIndex().equals(access.levelIndex());
        }

        @Override
        public int hashCode() {
            return tensor().hashCode() * 31 + access.levelIndex().hashCode();
        }
    }

    /**
     * A temporary that a {@link IndexStmt.Where}'s producer computes and its consumer reads: a reduction's
     * accumulator, a common subexpression, a scatter workspace (indexed by the target's free indices).
     */
    record Temp(String name, ScalarType type, List<String> indices) implements IndexExpr {
        /** Copies the indices. */
        public Temp {
            Objects.requireNonNull(name, "name");
            indices = List.copyOf(indices);
        }

        /** A scalar temporary. */
        public Temp(String name, ScalarType type) {
            this(name, type, List.of());
        }
    }

    /**
     * The element of the defined tensor at {@code indices} (no indices for a scalar target). As an assignment's
     * left-hand side only; {@code buffer} names the input whose buffer it may be (an in-place update), else null.
     */
    record Target(String name, ScalarType type, List<String> indices, String buffer) implements IndexExpr {
        /** Copies the indices. */
        public Target {
            Objects.requireNonNull(name, "name");
            indices = List.copyOf(indices);
        }
    }

    /** {@code -x} (operand converted to {@code type}) or {@code !b}. */
    record Unary(UnaryOp op, IndexExpr operand, ScalarType type) implements IndexExpr {
        @Override
        public List<IndexExpr> children() {
            return List.of(operand);
        }
    }

    /**
     * {@code left op right}, both sides converted to {@code operandType} first: the result type for arithmetic,
     * the comparison type for a comparison (whose result is bool), bool for {@code &&} and {@code ||}.
     */
    record Binary(BinaryOp op, IndexExpr left, IndexExpr right, ScalarType type, ScalarType operandType) implements IndexExpr {
        @Override
        public List<IndexExpr> children() {
            return List.of(left, right);
        }
    }

    /** {@code ifelse(c, a, b)}, both branches converted to {@code type}. */
    record IfElse(IndexExpr condition, IndexExpr then, IndexExpr otherwise, ScalarType type) implements IndexExpr {
        @Override
        public List<IndexExpr> children() {
            return List.of(condition, then, otherwise);
        }
    }

    /** An operator or {@code Def} call with its descriptor, arguments converted to {@link #argType()}. */
    record Call(Operator op, List<IndexExpr> args, ScalarType type) implements IndexExpr {
        /** Copies the arguments. */
        public Call {
            args = List.copyOf(args);
        }

        /** The type the arguments are converted to: bool for a logical operator, else the result type. */
        public ScalarType argType() {
            return op.typing() == Operator.Typing.LOGICAL ? ScalarType.BOOL : type;
        }

        @Override
        public List<IndexExpr> children() {
            return args;
        }
    }

    /** A conversion ({@code double(x)}; {@code bool(x)} is {@code x != 0}). */
    record Cast(IndexExpr value, ScalarType type) implements IndexExpr {
        @Override
        public List<IndexExpr> children() {
            return List.of(value);
        }
    }
}
