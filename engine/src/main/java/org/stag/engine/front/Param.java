package org.stag.engine.front;

import java.util.Objects;

/** A function input or output: a name and a type. */
public record Param(SourcePos pos, String name, TypeRef type) implements Node {

    /** Checks that all parts are present. */
    public Param {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
