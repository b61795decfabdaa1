package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.postDec;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.JavaType.INT;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.LevelCode.Binding;
import org.stag.engine.loopir.LevelCode.Cursor;
import org.stag.formats.dynamic.walk.NodePlan;
import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.dynamic.walk.RefKind;
import org.stag.formats.dynamic.walk.WalkStep;
import org.stag.formats.schema.NodeType;

/**
 * The in-order walk of the schema's {@code WalkPlan} (its steps per node type) as a state machine with an explicit stack, so that
 * elements come in {@code seq} order (increasing coordinates for ordered schemas) without recursion.
 *
 * <p>The machine's state is the current node {@code h}, a resume point {@code pc} and an array-loop index
 * {@code i}; the stack holds the nodes (with their resume point and index) still to be finished. Resume
 * points are numbered across all node types: one per step of a type's traversal (an array loop has an entry
 * that clears {@code i}, the loop itself and one point per further member, where a visit resumes after a
 * descent into a child member), and one at the end of each type, which pops. The code is a {@code switch}
 * on {@code pc} inside a loop, the cases in traversal order so that a node's steps fall through into each
 * other; a descent sets {@code h} and {@code pc} and continues the loop. A child that is a type's last step
 * is a tail call (nothing is pushed), so chains and right spines need no stack.
 *
 * <p>{@link #iterate} runs the body inline at every element; {@link #cursor} stops the machine at every
 * element (saving where to resume) and leaves the element in locals of the enclosing code.
 */
final class InOrderMachine {
    private final SchemaModel m;
    private final Map<String, TypePcs> pcs = new HashMap<>();
    private int nextPc;

    /** Resume points of one node type. */
    private static final class TypePcs {
        /** Per step: its entry point. */
        int[] step;
        /** Per step: for an array loop, the loop; else -1. */
        int[] loop;
        /** Per step: for an array loop, the resume point of each member (index 0 unused). */
        int[][] member;
        int end;

        int start() {
            return step.length == 0 ? end : step[0];
        }

        int next(int j) {
            return j + 1 < step.length ? step[j + 1] : end;
        }
    }

    InOrderMachine(SchemaModel m) {
        this.m = m;
        for (NodePlan t : m.plan.types()) {
            List<WalkStep> steps = t.steps();
            TypePcs tp = new TypePcs();
            tp.step = new int[steps.size()];
            tp.loop = new int[steps.size()];
            tp.member = new int[steps.size()][];
            for (int j = 0; j < steps.size(); j++) {
                tp.step[j] = nextPc++;
                tp.loop[j] = -1;
                if (steps.get(j) instanceof WalkStep.Loop a) {
                    tp.loop[j] = nextPc++;
                    tp.member[j] = new int[a.members().size()];
                    for (int q = 1; q < a.members().size(); q++) {
                        tp.member[j][q] = nextPc++;
                    }
                }
            }
            tp.end = nextPc++;
            pcs.put(t.type().name(), tp);
        }
    }

    /** Locals of one emitted machine and what it does at an element. */
    private final class Emission {
        final String id;
        final Ex h;
        final Ex pc;
        final Ex i;
        final Ex sp;
        final Ex x;
        final Ex n;
        String label;
        /** Inline visit: the binding and body. */
        Binding bind;
        Consumer<Block> body;
        /** Cursor: the locals the element goes to. */
        Ex crd;
        Ex carried;

        Emission(String id) {
            this.id = id;
            this.h = intVar(v("h"));
            this.pc = intVar(v("pc"));
            this.i = intVar(v("i"));
            this.sp = intVar(v("sp"));
            this.x = intVar(v("x"));
            this.n = intVar(v("n"));
        }

        String v(String role) {
            return m.p + "_" + role + id;
        }

        boolean cursor() {
            return body == null;
        }
    }

    /** Visits the elements of {@code parent} in traversal order, running {@code body} inline at each. */
    void iterate(Block out, int id, Ex parent, Binding bind, String label, Consumer<Block> body) {
        Emission e = new Emission(Integer.toString(id));
        e.label = label != null ? label : e.v("L");
        e.bind = bind;
        e.body = body;
        Block scope = out.scope(null);
        declare(scope, e, parent);
        m.declareBinding(scope, bind.crd(), bind.pos(), bind.val());
        machine(scope, e);
    }

