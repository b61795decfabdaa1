package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A block of the loop IR: an ordered list of statements ({@link Stmt}): declarations, assignments, array
 * stores, evaluations, {@code break}, {@code continue} and {@code throw}, comments, and the statements with
 * bodies ({@code for} and {@code while} with labels, {@code if}/{@code else}, scopes, {@code switch} and its
 * {@code case}s). Every loop nest the compiler emits is built from those, with typed expressions ({@link Ex});
 * {@code javagen.JavaPrinter} prints them.
 */
public final class Block {
    private final List<Stmt> stmts = new ArrayList<>();

    /** Appends {@code final type name = init;}. */
    public Block let(JavaType type, String name, Ex init) {
        stmts.add(new Stmt.Decl(true, type, name, init));
        return this;
    }

    /** Appends {@code type name = init;}, a variable assigned again later; {@code init} may be null. */
    public Block var(JavaType type, String name, Ex init) {
        stmts.add(new Stmt.Decl(false, type, name, init));
        return this;
    }

    /** Appends {@code target = value;}. */
    public Block assign(Ex target, Ex value) {
        stmts.add(new Stmt.Assign(target, Stmt.AssignOp.SET, value));
        return this;
    }

    /** Appends {@code target op value;}, a compound assignment such as {@code +=} or {@code &=}. */
    public Block assign(Ex target, Stmt.AssignOp op, Ex value) {
        stmts.add(new Stmt.Assign(target, op, value));
        return this;
    }

    /** Appends {@code array[index] = value;}. */
    public Block store(Ex array, Ex index, Ex value) {
        stmts.add(new Stmt.Store(array, index, value));
        return this;
    }

    /** Appends an expression statement (a call, an increment). */
    public Block eval(Ex expression) {
        stmts.add(new Stmt.Eval(expression));
        return this;
    }

    /** Appends {@code throw exception;}. */
    public Block raise(Ex exception) {
        stmts.add(new Stmt.Throw(exception));
        return this;
    }

    /** Appends {@code switch (selector)} and returns its body, to fill with {@link #caseOf}. */
    public Block switchOn(Ex selector) {
        Block body = new Block();
        stmts.add(new Stmt.Switch(selector, body));
        return body;
    }

    /** Appends {@code case value:} and returns its body. */
    public Block caseOf(int value) {
        Block body = new Block();
        stmts.add(new Stmt.Case(Exprs.lit(value), body));
        return body;
    }

    /** Appends {@code default:} and returns its body. */
    public Block caseDefault() {
        Block body = new Block();
        stmts.add(new Stmt.Case(null, body));
        return body;
    }

    /** Appends {@code [label:] for (type var = init; cond; step)} and returns its body. */
    public Block forLoop(String label, JavaType type, String var, Ex init, Ex cond, Ex step) {
        return forLoop(label, List.of(new Stmt.Decl(false, type, var, init)), cond, step);
    }

    /** Appends {@code [label:] for (type a = x, b = y; cond; step)} (no declaration when {@code init} is empty). */
    public Block forLoop(String label, List<Stmt.Decl> init, Ex cond, Ex step) {
        Block body = new Block();
        stmts.add(new Stmt.For(label, init, cond, step, body));
        return body;
    }

    /** Appends {@code [label:] while (cond)} and returns its body. */
    public Block whileLoop(String label, Ex cond) {
        Block body = new Block();
        stmts.add(new Stmt.While(label, cond, body));
        return body;
    }

    /** Appends {@code if (cond)} and returns its body. */
    public Block ifThen(Ex cond) {
        Block body = new Block();
        stmts.add(new Stmt.If(cond, body, null));
        return body;
    }

    // ------------------------------------------------------------------ untyped harness code and structure

    /**
     * Appends an untyped simple statement, for hand-written harness code in tests (the compiler emits typed
     * statements only); a trailing {@code ;} is added unless the text ends in one.
     */
    public Block line(String text) {
        stmts.add(new Stmt.Line(text.endsWith(";") || text.endsWith("}") ? text : text + ";"));
        return this;
    }

    /** Appends a comment line. */
    public Block comment(String text) {
        stmts.add(new Stmt.Comment(text));
        return this;
    }

    /** Appends {@code break label;}. */
    public Block breakTo(String label) {
        stmts.add(new Stmt.Break(label));
        return this;
    }

    /** Appends {@code continue [label];}. */
    public Block continueTo(String label) {
        stmts.add(new Stmt.Continue(label));
        return this;
    }

    /** Appends a scope {@code [label:] { ... }} (a label is the target of {@code break label}) and returns its body. */
    public Block scope(String label) {
        Block body = new Block();
        stmts.add(new Stmt.Scope(label, body));
        return body;
    }

