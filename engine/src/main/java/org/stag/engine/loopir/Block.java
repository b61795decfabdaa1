package org.stag.engine.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A block of the loop IR: an ordered list of statements. The IR is deliberately small — straight-line
 * statements, and scoped statements ({@code for}, {@code while}, {@code if}, {@code else}, labelled loops)
 * that own a nested block — because every loop nest the compiler emits is built from those. Expressions are
 * Java expressions already (the lowering has resolved types and names), so printing is indentation only.
 */
public final class Block {
    private final List<Stmt> stmts = new ArrayList<>();

    /** Appends a simple statement; a trailing {@code ;} is added unless the text ends in one. */
    public Block line(String text) {
        stmts.add(new Stmt.Line(text.endsWith(";") || text.endsWith("}") ? text : text + ";"));
        return this;
    }

    /** Appends a comment line. */
    public Block comment(String text) {
        stmts.add(new Stmt.Comment(text));
        return this;
    }

    /** Appends a scoped statement ({@code header { ... }}) and returns its body to fill. */
    public Block open(String header) {
        Block body = new Block();
        stmts.add(new Stmt.Scoped(header, body));
        return body;
    }

    /** Appends {@code for (init; cond; step)} and returns its body. */
    public Block forLoop(String label, String init, String cond, String step) {
        return open(prefix(label) + "for (" + init + "; " + cond + "; " + step + ")");
    }

    /** Appends {@code while (cond)} and returns its body. */
    public Block whileLoop(String label, String cond) {
        return open(prefix(label) + "while (" + cond + ")");
    }

    /** Appends {@code if (cond)} and returns its body. */
    public Block ifThen(String cond) {
        return open("if (" + cond + ")");
    }

    /** Appends {@code else} (after an {@link #ifThen}) and returns its body. */
    public Block orElse() {
        return open("else");
    }

    /** Appends all statements of {@code other}. */
    public Block append(Block other) {
        stmts.addAll(other.stmts);
        return this;
    }

    /** The statements, in order. */
    public List<Stmt> statements() {
        return Collections.unmodifiableList(stmts);
    }

    /** Whether the block holds no statement. */
    public boolean isEmpty() {
        return stmts.isEmpty();
    }

    private static String prefix(String label) {
        return label == null ? "" : label + ": ";
    }
}
