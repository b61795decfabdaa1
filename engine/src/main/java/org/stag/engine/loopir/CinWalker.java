package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;

/**
 * Walks a kernel's concrete index notation ({@link KernelGenerator#cin}, after the passes), the {@link EmitContext}
 * passed down with the accesses' states: a forall is the loop its merge lattice says ({@link LoopEmitter}, whose
 * body comes back here at the next depth), a where's producer
 * opens an accumulator before its loops and its consumer passes it on after them ({@link ResultWriter#close}),
 * or binds common subexpressions to locals before its consumer, an assignment is written by
 * {@link ResultWriter}: into the target, into the innermost accumulator or workspace, or, for an in-place
 * update's masked pair, as a store only where the value changes.
 */
final class CinWalker {
    private final KernelGenerator kg;
    private final KernelShape shape;
    /** The statement at each depth: {@code nest.get(d)} holds the loop over {@code order.get(d)}, the last none. */
    private final List<IndexStmt> nest = new ArrayList<>();
    /** The forall at each depth. */
    private final List<IndexStmt.Forall> loops = new ArrayList<>();
    /** The input whose buffer the target may take (an in-place update's left-hand side), or null. */
    final String inPlace;

    CinWalker(KernelGenerator kg, IndexStmt root) {
        this.kg = kg;
        this.shape = kg.shape;
        nest(root);
        this.inPlace = buffer(root);
    }

    private void nest(IndexStmt s) {
        nest.add(s);
        IndexStmt inner = s;
        while (inner instanceof IndexStmt.Where || inner instanceof IndexStmt.Sequence) {
            if (inner instanceof IndexStmt.Where w) {
                inner = firstLoop(w.producer()) != null ? firstLoop(w.producer()) : w.consumer();
            } else {
                IndexStmt.Forall f = firstLoop(inner);
                if (f == null) {
                    break;
                }
                inner = f;
            }
        }
        if (inner instanceof IndexStmt.Forall f) {
            loops.add(f);
            nest(f.body());
        }
    }

    private static String buffer(IndexStmt s) {
        if (s instanceof IndexStmt.Assign a) {
            return a.lhs() instanceof IndexExpr.Target t ? t.buffer() : null;
        }
        List<IndexStmt> kids = s instanceof IndexStmt.Forall f ? List.of(f.body())
                : s instanceof IndexStmt.Where w ? List.of(w.consumer(), w.producer()) : ((IndexStmt.Sequence) s).statements();
        for (IndexStmt k : kids) {
            String b = buffer(k);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    /** The loop at depth {@code d}. */
    IndexStmt.Forall loop(int d) {
        return loops.get(d);
    }

    /**
     * The accumulator's initial value of the {@code where} at depth {@code d} (its producer's {@code accK = init}),
     * which a fused group's driver opens itself; null when there is none.
     */
    IndexExpr initialValue(int d) {
        return nest.get(d) instanceof IndexStmt.Where w && w.producer() instanceof IndexStmt.Sequence q
                && q.statements().get(0) instanceof IndexStmt.Assign a && a.lhs() instanceof IndexExpr.Temp ? a.rhs() : null;
    }

    /** Lowers the statement at depth {@code d} (after the locates known there). */
    void lower(int d, Block out, AccessState[] st, EmitContext ctx) {
        lower(nest.get(d), d, out, st, ctx);
    }

    private void lower(IndexStmt s, int d, Block out, AccessState[] st, EmitContext ctx) {
        if (s instanceof IndexStmt.Forall f) {
            kg.loopCode.mergeLoop(d, f.index(), out, st, ctx);
            return;
        }
        IndexStmt.Forall loop = s instanceof IndexStmt.Where w ? firstLoop(w.producer()) : null;
        if (loop == null) {
            innermost(out, st, kg.emitter(st, ctx), s, ctx);
            return;
        }
        IndexStmt.Where w = (IndexStmt.Where) s;
        KernelSpec.Group g = shape.spec().groupOf(loop.index());
        if (w.producer() instanceof IndexStmt.Sequence q && q.statements().get(0) instanceof IndexStmt.Assign init) {
            kg.openGroup(out, g, init.rhs(), st, ctx);
        }
        kg.loopCode.mergeLoop(d, loop.index(), out, st, ctx);
        kg.resultCode.close(g, out, st, ctx);
    }

    private static IndexStmt.Forall firstLoop(IndexStmt s) {
        if (s instanceof IndexStmt.Forall f) {
            return f;
        }
        if (s instanceof IndexStmt.Sequence q) {
            for (IndexStmt x : q.statements()) {
                IndexStmt.Forall f = firstLoop(x);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    /** The statement below every loop: temporaries, then an assignment or an in-place update's masked pair. */
    void innermost(Block out, AccessState[] st, ExprEmitter ex, IndexStmt s, EmitContext ctx) {
        if (s instanceof IndexStmt.Where w) {
            bindTemps(out, ex, w.producer(), kg.fresh("e") + "_", new int[1]);
            innermost(out, st, ex, w.consumer(), ctx);
            return;
        }
        if (s instanceof IndexStmt.Sequence q) {
            masked(out, ex, (IndexStmt.Assign) q.statements().get(0), (IndexStmt.Assign) q.statements().get(1), ctx);
            return;
        }
        IndexStmt.Assign a = (IndexStmt.Assign) s;
        if (a.reduce() == null) {
            ScalarType tt = shape.spec().targetType();
            kg.resultCode.writeTarget(out, kg.value(ex, a.rhs(), tt), tt, ctx);
            return;
        }
        KernelSpec.Group g0 = shape.spec().groups().get(0);
        String v = kg.fresh("x");
        JavaType type = JavaTypes.type(g0.type());
        out.let(type, v, kg.value(ex, a.rhs(), g0.type()));
        kg.resultCode.into(out, g0, Exprs.local(v, type), ctx);
    }

    /**
     * {@code (t[i] (in s) = v if m; t[i] (in s) = s[i] if !m)}: when the kernel may run in place, stores only where
     * the value changes (and the kept value where it does not, unless the output is {@code s} itself); otherwise
     * as the {@code ifelse} it came from.
     */
    private void masked(Block out, ExprEmitter ex, IndexStmt.Assign change, IndexStmt.Assign keep, EmitContext ctx) {
        boolean negated = change.mask() instanceof IndexExpr.Unary u && u.op() == UnaryOp.NOT;
        IndexExpr cond = negated ? ((IndexExpr.Unary) change.mask()).operand() : change.mask();
        if (ctx.layout().inPlaceValues() != null) {
            kg.resultCode.maskedStore(out, ex, cond, negated, change.rhs(), keep.rhs());
            return;
        }
        IndexExpr.IfElse ie = new IndexExpr.IfElse(cond, negated ? keep.rhs() : change.rhs(), negated ? change.rhs() : keep.rhs(),
                shape.spec().targetType());
        kg.resultCode.writeTarget(out, kg.value(ex, ie, shape.spec().targetType()), shape.spec().targetType(), ctx);
    }

    private static void bindTemps(Block out, ExprEmitter ex, IndexStmt producer, String prefix, int[] n) {
        if (producer instanceof IndexStmt.Sequence q) {
            q.statements().forEach(x -> bindTemps(out, ex, x, prefix, n));
            return;
        }
        IndexStmt.Assign a = (IndexStmt.Assign) producer;
        if (ex.bind(out, (IndexExpr.Temp) a.lhs(), a.rhs(), prefix + n[0])) {
            n[0]++;
        }
    }
}
