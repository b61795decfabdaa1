package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.gt;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.postDec;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.JavaType.INT;

import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.LevelCode.Cursor;

/**
 * A cursor over one structure through the shard's in-order node index ({@code NodeOrder.rows}), for the
 * C-tree's shape: the root's own elements are one arena run, and each tree node's own elements are one scalar
 * element (its head) followed by one arena run (its chunk). The state is the current run {@code [q, qe)} and
 * the row's remaining node range {@code [oc, oe)}; advancing takes the run's next element, or the next node's
 * head (and makes its chunk the run), or ends the cursor. Setting it up reads the row's 16-byte record, and
 * advancing is two compares and the element's load: no state machine, no child links, no stack. When the
 * elements carry nothing, a node's head and chunk come from the index's head triples ({@code NodeOrder.heads})
 * instead of its handle and the pools. Every element field is {@code nonempty}, so a coordinate of -1 marks
 * the end.
 */
final class IndexedCursor {
    private IndexedCursor() {
    }

    /** A cursor over the elements of {@code parent}, positioned on the first one; {@code fields} are {@link SchemaModel#headRuns}. */
    static Cursor emit(SchemaModel m, SchemaModel.FieldInfo[] fields, Block out, int id, Ex parent, String name) {
        String n = Integer.toString(id);
        Ex r = intVar(m.p + "_r" + n);
        Ex q = intVar(m.p + "_q" + n);
        Ex qe = intVar(m.p + "_qe" + n);
        Ex oc = intVar(m.p + "_oc" + n);
        Ex oe = intVar(m.p + "_oe" + n);
        Ex h = intVar(m.p + "_h" + n);
        Ex crd = intVar(m.p + "_crd" + n);
        String carriedName = m.p + (m.doubles ? "_val" : "_pos") + n;
        Ex carried = local(carriedName, m.carriedType());
        out.comment(m.p + " cursor " + name + " over " + m.schema.name() + ", through the node index");
        ShardArrays.enter(m, out, parent);
        out.var(INT, m.p + "_r" + n, mul(sub(parent, m.own("obase")), lit(4)));
        out.var(INT, m.p + "_q" + n, load(m.ownInts("orows"), r));
        out.var(INT, m.p + "_qe" + n, load(m.ownInts("orows"), add(r, lit(1))));
        out.var(INT, m.p + "_oc" + n, load(m.ownInts("orows"), add(r, lit(2))));
        out.var(INT, m.p + "_oe" + n, load(m.ownInts("orows"), add(r, lit(3))));
        out.var(INT, m.p + "_h" + n, lit(0));
        out.var(INT, m.p + "_crd" + n, lit(-1));
        out.var(m.carriedType(), carriedName, m.doubles ? lit(0.0) : lit(0));
        if (m.coded) {
            CodedRuns.Locals l = CodedRuns.declare(m, out, n);
            CodedRuns.open(m, out, l, q, qe);
            Consumer<Block> coded = b -> {
                Block inRun = b.ifThen(gt(qe, lit(0)));
                CodedRuns.next(m, inRun, l, q);
                CodedRuns.skipValue(m, inRun, l);
                inRun.assign(crd, l.cc());
                inRun.assign(carried, CodedRuns.carried(m, l));
                inRun.eval(postDec(qe));
                Block rest = b.orElse();
                Block node = rest.ifThen(lt(oc, oe));
                node.assign(crd, listedHead(m, node, oc, h));
                node.assign(carried, m.carriedAt(fields[0], h));
                listedRun(m, node, h, q, qe);
                CodedRuns.open(m, node, l, q, qe);
                rest.orElse().assign(crd, lit(-1));
            };
            coded.accept(out);
            return cursor(m, crd, carried, coded);
        }
        Consumer<Block> step = b -> {
            Block inRun = b.ifThen(lt(q, qe));
            inRun.assign(crd, load(m.crdArray(m.rootRun), q));
            inRun.assign(carried, m.carriedAt(m.rootRun, q));
            inRun.eval(postInc(q));
            Block rest = b.orElse();
            Block node = rest.ifThen(lt(oc, oe));
            Ex head = listedHead(m, node, oc, h);
            node.assign(crd, head);
            node.assign(carried, m.carriedAt(fields[0], h));
            listedRun(m, node, h, q, qe);
            rest.orElse().assign(crd, lit(-1));
        };
        step.accept(out);
        return cursor(m, crd, carried, step);
    }

    /** The cursor whose state {@code step} advances. */
    private static Cursor cursor(SchemaModel m, Ex crd, Ex carried, Consumer<Block> step) {
        return new Cursor() {
            @Override
            public Ex valid() {
                return ge(crd, lit(0));
            }

            @Override
            public Ex crd() {
                return crd;
            }

            @Override
            public Ex pos() {
                return m.doubles ? null : carried;
            }

            @Override
            public Ex val() {
                return m.doubles ? carried : null;
            }

            @Override
            public void advance(Block b) {
                step.accept(b);
            }
        };
    }

    /**
     * Moves to listed node {@code oc} of a row of the C-tree's shape ({@link SchemaModel#headRuns}) and
     * advances {@code oc}: sets {@code h} to the node's handle, or with {@link SchemaModel#headTriples} to its
     * offset in the node index's {@code heads}, and returns the head's coordinate. What the head carries is
     * {@code m.carriedAt(m.headRuns[0], h)} either way (nothing, with head triples). Visits and cursors share it.
     */
    static Ex listedHead(SchemaModel m, Block b, Ex oc, Ex h) {
        if (m.headTriples()) {
            b.assign(h, mul(oc, lit(3)));
            b.eval(postInc(oc));
            return load(m.ownInts("oheads"), h);
        }
        b.assign(h, load(m.ownInts("onodes"), oc));
        b.eval(postInc(oc));
        return load(m.crdArray(m.headRuns[0]), h);
    }

    /** Makes the chunk of the node {@link #listedHead} set {@code h} to the current run {@code [q, qe)}. */
    static void listedRun(SchemaModel m, Block b, Ex h, Ex q, Ex qe) {
        if (m.headTriples()) {
            b.assign(q, load(m.ownInts("oheads"), add(h, lit(1))));
            b.assign(qe, add(q, load(m.ownInts("oheads"), add(h, lit(2)))));
        } else {
            b.assign(q, m.base(m.headRuns[1], h));
            b.assign(qe, add(q, m.length(m.headRuns[1], h)));
        }
    }
}
