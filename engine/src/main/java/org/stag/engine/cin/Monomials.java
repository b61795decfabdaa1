package org.stag.engine.cin;

import java.util.List;
import java.util.Set;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;

/**
 * A right-hand side as a sum of monomials (DCTACO's canonical form, found by {@code pass.Canonical}), as a
 * {@link IndexStmt.Forall} carries it: where the loop's merge would be a union of sparse operands, the lowering
 * may run it as {@code (forall v lhs sum= monomial_1; forall v lhs sum= monomial_2; ...)}, monomial {@code k}
 * being the right-hand side with every access it does not read known absent.
 *
 * @param sum   the sum's operator ({@code +}, {@code OR}, {@code MIN}, {@code MAX})
 * @param type  the type the sum is computed in (the right-hand side's)
 * @param terms per monomial, the ids of the accesses it reads ({@link KernelSpec.Access#id()})
 * @param reads the ids of every access of the right-hand side
 */
public record Monomials(Operator sum, ScalarType type, List<Set<Integer>> terms, Set<Integer> reads) {
    /** Copies the collections. */
    public Monomials {
        terms = List.copyOf(terms);
        reads = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(reads));
    }
}
