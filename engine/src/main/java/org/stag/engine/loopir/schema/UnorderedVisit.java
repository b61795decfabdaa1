package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.gt;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.postDec;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.JavaType.INT;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.LevelCode.Binding;
import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.dynamic.walk.WalkStep;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;

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
    private final Ex x;
    private final Ex k;
    private final Ex sp;
    private final Ex h;
    private final Ex q;
    private final Ex qe;
    private final Ex y;
    private final Ex c;
    private final Ex cb;
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

    private Ex v(String role) {
        return intVar(name(role));
    }

    private String name(String role) {
        return m.p + "_" + role + n;
    }

    /** {@code out.var(int, x, 0)}. */
    private static void zero(Block out, Ex x) {
        out.var(INT, ((Ex.Local) x).name(), lit(0));
    }

    void emit(Block out, Ex parent, Binding bind, String label, Consumer<Block> body) {
        this.bind = bind;
        this.body = body;
        String lbl = label != null ? label : name("L");
        if (m.order != null) {
            emitIndexed(out, parent, label != null ? label : name("L"));
            return;
        }
        boolean rootElements = !m.root.elementFields().isEmpty();
        boolean loop = !m.kinds.isEmpty();
        // The label goes on the outermost statement: the loop, or a block around the root's elements and the loop.
        Block scope = out.scope(rootElements ? lbl : null);
        declare(scope, loop);
        ShardArrays.enter(m, scope, parent);
        scope.assign(h, load(m.ownInts("roots"), parent));
        visitNode(scope, m.root, loop, true);
        if (!loop) {
            return;
        }
        // Every node's code ends by choosing the next node (a child, or one popped), so the loop only tests it.
        Block w = scope.whileLoop(rootElements ? null : lbl, ne(x, lit(0)));
        m.dispatch(w, x, k, ((Ex.Local) h).name(), true, (b, t) -> visitNode(b, t, true, false));
    }

    /**
     * The visit through the shard's in-order node index ({@code NodeOrder}): the root record's elements, then
     * for each node listed for {@code parent} its own elements, with no child link read and no stack. The
     * elements come in coordinate order, so this serves in-order visits too.
     */
    private void emitIndexed(Block out, Ex parent, String lbl) {
        Block scope = out.scope(lbl);
        zero(scope, h);
        zero(scope, q);
        zero(scope, qe);
        Ex oc = v("oc");
        Ex oe = v("oe");
        zero(scope, oc);
        zero(scope, oe);
        m.declareBinding(scope, bind.crd(), bind.pos(), bind.val());
        ShardArrays.enter(m, scope, parent);
        Ex local = sub(parent, m.own("obase"));
        SchemaModel.FieldInfo[] runs = m.rootRun == null ? null : m.headRuns;
        if (runs != null && m.coded) {
            emitCodedRuns(scope, local, oc, oe, runs);
            return;
        }
        if (runs != null) {
            emitRuns(scope, local, oc, oe, runs);
            return;
        }
        if (m.rootRun != null) {
            // The row's record in the index: its root run and its node range, one 16-byte read; an empty
            // row costs it and two failed loop tests.
            Ex r = v("r");
            scope.var(INT, ((Ex.Local) r).name(), mul(local, lit(4)));
            scope.assign(q, load(m.ownInts("orows"), r));
            scope.assign(qe, load(m.ownInts("orows"), add(r, lit(1))));
            Block run = scope.forLoop(null, List.of(), lt(q, qe), postInc(q));
            m.bindElement(run, m.rootRun, q, bind.crd(), bind.pos(), bind.val(), body);
            scope.assign(oc, load(m.ownInts("orows"), add(r, lit(2))));
            scope.assign(oe, load(m.ownInts("orows"), add(r, lit(3))));
        } else {
            scope.assign(h, load(m.ownInts("roots"), parent));
            visitNode(scope, m.root, false, true);
            scope.assign(oc, load(m.ownInts("ostart"), local));
            scope.assign(oe, load(m.ownInts("ostart"), add(local, lit(1))));
        }
        Block loop = scope.forLoop(null, List.of(), lt(oc, oe), postInc(oc));
        loop.assign(h, load(m.ownInts("onodes"), oc));
        visitNode(loop, m.order.node(), false, false);
    }

    /**
     * The C-tree's shape ({@link SchemaModel#headRuns}: the root's elements one arena run, each node's a head and
     * then one arena run) as one loop over runs, the body emitted twice (run element, head). Two forms, chosen
     * by measurement on kron scale 20 (one thread, the real structure, `/tmp` harnesses not kept):
     * <ul>
     *   <li>A body that stores into arrays and does not leave the visit early (a push that claims its
     *       targets: BFS's and BC's push steps) gets a counted loop over the runs ({@code c} from the row's
     *       first listed node less one, the root run) with a counted element loop inside. BFS's push from the
     *       141 hubs of the second level took 2.9 and 3.4 ms in it (CSR 2.6 and 3.2) against 4.0 and 4.7 ms
     *       in the other form; in {@code BfsLevels} that step's minimum went 2.2-2.7 to 1.8-2.2 ms.</li>
     *   <li>Any other body (a reduction into a local, as PageRank's pull; an early exit at an annihilator, as
     *       BFS's pull) refills one element loop: the current run's elements, then the next node's head, whose
     *       chunk becomes the run. A full-row sum took 78 ms against 87 ms for a loop over the root run
     *       followed by a loop over nodes with a chunk loop inside, and 57.7 against 59.2 ms in the counted
     *       form; BFS's pull 20.0 against 21.9 ms in the counted form.</li>
     * </ul>
     */
    private void emitRuns(Block scope, Ex local, Ex oc, Ex oe, SchemaModel.FieldInfo[] runs) {
        Ex r = v("r");
        scope.var(INT, ((Ex.Local) r).name(), mul(local, lit(4)));
        Ex prefix = load(m.ownInts("orows"), r);
        Ex prefixEnd = load(m.ownInts("orows"), add(r, lit(1)));
        scope.assign(oc, load(m.ownInts("orows"), add(r, lit(2))));
        scope.assign(oe, load(m.ownInts("orows"), add(r, lit(3))));
        // The head's code first, on its own: whether the body leaves the visit decides the form.
        Ex t = v("t");
        zero(scope, t);
        Block head = new Block();
        Ex coordinate = IndexedCursor.listedHead(m, head, t, h);
        Block headBody = head.scope(null);
        m.bindAt(headBody, coordinate, m.carriedAt(runs[0], h), bind.crd(), bind.pos(), bind.val(), body);
        IndexedCursor.listedRun(m, head, h, q, qe);
        if (headBody.jumpsToALabel() || !headBody.storesToAnArray()) {
            scope.assign(q, prefix);
            scope.assign(qe, prefixEnd);
            scope.assign(t, oc);
            String w = name("W");
            Block loop = scope.whileLoop(w, Ex.TRUE);
            Block run = loop.forLoop(null, List.of(), lt(q, qe), postInc(q));
            // Both runs are slots of the same arena (IndexShape#runsOfHeads), so one binding reads either.
            m.bindElement(run, m.rootRun, q, bind.crd(), bind.pos(), bind.val(), body);
            loop.ifThen(ge(t, oe)).breakTo(w);
            loop.append(head);
            return;
        }
        Ex c = v("c");
        Ex p = v("p");
        Block loop = scope.forLoop(null, INT, ((Ex.Local) c).name(), sub(oc, lit(1)), lt(c, oe), postInc(c));
        Block root = loop.ifThen(lt(c, oc));
        root.assign(q, prefix);
        root.assign(qe, prefixEnd);
        Block node = loop.orElse();
        node.assign(t, c);
        node.append(head);
        Block run = loop.forLoop(null, INT, ((Ex.Local) p).name(), q, lt(p, qe), postInc(p));
        m.bindElement(run, m.rootRun, p, bind.crd(), bind.pos(), bind.val(), body);
    }

    /**
     * {@link #emitRuns}' refilling form over {@code varint} runs ({@link CodedRuns}): the element loop counts the
     * run's elements down and decodes each one inline; a node's head comes from the index as there.
     */
    private void emitCodedRuns(Block scope, Ex local, Ex oc, Ex oe, SchemaModel.FieldInfo[] runs) {
        Ex r = v("r");
        scope.var(INT, ((Ex.Local) r).name(), mul(local, lit(4)));
        CodedRuns.Locals l = CodedRuns.declare(m, scope, n);
        scope.assign(oc, load(m.ownInts("orows"), add(r, lit(2))));
        scope.assign(oe, load(m.ownInts("orows"), add(r, lit(3))));
        Ex t = v("t");
        zero(scope, t);
        Block head = new Block();
        Ex coordinate = IndexedCursor.listedHead(m, head, t, h);
        m.bindAt(head.scope(null), coordinate, m.carriedAt(runs[0], h), bind.crd(), bind.pos(), bind.val(), body);
        IndexedCursor.listedRun(m, head, h, q, qe);
        CodedRuns.open(m, head, l, q, qe);
        scope.assign(q, load(m.ownInts("orows"), r));
        scope.assign(qe, load(m.ownInts("orows"), add(r, lit(1))));
        CodedRuns.open(m, scope, l, q, qe);
        scope.assign(t, oc);
        String w = name("W");
        Block loop = scope.whileLoop(w, Ex.TRUE);
        Block run = loop.forLoop(null, List.of(), gt(qe, lit(0)), postDec(qe));
        CodedRuns.next(m, run, l, q);
        CodedRuns.skipValue(m, run, l);
        m.bindAt(run, l.cc(), CodedRuns.carried(m, l), bind.crd(), bind.pos(), bind.val(), body);
        loop.ifThen(ge(t, oe)).breakTo(w);
        loop.append(head);
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
        zero(out, h);
        if (loop) {
            zero(out, x);
            if (k != null) {
                zero(out, k);
            }
            if (m.dfsStack) {
                zero(out, sp);
            }
        }
        if (arrays) {
            zero(out, q);
            zero(out, qe);
        }
        if (pushes) {
            zero(out, y);
        }
        if (childArrays) {
            zero(out, c);
            zero(out, cb);
        }
        m.declareBinding(out, bind.crd(), bind.pos(), bind.val());
    }

    /** Elements of node {@code h} of type {@code t}, then its children: all pushed but the first, which becomes current. */
    private void visitNode(Block out, NodeType t, boolean loop, boolean root) {
        List<PlanField> children = new ArrayList<>();
        for (WalkStep s : m.plan(t).steps()) {
            if (s instanceof WalkStep.Element e) {
                m.bindElement(out.scope(null), m.field(e.field()), h, bind.crd(), bind.pos(), bind.val(), body);
            } else if (s instanceof WalkStep.Child ch) {
                children.add(ch.field());
            } else {
                for (PlanField f : ((WalkStep.Loop) s).members()) {
                    if (f.element()) {
                        elementLoop(out, m.field(f));
                    } else {
                        children.add(f);
                    }
                }
            }
        }
        if (loop) {
            // The stack is empty at the root: nothing to pop there.
            next(out, children, m.dfsStack && !root);
        }
    }

    /**
     * Sets {@code x} to the node to visit next: the first non-null child, with the other children pushed
     * (an array's slots last first), or a node popped from the stack, or 0 when the visit is over. Two scalar
     * children (binary trees) get their own code: pushing only when both exist and popping only when
     * neither does, so that a node with one child costs no stack traffic.
     */
    private void next(Block out, List<PlanField> children, boolean canPop) {
        if (children.isEmpty()) {
            if (canPop) {
                pop(out.ifThen(ne(sp, lit(0))));
                out.orElse().assign(x, lit(0));
            } else {
                out.assign(x, lit(0));
            }
            return;
        }
        PlanField first = children.get(0);
        if (children.size() == 2 && first.scalar() && children.get(1).scalar()) {
            PlanField second = children.get(1);
            out.assign(x, load(SchemaModel.arr(m.field(first)), h));
            out.assign(y, load(SchemaModel.arr(m.field(second)), h));
            Block both = out.ifThen(ne(x, lit(0)));
            setKind(both, first);
            Block push = both.ifThen(ne(y, lit(0)));
            grow(push, add(sp, lit(1)));
            pushOne(push, kindOf(second));
            Block rest = out.orElse();
            Block other = rest.ifThen(ne(y, lit(0)));
            other.assign(x, y);
            setKind(other, second);
            if (canPop) {
                pop(rest.orElse().ifThen(ne(sp, lit(0))));
            }
            return;
        }
        for (int i = children.size() - 1; i >= 1; i--) {
            push(out, children.get(i), 0);
        }
        SchemaModel.FieldInfo f = m.field(first);
        if (!first.scalar()) {
            push(out, first, 1);
            out.assign(x, cond(ge(c, cb), load(SchemaModel.arr(f), cb), lit(0)));
        } else {
            out.assign(x, load(SchemaModel.arr(f), h));
        }
        setKind(out, first);
        if (canPop) {
            pop(out.ifThen(and(eq(x, lit(0)), ne(sp, lit(0)))));
        }
    }

    private Ex kindOf(PlanField child) {
        return k == null ? null : lit(child.kind());
    }

    private void setKind(Block out, PlanField child) {
        if (k != null) {
            out.assign(k, kindOf(child));
        }
    }

    private void pop(Block out) {
        out.eval(postDec(sp));
        out.assign(x, load(m.ownInts("stk"), sp));
        if (k != null) {
            out.assign(k, load(m.ownInts("kstk"), sp));
        }
    }

    private void elementLoop(Block out, SchemaModel.FieldInfo f) {
        out.assign(q, m.base(f, h));
        out.assign(qe, add(q, m.length(f, h)));
        Block loop = out.forLoop(null, List.of(), lt(q, qe), postInc(q));
        m.bindElement(loop, f, q, bind.crd(), bind.pos(), bind.val(), body);
    }

    /**
     * Pushes the non-null children in child field {@code child} of node {@code h}, an array's slots from the last down
     * to slot {@code from} (after which {@code c} is {@code cb + from - 1}, or {@code cb - 1} for an empty array).
     */
    private void push(Block out, PlanField child, int from) {
        Ex kid = kindOf(child);
        SchemaModel.FieldInfo f = m.field(child);
        if (child.scalar()) {
            out.assign(y, load(SchemaModel.arr(f), h));
            Block nz = out.ifThen(ne(y, lit(0)));
            grow(nz, add(sp, lit(1)));
            pushOne(nz, kid);
            return;
        }
        out.assign(cb, m.base(f, h));
        out.assign(c, sub(add(cb, m.length(f, h)), lit(1)));
        grow(out, add(sub(add(sp, c), cb), lit(1)));
        Ex low = from == 0 ? cb : add(cb, lit(from));
        Block loop = out.forLoop(null, List.of(), ge(c, low), postDec(c));
        loop.assign(y, load(SchemaModel.arr(f), c));
        pushOne(loop.ifThen(ne(y, lit(0))), kid);
    }

    private void grow(Block out, Ex need) {
        if (k == null) {
            m.grow(out, need, "stk");
        } else {
            m.grow(out, need, "stk", "kstk");
        }
    }

    private void pushOne(Block out, Ex kid) {
        out.store(m.ownInts("stk"), sp, y);
        if (k != null) {
            out.store(m.ownInts("kstk"), sp, kid);
        }
        out.eval(postInc(sp));
    }
}
