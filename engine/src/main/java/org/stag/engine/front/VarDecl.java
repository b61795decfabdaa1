package org.stag.engine.front;

import java.util.Objects;
import java.util.Optional;

/**
 * A variable declaration: {@code N int}, {@code damping double = 0.85}, {@code A bool[N][compressed[N]]}.
 * At top level a scalar is a parameter (its value, if given, is a default the command line may override)
 * and a tensor is an input; in a function body it declares a local variable, which has no value.
 *
 * @param init the default value of a global scalar
 */
public record VarDecl(SourcePos pos, String name, TypeRef type, Optional<Expr> init) implements Item, Stmt {

    /** Checks that all parts are present. */
    public VarDecl {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(init, "init");
    }
}
