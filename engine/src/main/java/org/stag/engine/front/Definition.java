package org.stag.engine.front;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A tensor or scalar definition: {@code y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord i, j}. Index variables on
 * the left are free; every other index variable on the right must be reduced.
 */
public record Definition(SourcePos pos, Target target, Expr value, List<Reduction> reductions,
                         Optional<LoopOrder> order) implements Stmt {

    /** Copies the reductions. */
    public Definition {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(value, "value");
        reductions = List.copyOf(reductions);
        Objects.requireNonNull(order, "order");
    }
}
