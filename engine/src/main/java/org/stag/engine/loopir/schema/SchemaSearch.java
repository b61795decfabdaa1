package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.gt;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.le;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.INT;

import java.util.List;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.dynamic.walk.RefKind;
import org.stag.formats.dynamic.walk.WalkStep;
import org.stag.formats.schema.NodeType;

/**
 * {@code locate} for search trees, emitted from the plan's steps: in coordinate order a node's items are its
 * elements and children interleaved as {@code seq} says, so a key lies either at an element or in the one
 * child between the last element below it and the first above it (the gap). The search walks a node's
 * steps in order, keeping the child of the current gap in {@code g}: a scalar child becomes the gap (a second
 * child in a row, only if the key is not below its first element), a scalar element at or above the key ends
 * the node (found, or descend into the gap), and an array loop binary-searches its element member for the
 * first slot at or above the key, whose gap is the child member just before it in the interleaving (or the
 * gap before the loop). Past the last step the key is above every element, and the search descends into the
 * gap. BST ({@code l, e, r}), T-tree ({@code l, {e}, r}), B-tree ({@code {c, e}, cl}), C-tree
 * ({@code l, h, {t}, r}) and skip-list ({@code e, d, n}) searches all come out of this; {@code formats}'
 * interpreted {@code get} runs the same descent.
 *
 * <p>It applies where the plan's search rule does ({@code WalkPlan.whyNotSearchable()} is null).
 */
final class SchemaSearch {
    private final SchemaModel m;

    SchemaSearch(SchemaModel m) {
        this.m = m;
    }

    /**
     * Declares {@code result} ({@code int}, -1 when absent, or {@code double}, NaN when absent) and finds
     * {@code key} (an int expression) in the structure of {@code parent}.
     */
    void emit(Block out, int id, Ex parent, Ex key, String resultName) {
        String n = Integer.toString(id);
        Names v = new Names(n);
        Ex result = local(resultName, m.carriedType());
        out.var(m.carriedType(), resultName, m.doubles ? lit(Double.NaN) : lit(-1));
        Block all = out.scope(v.l);
        all.var(INT, name(v.key), key);
        boolean loop = !m.kinds.isEmpty();
        Ex k = m.kinds.size() > 1 ? intVar(m.p + "_k" + n) : null;
        if (loop) {
            all.var(INT, name(v.x), lit(0));
            if (k != null) {
                all.var(INT, name(k), lit(0));
            }
        }
        Block rootBlock = all.scope(v.rl);
        ShardArrays.enter(m, rootBlock, parent);
        rootBlock.var(INT, name(v.r), load(m.ownInts("roots"), parent));
        node(rootBlock, v, m.root, v.r, k, result, jb -> jb.breakTo(v.rl));
        if (!loop) {
            return;
        }
        Block w = all.whileLoop(v.w, Ex.TRUE);
        w.ifThen(eq(v.x, lit(0))).breakTo(v.l);
        m.dispatch(w, v.x, k, name(v.h), false, (b, t) -> node(b, v, t, v.h, k, result, jb -> jb.continueTo(v.w)));
    }

    private static String name(Ex local) {
        return ((Ex.Local) local).name();
    }

    /** Local names of one search. */
    private final class Names {
        final String l;
        final String rl;
        final String w;
        final Ex key;
        final Ex x;
        final Ex r;
        final Ex h;
        final Ex g;
        final String id;

        Names(String id) {
            this.id = id;
            String p = m.p + "_";
            l = p + "S" + id;
            rl = p + "R" + id;
            w = p + "W" + id;
            key = intVar(p + "key" + id);
            x = intVar(p + "x" + id);
            r = intVar(p + "r" + id);
            h = intVar(p + "h" + id);
            g = intVar(p + "g" + id);
        }

        String of(String role) {
            return m.p + "_" + role + id;
        }
    }