    /** Gives the {@code if} this block ends with an {@code else} and returns the {@code else} body. */
    public Block orElse() {
        Stmt last = stmts.isEmpty() ? null : stmts.get(stmts.size() - 1);
        if (!(last instanceof Stmt.If i) || i.otherwise() != null) {
            throw new IllegalStateException("else without a preceding if");
        }
        Block body = new Block();
        stmts.set(stmts.size() - 1, new Stmt.If(i.condition(), i.then(), body));
        return body;
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

    /** Whether a statement of the block, at any depth, is a {@code break} or {@code continue} to a label. */
    public boolean jumpsToALabel() {
        return anyStatement(st -> st instanceof Stmt.Break b && b.label() != null
                || st instanceof Stmt.Continue c && c.label() != null);
    }

    /** Whether a statement of the block, at any depth, stores into an array element. */
    public boolean storesToAnArray() {
        return anyStatement(st -> st instanceof Stmt.Store
                || st instanceof Stmt.Assign a && a.target() instanceof Ex.Load);
    }

    /** Whether {@code test} holds for a statement of the block, at any depth. */
    boolean anyStatement(Predicate<Stmt> test) {
        for (Stmt st : stmts) {
            if (test.test(st)) {
                return true;
            }
            for (Block b : inner(st)) {
                if (b.anyStatement(test)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Runs {@code action} on every statement of the block, at any depth, outer ones first. */
    void forEachStatement(Consumer<Stmt> action) {
        for (Stmt st : stmts) {
            action.accept(st);
            for (Block b : inner(st)) {
                b.forEachStatement(action);
            }
        }
    }

    /** Appends {@code s} as it is (passes that move statements). */
    void add(Stmt s) {
        stmts.add(s);
    }

    /** The statements themselves, for passes that rewrite a block in place. */
    List<Stmt> mutableStatements() {
        return stmts;
    }

    /** The expressions a statement holds itself, not those of the blocks under it. */
    static List<Ex> expressions(Stmt st) {
        List<Ex> out = new ArrayList<>();
        if (st instanceof Stmt.Decl d && d.init() != null) {
            out.add(d.init());
        } else if (st instanceof Stmt.Assign a) {
            out.add(a.target());
            out.add(a.value());
        } else if (st instanceof Stmt.Store s) {
            out.add(s.array());
            out.add(s.index());
            out.add(s.value());
        } else if (st instanceof Stmt.Eval e) {
            out.add(e.expression());
        } else if (st instanceof Stmt.Throw t) {
            out.add(t.exception());
        } else if (st instanceof Stmt.For f) {
            f.init().forEach(d -> out.add(d.init()));
            out.add(f.condition());
            out.add(f.step());
        } else if (st instanceof Stmt.While w) {
            out.add(w.condition());
        } else if (st instanceof Stmt.If i) {
            out.add(i.condition());
        } else if (st instanceof Stmt.Switch sw) {
            out.add(sw.selector());
        } else if (st instanceof Stmt.Case c && c.value() != null) {
            out.add(c.value());
        }
        return out;
    }

    /** The blocks a statement holds (a loop's, a branch's, a scope's or a case's body). */
    static List<Block> inner(Stmt st) {
        if (st instanceof Stmt.For f) {
            return List.of(f.body());
        } else if (st instanceof Stmt.While w) {
            return List.of(w.body());
        } else if (st instanceof Stmt.If i) {
            return i.otherwise() == null ? List.of(i.then()) : List.of(i.then(), i.otherwise());
        } else if (st instanceof Stmt.Scope sc) {
            return List.of(sc.body());
        } else if (st instanceof Stmt.Switch sw) {
            return List.of(sw.body());
        } else if (st instanceof Stmt.Case ca) {
            return List.of(ca.body());
        }
        return List.of();
    }

    /** Whether the block holds no statement. */
    public boolean isEmpty() {
        return stmts.isEmpty();
    }

    /**
     * A conservative test that the block can complete normally (Java rejects unreachable statements after it):
     * empty, or its last statement is a declaration, assignment, store or evaluation, an untyped simple
     * statement that is no jump, an {@code if} without {@code else}, or a {@code for} loop (not a jump, a
     * {@code while}, a scope or a {@code switch}).
     */
    public boolean completesNormally() {
        if (stmts.isEmpty()) {
            return true;
        }
        Stmt last = stmts.get(stmts.size() - 1);
        if (last instanceof Stmt.Line l) {
            String t = l.text().trim();
            return !(t.startsWith("break") || t.startsWith("continue") || t.startsWith("return")
                    || t.startsWith("throw"));
        }
        if (last instanceof Stmt.If i) {
            return i.otherwise() == null;
        }
        return last instanceof Stmt.For || last instanceof Stmt.Decl || last instanceof Stmt.Assign
                || last instanceof Stmt.Store || last instanceof Stmt.Eval;
    }
}
