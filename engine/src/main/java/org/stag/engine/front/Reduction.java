package org.stag.engine.front;

import java.util.Objects;

/**
 * {@code j:(+, 0.0)}: reduce the right-hand side over index {@code j} with an operator, starting from
 * {@code init}. A definition's reductions apply in the order written, the first innermost.
 *
 * @param op   the operator's name ({@code +}, {@code MIN}, a {@code Def}); the checker resolves it to a descriptor
 * @param init the initial value; it may use the left-hand side's index variables
 */
public record Reduction(SourcePos pos, Ident index, String op, Expr init) implements Node {

    /** Checks that all parts are present. */
    public Reduction {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(init, "init");
    }
}
