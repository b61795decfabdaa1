package org.stag.engine.lower.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.stag.engine.ir.Block;
import org.stag.engine.lower.LevelCode.Binding;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Step;

/**
 * The fastest visit of one structure, in no particular order: an explicit-stack depth-first walk. The root
 * record is visited first; then a loop takes the current node (or pops one), runs the body for each of its
 * own elements in plain loops over its element arrays and scalars, pushes all its children but the first and
 * continues with the first (so a chain, whose only child is its link, becomes a {@code while} loop that never
 * touches the stack, and a binary tree pushes one child per node). References to a supertype dispatch on
 * their tag. The body is inlined once per element field.
 */
final class UnorderedVisit {
    private final SchemaModel m;
    private final String n;

    UnorderedVisit(SchemaModel m, int id) {
        this.m = m;
        this.n = Integer.toString(id);
    }

    private String v(String role) {
        return m.p + "_" + role + n;
    }

    void emit(Block out, String parent, Binding bind, String label, Consumer<Block> body) {
        String lbl = label != null ? label : v("L");
        boolean rootElements = !m.root.elementFields().isEmpty();
        boolean loop = !m.kinds.isEmpty();
        // The label goes on the outermost statement: the loop, or a block around the root's elements and the loop.
        boolean labelBlock = rootElements && loop;
        Block scope = out.open(labelBlock ? lbl + ":" : "");
        String x = v("x");
        String k = m.kinds.size() > 1 ? v("k") : null;
        String sp = v("sp");
        String r = v("r");
        scope.line("int " + r + " = " + m.p + "_roots[" + parent + "]");
        if (loop) {
            scope.line("int " + x + " = 0");
            if (k != null) {
                scope.line("int " + k + " = 0");
            }
            if (m.dfsStack) {
                scope.line("int " + sp + " = 0");
            }
        }
        Block rootBlock = scope;
        if (rootElements && !loop) {
            // Only the root holds elements: its loops are the visit, the first of them carries the label.
            rootBlock = scope.open(lbl + ":");
        }
        visitNode(rootBlock, m.root, r, loop ? x : null, k, sp, bind, body);
        if (!loop) {
            return;
        }
        Block w;
        String wl = labelBlock ? null : lbl;
        if (m.dfsStack) {
            w = scope.whileLoop(wl, "true");
            Block pop = w.ifThen(x + " == 0");
            pop.ifThen(sp + " == 0").line("break");
            pop.line(sp + "--");
            pop.line(x + " = " + m.p + "_stk[" + sp + "]");
            if (k != null) {
                pop.line(k + " = " + m.p + "_kstk[" + sp + "]");
            }
        } else {
            w = scope.whileLoop(wl, x + " != 0");
        }
        m.dispatch(w, x, k, v("h"), (b, t) -> visitNode(b, t, v("h"), x, k, sp, bind, body));
    }

    /** One child reference of a node: a scalar child field, or an array member with its loop. */
    private record ChildRef(Field field) {
    }

    /** Elements of node {@code h} of type {@code t}, then its children: all pushed but the first, which becomes current. */
    private void visitNode(Block out, NodeType t, String h, String x, String k, String sp, Binding bind,
            Consumer<Block> body) {
        List<ChildRef> children = new ArrayList<>();
        for (Step s : t.traversal()) {
            if (s instanceof Step.Element e) {
                m.bindElement(out.open(""), m.field(t, e.field()), h, bind.crd(), bind.pos(), bind.val(), body);
            } else if (s instanceof Step.Child c) {
                children.add(new ChildRef(c.field()));
            } else {
                Step.ArrayLoop a = (Step.ArrayLoop) s;
                for (Field f : a.members()) {
                    if (f.holdsElements()) {
                        elementLoop(out, m.field(t, f), h, bind, body);
                    } else {
                        children.add(new ChildRef(f));
                    }
                }
            }
        }
        if (x == null) {
            return;
        }
        if (children.isEmpty()) {
            out.line(x + " = 0");
            return;
        }
        ChildRef first = children.get(0).field().isArray() ? null : children.get(0);
        for (int c = children.size() - 1; c >= (first == null ? 0 : 1); c--) {
            push(out, m.field(t, children.get(c).field()), h, k, sp);
        }
        if (first != null) {
            Field f = first.field();
            out.line(x + " = " + m.field(t, f).arr() + "[" + h + "]");
            if (k != null) {
                out.line(k + " = " + m.kindId(f.target().orElseThrow()));
            }
        } else {
            out.line(x + " = 0");
        }
    }

    private void elementLoop(Block out, SchemaModel.FieldInfo f, String h, Binding bind, Consumer<Block> body) {
        String q = v("q");
        String qe = v("qe");
        Block scope = out.open("");
        scope.line("int " + q + " = " + m.base(f, h));
        scope.line("int " + qe + " = " + q + " + " + m.length(f, h));
        Block loop = scope.forLoop(null, "", q + " < " + qe, q + "++");
        m.bindElement(loop, f, q, bind.crd(), bind.pos(), bind.val(), body);
    }

    /** Pushes the non-null children in field {@code f} of node {@code h}, an array's last slot first. */
    private void push(Block out, SchemaModel.FieldInfo f, String h, String k, String sp) {
        String kid = k == null ? null : Integer.toString(m.kindId(f.field().target().orElseThrow()));
        String y = v("y");
        if (!f.field().isArray()) {
            Block b = out.open("");
            b.line("int " + y + " = " + f.arr() + "[" + h + "]");
            Block nz = b.ifThen(y + " != 0");
            pushGrow(nz, sp + " + 1", k);
            pushOne(nz, y, kid, k, sp);
            return;
        }
        String q = v("c");
        String b0 = v("cb");
        Block b = out.open("");
        b.line("int " + b0 + " = " + m.base(f, h));
        b.line("int " + q + " = " + b0 + " + " + m.length(f, h) + " - 1");
        pushGrow(b, sp + " + " + q + " - " + b0 + " + 1", k);
        Block loop = b.forLoop(null, "", q + " >= " + b0, q + "--");
        loop.line("int " + y + " = " + f.arr() + "[" + q + "]");
        pushOne(loop.ifThen(y + " != 0"), y, kid, k, sp);
    }

    private void pushGrow(Block out, String need, String k) {
        if (k == null) {
            m.grow(out, need, "stk");
        } else {
            m.grow(out, need, "stk", "kstk");
        }
    }

    private void pushOne(Block out, String y, String kid, String k, String sp) {
        out.line(m.p + "_stk[" + sp + "] = " + y);
        if (k != null) {
            out.line(m.p + "_kstk[" + sp + "] = " + kid);
        }
        out.line(sp + "++");
    }
}
