package org.stag.engine.loopir;

/**
 * A statement of the loop IR (see {@link Block}). Statements are typed; the expressions inside them are Java
 * expression text (the lowering has resolved types and names). {@link Line} (a simple statement as text:
 * a {@code throw}, a cursor's step) and {@link Scoped} (the in-order machine's {@code switch} and {@code case}s)
 * are the untyped kinds left.
 */
public sealed interface Stmt permits Stmt.Decl, Stmt.Assign, Stmt.Store, Stmt.Eval, Stmt.Break, Stmt.Continue, Stmt.Comment,
        Stmt.For, Stmt.While, Stmt.If, Stmt.Scope, Stmt.Line, Stmt.Scoped {

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

    /** An untyped simple statement: Java text. */
    record Line(String text) implements Stmt {
    }

    /** An untyped statement with a body, {@code header { body }}: a {@code switch} and its {@code case}s. */
    record Scoped(String header, Block body) implements Stmt {
    }
}
