package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/**
 * {@code Let NAME(inputs) -> (outputs) ... End}. Every output is defined exactly once in the body;
 * inputs are read-only.
 *
 * @param end where {@code End} is
 */
public record FunctionDecl(SourcePos pos, String name, List<Param> inputs, List<Param> outputs, List<Stmt> body,
                           SourcePos end) implements Item {

    /** Name of the function a program starts at. */
    public static final String MAIN = "Main";

    /** Copies the lists. */
    public FunctionDecl {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(name, "name");
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        body = List.copyOf(body);
        Objects.requireNonNull(end, "end");
    }
}
