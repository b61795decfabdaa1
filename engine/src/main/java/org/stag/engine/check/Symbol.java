package org.stag.engine.check;

import org.stag.engine.front.SourcePos;

/**
 * A named variable and what it is.
 *
 * @param declared where the name is declared (for a local defined without a declaration, its definition)
 */
public record Symbol(String name, Kind kind, VarType type, SourcePos declared) {

    /** Where a variable comes from, which decides who may define it. */
    public enum Kind {
        /** A global scalar: a program parameter, set from the command line or from its default. */
        PARAMETER,
        /** A global tensor: an input bound by the runtime (such as the graph). */
        INPUT,
        /** An input of a function. */
        ARGUMENT,
        /** An output of a function, defined once in its body. */
        RESULT,
        /** A variable of a function body, declared or inferred from its definition. */
        LOCAL;

        /** Whether the variable is visible in every function. */
        public boolean isGlobal() {
            return this == PARAMETER || this == INPUT;
        }
    }

    /** Whether this is a tensor. */
    public boolean isTensor() {
        return type instanceof VarType.Tensor;
    }

    /** The tensor type; fails for a scalar. */
    public VarType.Tensor tensor() {
        return (VarType.Tensor) type;
    }
}
