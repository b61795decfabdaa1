package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.shl;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.INT;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Moves the shard entries of dynamic levels out of a kernel's row loop. A visit of a sharded level checks, for
 * every parent, whether the parent's shard is the one whose arrays are loaded, and loads them if not
 * ({@code schema.ShardArrays#enter}). When the parent is the row loop's index, that check sits in the row loop
 * with the calls that load a shard behind it, and the JIT compiles such a loop worse although the calls run once
 * per shard: on kron scale 20 a loop reading the first element of every row of a C-tree took 15.5 ms with the
 * check in it and 9.2 ms without (one thread; CSR 6.5 ms). This pass splits the row loop {@code [lo, hi)} at the
 * shard boundaries of every such level, enters each segment's shards once before the segment and removes the
 * checks from the row loop. A loop whose checks read anything declared inside it is left as it is.
 */
final class ShardHoist {
    private static final JavaType.Ref MATH = JavaType.ref("java.lang.Math");

    private ShardHoist() {
    }

    /** Rewrites every row loop of {@code run} (outside any other loop) whose body enters shards by its index. */
    static void apply(Block run) {
        List<Stmt> stmts = run.mutableStatements();
        for (int k = 0; k < stmts.size(); k++) {
            Stmt s = stmts.get(k);
            if (s instanceof Stmt.For f && rowIndex(f) != null) {
                Block segmented = hoist(f);
                if (segmented != null) {
                    stmts.set(k, new Stmt.Scope(null, segmented));
                }
            } else if (s instanceof Stmt.If i) {
                apply(i.then());
                if (i.otherwise() != null) {
                    apply(i.otherwise());
                }
            } else if (s instanceof Stmt.Scope sc) {
                apply(sc.body());
            }
        }
    }

    /** The index of {@code for (int i = lo; i < hi; i++)}, else null. */
    private static String rowIndex(Stmt.For f) {
        if (f.init().size() != 1) {
            return null;
        }
        Stmt.Decl d = f.init().get(0);
        String i = d.name();
        boolean bounds = d.type() == INT && isLocal(d.init(), "lo") && f.condition() instanceof Ex.Binary c
                && c.op() == Ex.BinOp.LT && isLocal(c.left(), i) && isLocal(c.right(), "hi");
        boolean step = f.step() instanceof Ex.Unary u && u.op() == Ex.UnOp.POST_INC && isLocal(u.operand(), i);
        return bounds && step ? i : null;
    }

    private static boolean isLocal(Ex e, String name) {
        return e instanceof Ex.Local l && l.name().equals(name);
    }

    /** An entry check: {@code if (parent >>> bits != shard) { ... }} with the parent one of {@code aliases}. */
    private record Entry(Stmt.If check, String bits) {
    }

    private static Block hoist(Stmt.For f) {
        String i = rowIndex(f);
        // The locals equal to the index, declared at the top of the body: `i_i = i_L`, `p0 = 0 * n + i_j`.
        Set<String> aliases = new HashSet<>(Set.of(i));
        List<Stmt.Decl> aliasDecls = new ArrayList<>();
        for (Stmt s : f.body().statements()) {
            if (s instanceof Stmt.Decl d && d.type() == INT && d.init() != null && isIndex(d.init(), aliases)) {
                aliases.add(d.name());
                aliasDecls.add(d);
            }
        }
        Set<String> inner = new HashSet<>();
        declared(f.body(), inner);
        inner.removeAll(aliases);
        inner.add(TEXT);
        Map<String, Entry> entries = new LinkedHashMap<>();
        Map<Stmt, Boolean> remove = new IdentityHashMap<>();
        if (!collect(f.body(), aliases, inner, entries, remove)) {
            return null;
        }
        if (entries.isEmpty()) {
            return null;
        }
        strip(f.body(), remove);
        // for (sh_lo = lo; sh_lo < hi; sh_lo = sh_hi): sh_hi is the next shard boundary of every level, or hi.
        Block out = new Block();
        Ex shLo = intVar("sh_lo");
        Ex shHi = intVar("sh_hi");
        out.var(INT, "sh_lo", intVar("lo"));
        Block seg = out.whileLoop(null, lt(shLo, intVar("hi")));
        seg.var(INT, "sh_hi", intVar("hi"));
        for (String bits : new LinkedHashSet<>(entries.values().stream().map(Entry::bits).toList())) {
            Ex next = shl(add(ushr(shLo, intVar(bits)), lit(1)), intVar(bits));
            seg.assign(shHi, staticCall(MATH, "min", INT, shHi, next));
        }
        Block enter = seg.scope(null);
        enter.let(INT, i, shLo);
        aliasDecls.forEach(enter::add);
        for (Entry e : entries.values()) {
            enter.add(e.check());
        }
        seg.add(new Stmt.For(f.label(), List.of(new Stmt.Decl(false, INT, i, shLo)), lt(intVar(i), shHi),
                postInc(intVar(i)), f.body()));
        seg.assign(shLo, shHi);
        return out;
    }

    /** Whether {@code e} is an alias, or {@code 0 * x + alias}. */
    private static boolean isIndex(Ex e, Set<String> aliases) {
        if (e instanceof Ex.Local l) {
            return aliases.contains(l.name());
        }
        return e instanceof Ex.Binary b && b.op() == Ex.BinOp.ADD && b.left() instanceof Ex.Binary m
                && m.op() == Ex.BinOp.MUL && m.left() instanceof Ex.Lit z && Integer.valueOf(0).equals(z.value())
                && isIndex(b.right(), aliases);
    }

    /**
     * Finds the entry checks under {@code b} (any depth); false when one reads a local declared in the loop
     * (other than the aliases), so that it cannot move before the loop.
     */
    private static boolean collect(Block b, Set<String> aliases, Set<String> inner, Map<String, Entry> entries,
                                   Map<Stmt, Boolean> remove) {
        for (Stmt s : b.statements()) {
            if (s instanceof Stmt.If i && i.otherwise() == null && i.condition() instanceof Ex.Binary ne
                    && ne.op() == Ex.BinOp.NE && ne.left() instanceof Ex.Binary sh && sh.op() == Ex.BinOp.USHR
                    && sh.left() instanceof Ex.Local p && aliases.contains(p.name())
                    && sh.right() instanceof Ex.Local bits
                    && ne.right() instanceof Ex.Local shard) {
                Set<String> reads = new HashSet<>();
                reads(i.then(), reads);
                reads.retainAll(inner);
                if (!reads.isEmpty()) {
                    return false;
                }
                entries.putIfAbsent(shard.name(), new Entry(i, bits.name()));
                remove.put(s, true);
                continue;
            }
            for (Block c : Block.inner(s)) {
                if (!collect(c, aliases, inner, entries, remove)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Removes the statements of {@code remove} from {@code b} and the blocks under it. */
    private static void strip(Block b, Map<Stmt, Boolean> remove) {
        List<Stmt> stmts = b.mutableStatements();
        stmts.removeIf(remove::containsKey);
        for (Stmt s : stmts) {
            for (Block c : Block.inner(s)) {
                strip(c, remove);
            }
        }
    }

    /** The locals declared in {@code b} and under it (for-loop variables included). */
    private static void declared(Block b, Set<String> out) {
        b.forEachStatement(s -> {
            if (s instanceof Stmt.Decl d) {
                out.add(d.name());
            } else if (s instanceof Stmt.For f) {
                f.init().forEach(d -> out.add(d.name()));
            }
        });
    }

    /** Stands for the unknown reads of a statement given as text, which therefore never moves. */
    private static final String TEXT = " text";

    /** The locals read or written in {@code b} ({@link #TEXT} for a statement given as text). */
    private static void reads(Block b, Set<String> out) {
        b.forEachStatement(s -> {
            if (s instanceof Stmt.Line) {
                out.add(TEXT);
            }
            Block.expressions(s).forEach(e -> locals(e, out));
        });
    }

    private static void locals(Ex e, Set<String> out) {
        if (e instanceof Ex.Local l) {
            out.add(l.name());
        } else if (e instanceof Ex.Load l) {
            locals(l.array(), out);
            locals(l.index(), out);
        } else if (e instanceof Ex.Field f) {
            locals(f.target(), out);
        } else if (e instanceof Ex.Length l) {
            locals(l.array(), out);
        } else if (e instanceof Ex.Binary b) {
            locals(b.left(), out);
            locals(b.right(), out);
        } else if (e instanceof Ex.Unary u) {
            locals(u.operand(), out);
        } else if (e instanceof Ex.Cond c) {
            locals(c.condition(), out);
            locals(c.then(), out);
            locals(c.otherwise(), out);
        } else if (e instanceof Ex.Cast c) {
            locals(c.value(), out);
        } else if (e instanceof Ex.Call c) {
            locals(c.receiver(), out);
            c.args().forEach(a -> locals(a, out));
        } else if (e instanceof Ex.StaticCall c) {
            c.args().forEach(a -> locals(a, out));
        } else if (e instanceof Ex.NewArray n) {
            locals(n.length(), out);
        } else if (e instanceof Ex.New n) {
            n.args().forEach(a -> locals(a, out));
        }
    }
}
