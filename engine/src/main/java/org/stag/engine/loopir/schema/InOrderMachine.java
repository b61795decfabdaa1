package org.stag.engine.loopir.schema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.LevelCode.Binding;
import org.stag.engine.loopir.LevelCode.Cursor;
import org.stag.formats.schema.ArraySize;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Step;

/**
 * The in-order traversal of {@code NodeType.traversal()} as a state machine with an explicit stack, so that
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
        for (NodeType t : m.schema.nodeTypes()) {
            List<Step> steps = t.traversal();
            TypePcs tp = new TypePcs();
            tp.step = new int[steps.size()];
            tp.loop = new int[steps.size()];
            tp.member = new int[steps.size()][];
            for (int j = 0; j < steps.size(); j++) {
                tp.step[j] = nextPc++;
                tp.loop[j] = -1;
                if (steps.get(j) instanceof Step.ArrayLoop a) {
                    tp.loop[j] = nextPc++;
                    tp.member[j] = new int[a.members().size()];
                    for (int q = 1; q < a.members().size(); q++) {
                        tp.member[j][q] = nextPc++;
                    }
                }
            }
            tp.end = nextPc++;
            pcs.put(t.name(), tp);
        }
    }

    /** Locals of one emitted machine and what it does at an element. */
    private final class Emission {
        final String id;
        final String h;
        final String pc;
        final String i;
        final String sp;
        final String x;
        final String n;
        String label;
        /** Inline visit: the binding and body. */
        Binding bind;
        Consumer<Block> body;
        /** Cursor: the locals the element goes to. */
        String crd;
        String carried;

        Emission(String id) {
            this.id = id;
            this.h = v("h");
            this.pc = v("pc");
            this.i = v("i");
            this.sp = v("sp");
            this.x = v("x");
            this.n = v("n");
        }

        String v(String role) {
            return m.p + "_" + role + id;
        }

        boolean cursor() {
            return body == null;
        }
    }

    /** Visits the elements of {@code parent} in traversal order, running {@code body} inline at each. */
    void iterate(Block out, int id, String parent, Binding bind, String label, Consumer<Block> body) {
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
    Cursor cursor(Block out, int id, String parent, String name) {
        Emission e = new Emission(Integer.toString(id));
        e.crd = e.v("crd");
        e.carried = e.v(m.doubles ? "val" : "pos");
        out.comment(m.p + " cursor " + name + " over " + m.schema.name() + ", in traversal order");
        declare(out, e, parent);
        out.var("int", e.crd, "-1");
        out.var(m.carriedType(), e.carried, "0");
        e.label = e.v("M");
        machine(out, e);
        return new Cursor() {
            private int advances;

            @Override
            public String valid() {
                return "(" + e.pc + " >= 0)";
            }

            @Override
            public String crd() {
                return e.crd;
            }

            @Override
            public String pos() {
                return m.doubles ? null : e.carried;
            }

            @Override
            public String val() {
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
    private void declare(Block out, Emission e, String parent) {
        m.enter(out, parent);
        out.var("int", e.h, m.p + "_roots[" + parent + "]");
        out.var("int", e.pc, String.valueOf(pcs.get(m.root.name()).start()));
        out.var("int", e.i, "0");
        if (m.machineStack) {
            out.var("int", e.sp, "0");
        }
        int members = 0;
        boolean children = false;
        for (NodeType t : m.schema.nodeTypes()) {
            children |= !t.childFields().isEmpty();
            for (Step s : t.traversal()) {
                if (s instanceof Step.ArrayLoop a) {
                    members = Math.max(members, a.members().size());
                }
            }
        }
        if (children) {
            out.var("int", e.x, "0");
        }
        if (members > 0) {
            out.var("int", e.n, "0");
        }
        for (int q = 0; q < members; q++) {
            out.var("int", baseName(e, q), "0");
        }
    }

    private void machine(Block out, Emission e) {
        Block sw = out.whileLoop(e.label, "true").switchOn(e.pc);
        for (NodeType t : m.schema.nodeTypes()) {
            typeCases(sw, e, t);
        }
        Block d = sw.caseOf(null);
        done(d, e);
    }

    private void done(Block b, Emission e) {
        if (e.cursor()) {
            b.assign(e.pc, "-1");
        }
        b.breakTo(e.label);
    }

    private void typeCases(Block sw, Emission e, NodeType t) {
        TypePcs tp = pcs.get(t.name());
        List<Step> steps = t.traversal();
        sw.comment(t.name());
        for (int j = 0; j < steps.size(); j++) {
            Step s = steps.get(j);
            Block c = sw.caseOf(String.valueOf(tp.step[j]));
            if (s instanceof Step.Element el) {
                element(c, e, m.field(t, el.field()), e.h, tp.next(j), null);
            } else if (s instanceof Step.Child ch) {
                String x = e.x;
                c.assign(x, m.field(t, ch.field()).arr() + "[" + e.h + "]");
                Block nz = c.ifThen(x + " != 0");
                if (j < steps.size() - 1) {
                    push(nz, e, tp.next(j), e.i);
                }
                descend(nz, e, ch.field().target().orElseThrow(), x);
            } else {
                Step.ArrayLoop a = (Step.ArrayLoop) s;
                c.assign(e.i, "0");
                Block l = sw.caseOf(String.valueOf(tp.loop[j]));
                String n = e.n;
                l.assign(n, m.loopLength(t, a, e.h));
                bases(l, e, t, a, 0);
                Block w = l.whileLoop(null, e.i + " < " + n);
                boolean leaves = false;
                for (int q = 0; q < a.members().size() && !leaves; q++) {
                    // A cursor stops at every element: after one that is always there, the index's remaining
                    // members run from their resume points.
                    leaves = member(w, e, t, a, tp, j, q);
                }
                if (!leaves) {
                    w.eval(e.i + "++");
                }
            }
        }
        Block end = sw.caseOf(String.valueOf(tp.end));
        if (m.machineStack) {
            done(end.ifThen(e.sp + " == 0"), e);
            end.eval(e.sp + "--");
            end.assign(e.h, m.p + "_hs[" + e.sp + "]");
            end.assign(e.pc, m.p + "_ps[" + e.sp + "]");
            if (m.machineIndexStack) {
                end.assign(e.i, m.p + "_is[" + e.sp + "]");
            }
            end.continueTo(e.label);
        } else {
            done(end, e);
        }
        // Resume points inside array loops: finish the index's remaining members, then re-enter the loop.
        for (int j = 0; j < steps.size(); j++) {
            if (!(steps.get(j) instanceof Step.ArrayLoop a) || a.members().size() < 2) {
                continue;
            }
            for (int q = 1; q < a.members().size(); q++) {
                Block r = sw.caseOf(String.valueOf(tp.member[j][q]));
                bases(r, e, t, a, q);
                boolean leaves = member(r, e, t, a, tp, j, q);
                if (q == a.members().size() - 1 && !leaves) {
                    r.eval(e.i + "++");
                    r.assign(e.pc, String.valueOf(tp.loop[j]));
                    r.continueTo(e.label);
                }
            }
        }
    }

    private String baseName(Emission e, int q) {
        return e.v("b") + "m" + q;
    }

    /** Declares the slot-0 index of members {@code from ..} of loop {@code a}. */
    private void bases(Block b, Emission e, NodeType t, Step.ArrayLoop a, int from) {
        for (int q = from; q < a.members().size() && (q == from || from == 0); q++) {
            b.assign(baseName(e, q), m.base(m.field(t, a.members().get(q)), e.h));
        }
    }

    /** Member {@code q} of loop step {@code j} at index {@code i}; returns whether its code always leaves the machine. */
    private boolean member(Block w, Emission e, NodeType t, Step.ArrayLoop a, TypePcs tp, int j, int q) {
        Field f = a.members().get(q);
        SchemaModel.FieldInfo fi = m.field(t, f);
        Block b = w;
        if (shorter(a, f)) {
            b = w.ifThen(e.i + " < " + m.length(fi, e.h));
        }
        boolean last = q == a.members().size() - 1;
        int resumePc = last ? tp.loop[j] : tp.member[j][q + 1];
        String resumeI = last ? e.i + " + 1" : e.i;
        String index = baseName(e, q) + " + " + e.i;
        if (f.holdsElements()) {
            return element(b, e, fi, index, resumePc, resumeI) && b == w;
        } else {
            String x = e.x;
            b.assign(x, fi.arr() + "[" + index + "]");
            Block nz = b.ifThen(x + " != 0");
            push(nz, e, resumePc, resumeI);
            descend(nz, e, f.target().orElseThrow(), x);
            return false;
        }
    }

    /**
     * An element at {@code index}: the body inline, or (cursor) the element into the cursor's locals and a
     * stop that resumes at {@code resumePc} with the loop index set to {@code resumeI} (null: unchanged).
     * Returns whether the code always leaves the machine (a cursor's stop at a slot that is never empty).
     */
    private boolean element(Block b, Emission e, SchemaModel.FieldInfo f, String index, int resumePc, String resumeI) {
        Block s = b.scope(null);
        if (!e.cursor()) {
            m.bindElement(s, f, index, e.bind.crd(), e.bind.pos(), e.bind.val(), e.body);
            return false;
        }
        s.assign(e.crd, m.crdArray(f) + "[" + index + "]");
        Block y = f.field().nonempty() ? s : s.ifThen(e.crd + " >= 0");
        y.assign(e.carried, m.carriedAt(f, index));
        if (resumeI != null && !resumeI.equals(e.i)) {
            y.assign(e.i, resumeI);
        }
        y.assign(e.pc, String.valueOf(resumePc));
        y.breakTo(e.label);
        return f.field().nonempty();
    }

    private void push(Block b, Emission e, int resumePc, String resumeI) {
        if (m.machineIndexStack) {
            m.grow(b, e.sp + " + 1", "hs", "ps", "is");
        } else {
            m.grow(b, e.sp + " + 1", "hs", "ps");
        }
        b.store(m.p + "_hs", e.sp, e.h);
        b.store(m.p + "_ps", e.sp, String.valueOf(resumePc));
        if (m.machineIndexStack) {
            b.store(m.p + "_is", e.sp, resumeI);
        }
        b.eval(e.sp + "++");
    }

    /** Continues the machine at the start of the node that reference {@code x} of kind {@code target} names. */
    private void descend(Block b, Emission e, String target, String x) {
        List<NodeType> sub = m.concrete(target);
        if (!m.tagged(target)) {
            b.assign(e.pc, String.valueOf(pcs.get(sub.get(0).name()).start()));
        } else {
            String tag = m.tag(target, x);
            StringBuilder pc = new StringBuilder();
            for (int t = 0; t < sub.size() - 1; t++) {
                pc.append(tag).append(" == ").append(t).append(" ? ").append(pcs.get(sub.get(t).name()).start())
                        .append(" : ");
            }
            pc.append(pcs.get(sub.get(sub.size() - 1).name()).start());
            b.assign(e.pc, pc.toString());
        }
        b.assign(e.h, m.index(target, x));
        b.continueTo(e.label);
    }

    /** Whether member {@code f} of loop {@code a} is shorter than the loop (so its slots need a bound check). */
    private static boolean shorter(Step.ArrayLoop a, Field f) {
        ArraySize s = f.arraySize().orElseThrow();
        if (a.sizeField().isEmpty()) {
            int max = a.members().stream().mapToInt(m -> m.arraySize().orElseThrow().addend()).max().orElseThrow();
            return s.addend() < max;
        }
        return s.addend() < a.maxAddend();
    }
}
