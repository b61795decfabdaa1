package org.stag.engine.loopir;

import java.util.List;
import java.util.Objects;

/**
 * A statement of the loop IR (see {@link Block}). Statements are typed and hold typed expressions ({@link Ex});
 * {@link Line}, a simple statement as text, is left for hand-written harness code in tests.
 */
public sealed interface Stmt permits Stmt.Decl, Stmt.Assign, Stmt.Store, Stmt.Eval, Stmt.Break, Stmt.Continue, Stmt.Comment,
        Stmt.Throw, Stmt.For, Stmt.While, Stmt.If, Stmt.Scope, Stmt.Switch, Stmt.Case, Stmt.Line {

    /** {@code [final] type name [= init];}; {@code init} may be null. */
    record Decl(boolean isFinal, JavaType type, String name, Ex init) implements Stmt {
        public Decl {
            new Ex.Local(name, type);
        }

        /** The local this declares. */
        public Ex.Local local() {
            return new Ex.Local(name, type);
        }
    }

    /** Assignment operators: {@code =} and the compound ones. */
    enum AssignOp {
        SET("="), ADD("+="), SUB("-="), MUL("*="), DIV("/="), AND("&="), OR("|="), XOR("^=");

        private final String symbol;

        AssignOp(String symbol) {
            this.symbol = symbol;
        }

        /** The Java operator. */
        public String symbol() {
            return symbol;
        }

        /** The operator spelled {@code symbol}. */
        public static AssignOp of(String symbol) {
            for (AssignOp o : values()) {
                if (o.symbol.equals(symbol)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("no assignment operator " + symbol);
        }
    }

    /** {@code target op value;}: a local, a field or an array element. */
    record Assign(Ex target, AssignOp op, Ex value) implements Stmt {
        public Assign {
            if (!(target instanceof Ex.Local || target instanceof Ex.Field || target instanceof Ex.Load)) {
                throw new IllegalArgumentException("cannot assign " + target);
            }
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code array[index] = value;}: a store into an array element. */
    record Store(Ex array, Ex index, Ex value) implements Stmt {
        public Store {
            new Ex.Load(array, index);
            Objects.requireNonNull(value, "value");
        }
    }

    /** An expression evaluated for its effect: a call, {@code x++}. */
    record Eval(Ex expression) implements Stmt {
        public Eval {
            if (!(expression instanceof Ex.Call || expression instanceof Ex.StaticCall
                    || expression instanceof Ex.Unary u && u.op().assigns())) {
                throw new IllegalArgumentException("not a statement expression: " + expression);
            }
        }
    }

    /** {@code break label;}. */
    record Break(String label) implements Stmt {
    }

    /** {@code continue [label];}; {@code label} may be null. */
    record Continue(String label) implements Stmt {
    }

    /** A comment, printed as {@code // text}. */
    record Comment(String text) implements Stmt {
    }

    /** {@code throw exception;}. */
    record Throw(Ex exception) implements Stmt {
        public Throw {
            Objects.requireNonNull(exception, "exception");
        }
    }

    /**
     * {@code [label:] for (init; condition; step) body}; {@code init} declares locals of one type (or is empty).
     */
    record For(String label, List<Decl> init, Ex condition, Ex step, Block body) implements Stmt {
        public For {
            List<Decl> decls = List.copyOf(init);
            init = decls;
            if (decls.stream().anyMatch(d -> d.isFinal() || d.init() == null || !d.type().equals(decls.get(0).type()))) {
                throw new IllegalArgumentException("for loop declarations must share one type and have values");
            }
            requireBoolean(condition);
            new Eval(step);
        }
    }

    /** {@code [label:] while (condition) body}. */
    record While(String label, Ex condition, Block body) implements Stmt {
        public While {
            requireBoolean(condition);
        }
    }

    /** {@code if (condition) then [else otherwise]}; {@code otherwise} is null without {@code else}. */
    record If(Ex condition, Block then, Block otherwise) implements Stmt {
        public If {
            requireBoolean(condition);
        }
    }

    /** A block of its own, {@code [label:] { body }}: a scope for locals or a target for {@code break label}. */
    record Scope(String label, Block body) implements Stmt {
    }

    /** {@code switch (selector) body}, whose body holds {@link Case}s. */
    record Switch(Ex selector, Block body) implements Stmt {
        public Switch {
            if (selector.type() != JavaType.INT) {
                throw new IllegalArgumentException("switch on " + selector.type());
            }
        }
    }

    /** {@code case value: { body }}, or {@code default: { body }} when {@code value} is null; inside a {@link Switch}. */
    record Case(Ex.Lit value, Block body) implements Stmt {
    }

    /** An untyped simple statement: Java text (hand-written harness code in tests). */
    record Line(String text) implements Stmt {
    }

    private static void requireBoolean(Ex c) {
        if (c.type() != JavaType.BOOLEAN) {
            throw new IllegalArgumentException("condition is not boolean: " + c);
        }
    }
}
