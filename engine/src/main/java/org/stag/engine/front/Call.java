package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/**
 * A function call: {@code a, _ = F(x, 1)}. Each output is a name or {@code _}; arguments are tensor
 * variables or scalar expressions.
 */
public record Call(SourcePos pos, List<Ident> outputs, Ident function, List<Expr> args) implements Stmt {

    /** Copies the lists; a call has at least one output. */
    public Call {
        Objects.requireNonNull(pos, "pos");
        outputs = List.copyOf(outputs);
        if (outputs.isEmpty()) {
            throw new IllegalArgumentException("a call has at least one output");
        }
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
    }
}
