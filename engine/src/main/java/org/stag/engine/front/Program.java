package org.stag.engine.front;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A whole program: global declarations (parameters and input tensors) and functions, in source order.
 * Execution starts at {@code Let Main() -> (results)}.
 */
public record Program(SourcePos pos, List<Item> items) implements Node {

    /** Copies {@code items}. */
    public Program {
        Objects.requireNonNull(pos, "pos");
        items = List.copyOf(items);
    }

    /** The global declarations, in source order. */
    public List<VarDecl> globals() {
        List<VarDecl> out = new ArrayList<>();
        for (Item i : items) {
            if (i instanceof VarDecl v) {
                out.add(v);
            }
        }
        return out;
    }

    /** The functions, in source order. */
    public List<FunctionDecl> functions() {
        List<FunctionDecl> out = new ArrayList<>();
        for (Item i : items) {
            if (i instanceof FunctionDecl f) {
                out.add(f);
            }
        }
        return out;
    }

    /** The scalar functions ({@code Def}), in source order. */
    public List<ScalarDef> scalarDefs() {
        List<ScalarDef> out = new ArrayList<>();
        for (Item i : items) {
            if (i instanceof ScalarDef f) {
                out.add(f);
            }
        }
        return out;
    }

    /** The first function called {@code name}, or null. */
    public FunctionDecl function(String name) {
        for (Item i : items) {
            if (i instanceof FunctionDecl f && f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