    /**
     * The search through node {@code h} of type {@code t}: ends found ({@code break} out of the search),
     * absent, or with {@code x} (and {@code k}) set to the gap's child; {@code jump} leaves the node early.
     */
    private void node(Block b, Names v, NodeType t, Ex h, Ex k, Ex result, Consumer<Block> jump) {
        boolean kids = !t.childFields().isEmpty();
        String target = kids ? t.childFields().get(0).target().orElseThrow() : null;
        if (kids) {
            b.var(INT, name(v.g), lit(0));
        }
        for (WalkStep s : m.plan(t).steps()) {
            if (s instanceof WalkStep.Element el) {
                SchemaModel.FieldInfo f = m.field(el.field());
                Block sc = b.scope(null);
                Ex c = intVar(v.of("c"));
                sc.var(INT, name(c), load(m.crdArray(f), h));
                Block atOrAbove = sc.ifThen(le(v.key, c));
                found(atOrAbove.ifThen(eq(v.key, c)), v, f, h, result);
                descend(atOrAbove, v, kids, target, k, jump);
                if (kids) {
                    b.assign(v.g, lit(0));
                }
            } else if (s instanceof WalkStep.Child ch && ch.second()) {
                secondChild(b, v, ch.field(), h, target, k, jump);
            } else if (s instanceof WalkStep.Child ch) {
                b.assign(v.g, load(SchemaModel.arr(m.field(ch.field())), h));
            } else {
                arrayLoop(b, v, (WalkStep.Loop) s, h, kids, target, k, result, jump);
            }
        }
        descend(b, v, kids, target, k, null);
    }

    /**
     * A child right after another in one gap (a skip list's successor after the run below): the search descends
     * into the earlier one when the key is below this one's first element, else this one becomes the gap.
     */
    private void secondChild(Block b, Names v, PlanField child, Ex h, String target, Ex k, Consumer<Block> jump) {
        Ex y = intVar(v.of("y"));
        Block sc = b.scope(null);
        sc.var(INT, name(y), load(SchemaModel.arr(m.field(child)), h));
        Block present = sc.ifThen(ne(y, lit(0)));
        descend(present.ifThen(and(ne(v.g, lit(0)), lt(v.key, firstKey(target, y)))), v, true, target, k, jump);
        present.assign(v.g, y);
    }

    /** The first key under reference {@code y} of kind {@code target}, whose node types all start with an element. */
    private Ex firstKey(String target, Ex y) {
        RefKind kind = m.kind(target);
        List<NodeType> sub = kind.concrete();
        Ex first = null;
        for (int t = sub.size() - 1; t >= 0; t--) {
            Ex key = load(m.crdArray(m.field(m.plan(sub.get(t)).firstElement())), m.index(target, y));
            first = first == null ? key : cond(eq(m.tag(target, y), lit(t)), key, first);
        }
        return first;
    }

