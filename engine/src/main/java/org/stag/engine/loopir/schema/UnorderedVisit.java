package org.stag.engine.loopir.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.LevelCode.Binding;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Step;

/**
 * The fastest visit of one structure, in no particular order: an explicit-stack depth-first walk. The root
 * record is visited first; then a loop takes the current node (or pops one), runs the body for each of its
 * own elements in plain loops over its element arrays and scalars, pushes all its children but the first and
 * continues with the first (so a chain, whose only child is its link, becomes a {@code while} loop that never
 * touches the stack, and a binary tree pushes one child per node). References to a supertype dispatch on
 * their tag. The body is inlined once per element field; all locals are declared before the loops.
 */
final class UnorderedVisit {
    private final SchemaModel m;
    private final String n;
    private final String x;
    private final String k;
    private final String sp;
    private final String h;
    private final String q;
    private final String qe;
    private final String y;
    private final String c;
    private final String cb;
    private Binding bind;
    private Consumer<Block> body;

    UnorderedVisit(SchemaModel m, int id) {
        this.m = m;
        this.n = Integer.toString(id);
        this.x = v("x");
        this.k = m.kinds.size() > 1 ? v("k") : null;
        this.sp = v("sp");
        this.h = v("h");
        this.q = v("q");
        this.qe = v("qe");
        this.y = v("y");
        this.c = v("c");
        this.cb = v("cb");
    }

    private String v(String role) {
        return m.p + "_" + role + n;
    }

    void emit(Block out, String parent, Binding bind, String label, Consumer<Block> body) {
        this.bind = bind;
        this.body = body;
        String lbl = label != null ? label : v("L");
        boolean rootElements = !m.root.elementFields().isEmpty();
        boolean loop = !m.kinds.isEmpty();
        // The label goes on the outermost statement: the loop, or a block around the root's elements and the loop.
        Block scope = out.scope(rootElements ? lbl : null);
        declare(scope, loop);
        m.enter(scope, parent);
        scope.assign(h, m.p + "_roots[" + parent + "]");
        visitNode(scope, m.root, loop, true);
        if (!loop) {
            return;
        }
        // Every node's code ends by choosing the next node (a child, or one popped), so the loop only tests it.
        Block w = scope.whileLoop(rootElements ? null : lbl, x + " != 0");
        m.dispatch(w, x, k, h, true, (b, t) -> visitNode(b, t, true, false));
    }

    /** Declares every local the visit uses (only those the schema needs). */
    private void declare(Block out, boolean loop) {
        boolean arrays = false;
        boolean pushes = false;
        boolean childArrays = false;
        for (NodeType t : m.schema.nodeTypes()) {
            arrays |= t.elementFields().stream().anyMatch(Field::isArray);
            pushes |= t.childFields().size() > 1 || t.childFields().stream().anyMatch(Field::isArray);
            childArrays |= t.childFields().stream().anyMatch(Field::isArray);
        }
        out.var("int", h, "0");
        if (loop) {
            out.var("int", x, "0");
            if (k != null) {
                out.var("int", k, "0");
            }
            if (m.dfsStack) {
                out.var("int", sp, "0");
            }
        }
        if (arrays) {
            out.var("int", q, "0");
            out.var("int", qe, "0");
        }
        if (pushes) {
            out.var("int", y, "0");
        }
        if (childArrays) {
            out.var("int", c, "0");
            out.var("int", cb, "0");
        }
        m.declareBinding(out, bind.crd(), bind.pos(), bind.val());
    }

    /** Elements of node {@code h} of type {@code t}, then its children: all pushed but the first, which becomes current. */
    private void visitNode(Block out, NodeType t, boolean loop, boolean root) {
        List<Field> children = new ArrayList<>();
        for (Step s : t.traversal()) {
            if (s instanceof Step.Element e) {
                m.bindElement(out.scope(null), m.field(t, e.field()), h, bind.crd(), bind.pos(), bind.val(), body);
            } else if (s instanceof Step.Child ch) {
                children.add(ch.field());
            } else {
                for (Field f : ((Step.ArrayLoop) s).members()) {
                    if (f.holdsElements()) {
                        elementLoop(out, m.field(t, f));
                    } else {
                        children.add(f);
                    }
                }
            }
        }
        if (loop) {
            // The stack is empty at the root: nothing to pop there.
            next(out, t, children, m.dfsStack && !root);
        }
    }

