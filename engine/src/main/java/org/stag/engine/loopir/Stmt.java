package org.stag.engine.ir;

/** A statement of the loop IR (see {@link Block}). */
public sealed interface Stmt permits Stmt.Line, Stmt.Comment, Stmt.Scoped {

    /** A simple statement: a declaration, an assignment, a call, {@code break}. */
    record Line(String text) implements Stmt {
    }

    /** A comment, printed as {@code // text}. */
    record Comment(String text) implements Stmt {
    }

    /** A statement with a body: {@code for}, {@code while}, {@code if}, {@code else}, or a bare block. */
    record Scoped(String header, Block body) implements Stmt {
    }
}