    /** A cursor over the elements of {@code parent}, positioned on the first one. */
    Cursor cursor(Block out, int id, Ex parent, String name) {
        Emission e = new Emission(Integer.toString(id));
        e.crd = intVar(e.v("crd"));
        e.carried = local(e.v(m.doubles ? "val" : "pos"), m.carriedType());
        out.comment(m.p + " cursor " + name + " over " + m.schema.name() + ", in traversal order");
        declare(out, e, parent);
        out.var(INT, e.v("crd"), lit(-1));
        out.var(m.carriedType(), e.v(m.doubles ? "val" : "pos"), m.doubles ? lit(0.0) : lit(0));
        e.label = e.v("M");
        machine(out, e);
        return new Cursor() {
            private int advances;

            @Override
            public Ex valid() {
                return ge(e.pc, lit(0));
            }

            @Override
            public Ex crd() {
                return e.crd;
            }

            @Override
            public Ex pos() {
                return m.doubles ? null : e.carried;
            }

            @Override
            public Ex val() {
                return m.doubles ? e.carried : null;
            }

            @Override
            public void advance(Block b) {
                e.label = e.v("M") + "a" + (++advances);
                machine(b, e);
            }
        };
    }

    /**
     * Declares the machine's state and every local its cases use, so that no case declares any: every jump
     * to the machine's label then leaves the same locals (see {@link SchemaModel#declareBinding}).
     */
    private void declare(Block out, Emission e, Ex parent) {
        ShardArrays.enter(m, out, parent);
        out.var(INT, e.v("h"), load(m.ownInts("roots"), parent));
        out.var(INT, e.v("pc"), lit(pcs.get(m.root.name()).start()));
        out.var(INT, e.v("i"), lit(0));
        if (m.machineStack) {
            out.var(INT, e.v("sp"), lit(0));
        }
        int members = 0;
        for (NodePlan t : m.plan.types()) {
            for (WalkStep s : t.steps()) {
                if (s instanceof WalkStep.Loop a) {
                    members = Math.max(members, a.members().size());
                }
            }
        }
        if (!m.kinds.isEmpty()) {
            out.var(INT, e.v("x"), lit(0));
        }
        if (members > 0) {
            out.var(INT, e.v("n"), lit(0));
        }
        for (int q = 0; q < members; q++) {
            out.var(INT, baseName(e, q), lit(0));
        }
    }

    private void machine(Block out, Emission e) {
        Block sw = out.whileLoop(e.label, Ex.TRUE).switchOn(e.pc);
        for (NodePlan t : m.plan.types()) {
            typeCases(sw, e, t);
        }
        Block d = sw.caseDefault();
        done(d, e);
    }

    private void done(Block b, Emission e) {
        if (e.cursor()) {
            b.assign(e.pc, lit(-1));
        }
        b.breakTo(e.label);
    }

    private void typeCases(Block sw, Emission e, NodePlan t) {
        TypePcs tp = pcs.get(t.type().name());
        List<WalkStep> steps = t.steps();
        sw.comment(t.type().name());
        for (int j = 0; j < steps.size(); j++) {
            WalkStep s = steps.get(j);
            Block c = sw.caseOf(tp.step[j]);
            if (s instanceof WalkStep.Element el) {
                element(c, e, m.field(el.field()), e.h, tp.next(j), null);
            } else if (s instanceof WalkStep.Child ch) {
                Ex x = e.x;
                c.assign(x, load(SchemaModel.arr(m.field(ch.field())), e.h));
                Block nz = c.ifThen(ne(x, lit(0)));
                if (!ch.tail()) {
                    push(nz, e, tp.next(j), e.i);
                }
                descend(nz, e, ch.field(), x);
            } else {
                WalkStep.Loop a = (WalkStep.Loop) s;
                c.assign(e.i, lit(0));
                Block l = sw.caseOf(tp.loop[j]);
                Ex n = e.n;
                l.assign(n, m.loopLength(a, e.h));
                bases(l, e, a, 0);
                Block w = l.whileLoop(null, lt(e.i, n));
                boolean leaves = false;
                for (int q = 0; q < a.members().size() && !leaves; q++) {
                    // A cursor stops at every element: after one that is always there, the index's remaining
                    // members run from their resume points.
                    leaves = member(w, e, a, tp, j, q);
                }
                if (!leaves) {
                    w.eval(postInc(e.i));
                }
            }
        }
        Block end = sw.caseOf(tp.end);
        if (m.machineStack) {
            done(end.ifThen(eq(e.sp, lit(0))), e);
            end.eval(postDec(e.sp));
            end.assign(e.h, load(m.ownInts("hs"), e.sp));
            end.assign(e.pc, load(m.ownInts("ps"), e.sp));
            if (m.machineIndexStack) {
                end.assign(e.i, load(m.ownInts("is"), e.sp));
            }
            end.continueTo(e.label);
        } else {
            done(end, e);
        }
        // Resume points inside array loops: finish the index's remaining members, then re-enter the loop.
        for (int j = 0; j < steps.size(); j++) {
            if (!(steps.get(j) instanceof WalkStep.Loop a) || a.members().size() < 2) {
                continue;
            }
            for (int q = 1; q < a.members().size(); q++) {
                Block r = sw.caseOf(tp.member[j][q]);
                bases(r, e, a, q);
                boolean leaves = member(r, e, a, tp, j, q);
                if (q == a.members().size() - 1 && !leaves) {
                    r.eval(postInc(e.i));
                    r.assign(e.pc, lit(tp.loop[j]));
                    r.continueTo(e.label);
                }
            }
        }
    }

