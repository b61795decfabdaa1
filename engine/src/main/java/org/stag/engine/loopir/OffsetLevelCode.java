package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.function.Consumer;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Code for an offset level ([Chou 2018], Table 2: coordinate position iteration with {@code pos_bounds(p) = [p, p + 1)}
 * and {@code pos_access(p, i_1, ..., i_k-1) = i_k-1 + offset[i_k-2]}): DIA's column, the parent's row shifted by its
 * diagonal's offset, read from the ancestors' coordinates, with no coordinate stored.
 */
final class OffsetLevelCode extends AncestorLevelCode {
    private final Ex off;

    OffsetLevelCode(StaticLevelFormat format, String prefix) {
        super(format, prefix);
        this.off = local(p + "_off", INTS);
    }

    @Override
    public void unpack(Block out, Ex level) {
        out.let(INT, p + "_n", call(level, "dimension", INT));
        out.let(INTS, p + "_off", call(cast(JavaType.ref("org.stag.formats.level.OffsetLevel"), level), "offset", INTS));
    }

    /** {@code i + offset[d]}: the parent's coordinate shifted by the grandparent's (the diagonal's) offset. */
    private Ex column(Parent parent) {
        return add(parent.ancestor(1), load(off, parent.ancestor(2)));
    }

    @Override
    public void iterate(Block out, Parent parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        String qn = b.pos() != null ? b.pos() : p + "_q";
        Ex q = intVar(qn);
        Ex at = parent.pos();
        // One child per parent; a one-trip loop keeps `break label` meaningful, as for a singleton.
        Block loop = out.forLoop(label, INT, qn, at, eq(q, at), postInc(q));
        loop.let(INT, b.crd(), column(parent));
        body.accept(loop);
    }

    @Override
    public Cursor cursor(Block out, Parent parent, String name) {
        Ex q = intVar(name + "_q");
        out.var(INT, name + "_q", parent.pos());
        return new SimpleCursor(eq(q, parent.pos()), column(parent), q, postInc(q));
    }

    @Override
    public void locate(Block out, Parent parent, Ex crd, Binding b) {
        out.let(INT, b.pos(), cond(eq(column(parent), crd), parent.pos(), lit(-1)));
    }
}
