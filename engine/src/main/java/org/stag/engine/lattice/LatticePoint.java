package org.stag.engine.lattice;

import java.util.Set;
import org.stag.engine.cin.Sym;

/**
 * A point of a merge lattice: the sparse operands (access ids) present at a coordinate, the others being
 * absent, where the body may contribute. {@code value} is the body's value there when the symbolic evaluation
 * knows it, and {@code expression} the right-hand side simplified for those operands (absent ones read their
 * fill value, known subexpressions folded, identities dropped), as text. {@code present} is in access order.
 */
public record LatticePoint(Set<Integer> present, Sym value, String expression) {
    /** The point with no sparse operand present: the loop must visit the whole dimension. */
    public boolean isEmpty() {
        return present.isEmpty();
    }
}