    /**
     * Sets {@code x} to the node to visit next: the first non-null child, with the other children pushed
     * (an array's slots last first), or a node popped from the stack, or 0 when the visit is over. Two scalar
     * children (binary trees) get their own code: pushing only when both exist and popping only when
     * neither does, so that a node with one child costs no stack traffic.
     */
    private void next(Block out, NodeType t, List<Field> children, boolean canPop) {
        if (children.isEmpty()) {
            if (canPop) {
                pop(out.ifThen(sp + " != 0"));
                out.orElse().assign(x, "0");
            } else {
                out.assign(x, "0");
            }
            return;
        }
        Field first = children.get(0);
        if (children.size() == 2 && !first.isArray() && !children.get(1).isArray()) {
            Field second = children.get(1);
            out.assign(x, m.field(t, first).arr() + "[" + h + "]");
            out.assign(y, m.field(t, second).arr() + "[" + h + "]");
            Block both = out.ifThen(x + " != 0");
            setKind(both, first);
            Block push = both.ifThen(y + " != 0");
            grow(push, sp + " + 1");
            pushOne(push, kindOf(second));
            Block rest = out.orElse();
            Block other = rest.ifThen(y + " != 0");
            other.assign(x, y);
            setKind(other, second);
            if (canPop) {
                pop(rest.orElse().ifThen(sp + " != 0"));
            }
            return;
        }
        for (int i = children.size() - 1; i >= 1; i--) {
            push(out, m.field(t, children.get(i)), 0);
        }
        SchemaModel.FieldInfo f = m.field(t, first);
        if (first.isArray()) {
            push(out, f, 1);
            out.assign(x, c + " >= " + cb + " ? " + f.arr() + "[" + cb + "] : 0");
        } else {
            out.assign(x, f.arr() + "[" + h + "]");
        }
        setKind(out, first);
        if (canPop) {
            pop(out.ifThen(x + " == 0 && " + sp + " != 0"));
        }
    }

    private String kindOf(Field child) {
        return k == null ? null : Integer.toString(m.kindId(child.target().orElseThrow()));
    }

    private void setKind(Block out, Field child) {
        if (k != null) {
            out.assign(k, kindOf(child));
        }
    }

    private void pop(Block out) {
        out.eval(sp + "--");
        out.assign(x, m.p + "_stk[" + sp + "]");
        if (k != null) {
            out.assign(k, m.p + "_kstk[" + sp + "]");
        }
    }

    private void elementLoop(Block out, SchemaModel.FieldInfo f) {
        out.assign(q, m.base(f, h));
        out.assign(qe, q + " + " + m.length(f, h));
        Block loop = out.forLoop(null, "", q + " < " + qe, q + "++");
        m.bindElement(loop, f, q, bind.crd(), bind.pos(), bind.val(), body);
    }

    /**
     * Pushes the non-null children in field {@code f} of node {@code h}, an array's slots from the last down
     * to slot {@code from} (after which {@code c} is {@code cb + from - 1}, or {@code cb - 1} for an empty array).
     */
    private void push(Block out, SchemaModel.FieldInfo f, int from) {
        String kid = kindOf(f.field());
        if (!f.field().isArray()) {
            out.assign(y, f.arr() + "[" + h + "]");
            Block nz = out.ifThen(y + " != 0");
            grow(nz, sp + " + 1");
            pushOne(nz, kid);
            return;
        }
        out.assign(cb, m.base(f, h));
        out.assign(c, cb + " + " + m.length(f, h) + " - 1");
        grow(out, sp + " + " + c + " - " + cb + " + 1");
        String low = from == 0 ? cb : cb + " + " + from;
        Block loop = out.forLoop(null, "", c + " >= " + low, c + "--");
        loop.assign(y, f.arr() + "[" + c + "]");
        pushOne(loop.ifThen(y + " != 0"), kid);
    }

    private void grow(Block out, String need) {
        if (k == null) {
            m.grow(out, need, "stk");
        } else {
            m.grow(out, need, "stk", "kstk");
        }
    }

    private void pushOne(Block out, String kid) {
        out.store(m.p + "_stk", sp, y);
        if (k != null) {
            out.store(m.p + "_kstk", sp, kid);
        }
        out.eval(sp + "++");
    }
}