    private String baseName(Emission e, int q) {
        return e.v("b") + "m" + q;
    }

    /** Declares the slot-0 index of members {@code from ..} of loop {@code a}. */
    private void bases(Block b, Emission e, WalkStep.Loop a, int from) {
        for (int q = from; q < a.members().size() && (q == from || from == 0); q++) {
            b.assign(intVar(baseName(e, q)), m.base(m.field(a.members().get(q)), e.h));
        }
    }

    /** Member {@code q} of loop step {@code j} at index {@code i}; returns whether its code always leaves the machine. */
    private boolean member(Block w, Emission e, WalkStep.Loop a, TypePcs tp, int j, int q) {
        PlanField f = a.members().get(q);
        SchemaModel.FieldInfo fi = m.field(f);
        Block b = w;
        if (a.shorter(f)) {
            b = w.ifThen(lt(e.i, m.length(fi, e.h)));
        }
        boolean last = q == a.members().size() - 1;
        int resumePc = last ? tp.loop[j] : tp.member[j][q + 1];
        Ex resumeI = last ? add(e.i, lit(1)) : e.i;
        Ex index = add(intVar(baseName(e, q)), e.i);
        if (f.element()) {
            return element(b, e, fi, index, resumePc, resumeI) && b == w;
        } else {
            Ex x = e.x;
            b.assign(x, load(SchemaModel.arr(fi), index));
            Block nz = b.ifThen(ne(x, lit(0)));
            push(nz, e, resumePc, resumeI);
            descend(nz, e, f, x);
            return false;
        }
    }

    /**
     * An element at {@code index}: the body inline, or (cursor) the element into the cursor's locals and a
     * stop that resumes at {@code resumePc} with the loop index set to {@code resumeI} (null: unchanged).
     * Returns whether the code always leaves the machine (a cursor's stop at a slot that is never empty).
     */
    private boolean element(Block b, Emission e, SchemaModel.FieldInfo f, Ex index, int resumePc, Ex resumeI) {
        Block s = b.scope(null);
        if (!e.cursor()) {
            m.bindElement(s, f, index, e.bind.crd(), e.bind.pos(), e.bind.val(), e.body);
            return false;
        }
        s.assign(e.crd, load(m.crdArray(f), index));
        Block y = f.field().nonempty() ? s : s.ifThen(ge(e.crd, lit(0)));
        y.assign(e.carried, m.carriedAt(f, index));
        if (resumeI != null && !resumeI.equals(e.i)) {
            y.assign(e.i, resumeI);
        }
        y.assign(e.pc, lit(resumePc));
        y.breakTo(e.label);
        return f.field().nonempty();
    }

    private void push(Block b, Emission e, int resumePc, Ex resumeI) {
        if (m.machineIndexStack) {
            m.grow(b, add(e.sp, lit(1)), "hs", "ps", "is");
        } else {
            m.grow(b, add(e.sp, lit(1)), "hs", "ps");
        }
        b.store(m.ownInts("hs"), e.sp, e.h);
        b.store(m.ownInts("ps"), e.sp, lit(resumePc));
        if (m.machineIndexStack) {
            b.store(m.ownInts("is"), e.sp, resumeI);
        }
        b.eval(postInc(e.sp));
    }

    /** Continues the machine at the start of the node that reference {@code x} in child field {@code child} names. */
    private void descend(Block b, Emission e, PlanField child, Ex x) {
        RefKind kind = m.plan.kinds().get(child.kind());
        String target = kind.target();
        List<NodeType> sub = kind.concrete();
        if (!kind.tagged()) {
            b.assign(e.pc, lit(pcs.get(sub.get(0).name()).start()));
        } else {
            Ex tag = m.tag(target, x);
            Ex pc = lit(pcs.get(sub.get(sub.size() - 1).name()).start());
            for (int t = sub.size() - 2; t >= 0; t--) {
                pc = cond(eq(tag, lit(t)), lit(pcs.get(sub.get(t).name()).start()), pc);
            }
            b.assign(e.pc, pc);
        }
        b.assign(e.h, m.index(target, x));
        b.continueTo(e.label);
    }
}
