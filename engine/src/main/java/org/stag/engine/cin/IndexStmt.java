package org.stag.engine.cin;

import java.util.List;
import java.util.Objects;
import org.stag.engine.ops.Operator;

/**
 * A statement of concrete index notation (TACO's {@code IndexStmt}, [Chou 2018] §3): loops ({@link Forall}),
 * temporaries ({@link Where}), statements in order ({@link Sequence}) and assignments ({@link Assign}). Built
 * per kernel by {@link Concretize}, rewritten by the passes, printed by {@link CinPrinter} and walked by the
 * lowering ({@code loopir.KernelGenerator}: a forall is a loop as its merge lattice says, a where's producer
 * computes the temporaries its consumer reads, an assignment writes through {@code ResultWriter}).
 */
public sealed interface IndexStmt {

    /**
     * {@code forall index in 0..extent: body}.
     *
     * @param extent    the size it ranges over (a literal or a size parameter)
     * @param activeSet whether the active-set pass allows the loop to iterate only the stored coordinates of a
     *                  sparse operand whose absence leaves the in-place input as it is ({@code pass.ActiveSet})
     * @param monomials the right-hand side's canonical form, which the lowering may run as one loop per monomial
     *                  where this loop's merge would be a union ({@code pass.Canonical}), or null
     */
    record Forall(String index, String extent, IndexStmt body, boolean activeSet, Monomials monomials) implements IndexStmt {
        /** Checks the parts. */
        public Forall {
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(body, "body");
        }

        /** A loop without marks. */
        public Forall(String index, String extent, IndexStmt body) {
            this(index, extent, body, false, null);
        }

        /** This loop with another body. */
        public Forall withBody(IndexStmt b) {
            return new Forall(index, extent, b, activeSet, monomials);
        }
    }

    /**
     * {@code consumer where producer}: the producer computes temporaries ({@link IndexExpr.Temp}) that the
     * consumer reads: a reduction's accumulator ({@code y[i] = acc0 where (acc0 = 0; forall j acc0 += ...)}), a
     * scatter workspace, common subexpressions.
     */
    record Where(IndexStmt consumer, IndexStmt producer) implements IndexStmt {
        /** Checks the parts. */
        public Where {
            Objects.requireNonNull(consumer, "consumer");
            Objects.requireNonNull(producer, "producer");
        }
    }

    /** Statements run in order. */
    record Sequence(List<IndexStmt> statements) implements IndexStmt {
        /** Copies the list. */
        public Sequence {
            statements = List.copyOf(statements);
        }
    }

    /**
     * {@code lhs = rhs} or, with a reduction operator, {@code lhs op= rhs}; with a {@code mask}, only where the
     * mask holds (an in-place update that keeps the input's value elsewhere).
     *
     * @param lhs    a {@link IndexExpr.Target} or a {@link IndexExpr.Temp}
     * @param reduce the reduction operator, or null for a plain assignment
     */
    record Assign(IndexExpr lhs, Operator reduce, IndexExpr rhs, IndexExpr mask) implements IndexStmt {
        /** Checks the parts. */
        public Assign {
            if (!(lhs instanceof IndexExpr.Target) && !(lhs instanceof IndexExpr.Temp)) {
                throw new IllegalArgumentException("an assignment writes a target or a temporary: " + lhs);
            }
            Objects.requireNonNull(rhs, "rhs");
        }

        /** An assignment without mask. */
        public Assign(IndexExpr lhs, Operator reduce, IndexExpr rhs) {
            this(lhs, reduce, rhs, null);
        }
    }
}
