package org.stag.engine.loopir;

/**
 * A statement of the loop IR (see {@link Block}). Statements are typed; the expressions inside them are Java
 * expression text (the lowering has resolved types and names). The compiler emits only typed statements;
 * {@link Line}, a simple statement as text, is left for hand-written harness code in tests.
 */
public sealed interface Stmt permits Stmt.Decl, Stmt.Assign, Stmt.Store, Stmt.Eval, Stmt.Break, Stmt.Continue, Stmt.Comment,
        Stmt.Throw, Stmt.For, Stmt.While, Stmt.If, Stmt.Scope, Stmt.Switch, Stmt.Case, Stmt.Line {

    /** {@code [final] type name [= init];}; {@code init} may be null. */
    record Decl(boolean isFinal, String type, String name, String init) implements Stmt {
    }

    /** {@code target op value;} with {@code op} one of {@code =}, {@code +=}, {@code |=}, ... */
    record Assign(String target, String op, String value) implements Stmt {
    }

    /** {@code array[index] = value;}: a store into an array element. */
    record Store(String array, String index, String value) implements Stmt {
    }

    /** An expression evaluated for its effect: a call, {@code x++}. */
    record Eval(String expression) implements Stmt {
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
    record Throw(String exception) implements Stmt {
    }

    /** {@code [label:] for (init; condition; step) body}. */
    record For(String label, String init, String condition, String step, Block body) implements Stmt {
    }

    /** {@code [label:] while (condition) body}. */
    record While(String label, String condition, Block body) implements Stmt {
    }

    /** {@code if (condition) then [else otherwise]}; {@code otherwise} is null without {@code else}. */
    record If(String condition, Block then, Block otherwise) implements Stmt {
    }

    /** A block of its own, {@code [label:] { body }}: a scope for locals or a target for {@code break label}. */
    record Scope(String label, Block body) implements Stmt {
    }

    /** {@code switch (selector) body}, whose body holds {@link Case}s. */
    record Switch(String selector, Block body) implements Stmt {
    }

    /** {@code case value: { body }}, or {@code default: { body }} when {@code value} is null; inside a {@link Switch}. */
    record Case(String value, Block body) implements Stmt {
    }

    /** An untyped simple statement: Java text (hand-written harness code in tests). */
    record Line(String text) implements Stmt {
    }
}