    private void arrayLoop(Block b, Names v, WalkStep.Loop a, Ex h, boolean kids, String target,
            Ex k, Ex result, Consumer<Block> jump) {
        PlanField ef = a.element();
        PlanField cf = a.child();
        SchemaModel.FieldInfo e = m.field(ef);
        if (e.field().varint()) {
            codedLoop(b, v, e, h, kids, target, k, result, jump);
            return;
        }
        Ex crd = m.crdArray(e);
        Ex base = intVar(v.of("b"));
        Ex len = intVar(v.of("n"));
        Ex lo = intVar(v.of("lo"));
        Ex hi = intVar(v.of("hi"));
        Ex mid = intVar(v.of("mid"));
        Block sc = b.scope(null);
        sc.var(INT, name(base), m.base(e, h));
        sc.var(INT, name(len), m.length(e, h));
        sc.var(INT, name(lo), base);
        sc.var(INT, name(hi), add(base, len));
        Ex cb = null;
        boolean childFirst = a.childFirst();
        SchemaModel.FieldInfo c = cf == null ? null : m.field(cf);
        if (c != null) {
            cb = intVar(v.of("cb"));
            sc.var(INT, name(cb), m.base(c, h));
        }
        Block bs = sc.whileLoop(null, lt(lo, hi));
        bs.var(INT, name(mid), ushr(add(lo, hi), lit(1)));
        bs.ifThen(lt(load(crd, mid), v.key)).assign(lo, add(mid, lit(1)));
        bs.orElse().assign(hi, mid);
        Block in = sc.ifThen(lt(lo, add(base, len)));
        found(in.ifThen(eq(load(crd, lo), v.key)), v, e, lo, result);
        if (c != null) {
            Ex ca = SchemaModel.arr(c);
            if (childFirst) {
                in.assign(v.g, load(ca, sub(add(cb, lo), base)));
            } else {
                in.ifThen(gt(lo, base)).assign(v.g, load(ca, sub(sub(add(cb, lo), base), lit(1))));
            }
        } else if (kids) {
            in.ifThen(gt(lo, base)).assign(v.g, lit(0));
        }
        descend(in, v, kids, target, k, jump);
        // The key is above every element of the loop: the gap is what follows the last one.
        if (c != null) {
            Ex ca = SchemaModel.arr(c);
            if (childFirst && a.childLonger()) {
                sc.assign(v.g, load(ca, add(cb, len)));
            } else if (childFirst) {
                sc.ifThen(gt(len, lit(0))).assign(v.g, lit(0));
            } else {
                sc.ifThen(gt(len, lit(0))).assign(v.g, load(ca, sub(add(cb, len), lit(1))));
            }
        } else if (kids) {
            sc.ifThen(gt(len, lit(0))).assign(v.g, lit(0));
        }
    }

    /**
     * A {@code varint} run (the C-tree's chunk; no child member, {@link SchemaModel#coded}) searched by decoding
     * it from the front up to the first coordinate at or above the key: a chunk holds about {@code b} elements,
     * and its codes can only be read in order.
     */
    private void codedLoop(Block b, Names v, SchemaModel.FieldInfo e, Ex h, boolean kids, String target,
            Ex k, Ex result, Consumer<Block> jump) {
        Ex q = intVar(v.of("q"));
        Ex len = intVar(v.of("n"));
        Ex lo = intVar(v.of("lo"));
        Block sc = b.scope(null);
        sc.var(INT, name(q), m.base(e, h));
        sc.var(INT, name(len), m.length(e, h));
        sc.var(INT, name(lo), add(q, len));
        CodedRuns.Locals l = CodedRuns.declare(m, sc, v.id);
        CodedRuns.open(m, sc, l, q, lo);
        sc.assign(lo, lit(0));
        String scan = v.of("D");
        Block w = sc.whileLoop(scan, lt(lo, len));
        CodedRuns.next(m, w, l, q);
        CodedRuns.skipValue(m, w, l);
        w.ifThen(ge(l.cc(), v.key)).breakTo(scan);
        w.assign(lo, add(lo, lit(1)));
        Block in = sc.ifThen(lt(lo, len));
        Block hit = in.ifThen(eq(l.cc(), v.key));
        hit.assign(result, CodedRuns.carried(m, l));
        hit.breakTo(v.l);
        if (kids) {
            in.ifThen(gt(lo, lit(0))).assign(v.g, lit(0));
        }
        descend(in, v, kids, target, k, jump);
        if (kids) {
            sc.ifThen(gt(len, lit(0))).assign(v.g, lit(0));
        }
    }

    private void found(Block b, Names v, SchemaModel.FieldInfo f, Ex index, Ex result) {
        b.assign(result, m.carriedAt(f, index));
        b.breakTo(v.l);
    }

    /** Continues the search in the gap's child (absent when the node has none); {@code jump} null: fall out. */
    private void descend(Block b, Names v, boolean kids, String target, Ex k, Consumer<Block> jump) {
        if (!kids) {
            b.breakTo(v.l);
            return;
        }
        b.assign(v.x, v.g);
        if (k != null) {
            b.assign(k, lit(m.kindId(target)));
        }
        if (jump != null) {
            jump.accept(b);
        }
    }
}
