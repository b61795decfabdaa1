package org.stag.engine.program;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.ScalarType;

/**
 * Where the variables of one scope live in an {@link Env}: each tensor gets a tensor slot, each scalar a
 * long or a double slot by its type. One layout for the globals, one per function (inputs, outputs and
 * locals); a name of a function body resolves to the function's variable, else to the global.
 */
final class Layout {
    /** What a slot holds. */
    enum Kind { TENSOR, LONG, REAL }

    /** A variable and its slot. */
    record Var(Symbol symbol, Kind kind, int slot) {
        String name() {
            return symbol.name();
        }

        ScalarType type() {
            return symbol.type().elem();
        }

        boolean isTensor() {
            return kind == Kind.TENSOR;
        }
    }

    private final Layout globals;
    private final Map<String, Var> vars = new LinkedHashMap<>();
    private int tensors;
    private int longs;
    private int reals;

    /** A layout of {@code symbols}; names not among them resolve in {@code globals} (null for the globals). */
    Layout(Collection<Symbol> symbols, Layout globals) {
        this.globals = globals;
        for (Symbol s : symbols) {
            Kind k = s.isTensor() ? Kind.TENSOR : Scalars.inLong(s.type().elem()) ? Kind.LONG : Kind.REAL;
            int slot = switch (k) {
                case TENSOR -> tensors++;
                case LONG -> longs++;
                case REAL -> reals++;
            };
            vars.put(s.name(), new Var(s, k, slot));
        }
    }

    /** A fresh activation of this layout. */
    Env newEnv(Env globalEnv) {
        return new Env(globalEnv, tensors, longs, reals);
    }

    /** The variable of this scope called {@code name}, or null. */
    Var local(String name) {
        return vars.get(name);
    }

    /** The variables of this scope, in declaration order. */
    Collection<Var> vars() {
        return vars.values();
    }

    /** The variable {@code name} resolves to, here or among the globals. */
    Var lookup(String name) {
        Var v = vars.get(name);
        if (v == null && globals != null) {
            v = globals.vars.get(name);
        }
        if (v == null) {
            throw new IllegalStateException("internal error: no variable " + name);
        }
        return v;
    }

    /** The {@link Env} ref of the variable {@code name} resolves to. */
    int ref(String name) {
        Var v = vars.get(name);
        if (v != null) {
            return v.slot();
        }
        if (globals == null) {
            throw new IllegalStateException("internal error: no variable " + name);
        }
        return Env.global(globals.lookup(name).slot());
    }
}
