package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.neg;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.function.Consumer;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Code for a range level ([Chou 2018], Table 2: coordinate value iteration with {@code coord_bounds(i_1, ..., i_k-1) =
 * [max(0, -offset[d]), min(N, M - offset[d]))} for the parent coordinate {@code d}, and {@code coord_access(p, i) =
 * p * N + i}): DIA's rows of one diagonal, a counted loop with no array read per element. The offsets and {@code M}
 * are the offset level's below ({@code RangeLevel}).
 */
final class RangeLevelCode implements LevelCode {
    private static final JavaType.Ref MATH = JavaType.ref("java.lang.Math");
    private final StaticLevelFormat format;
    private final String p;
    private final Ex n;
    private final Ex m;
    private final Ex off;

    RangeLevelCode(StaticLevelFormat format, String prefix) {
        this.format = format;
        this.p = prefix;
        this.n = intVar(p + "_n");
        this.m = intVar(p + "_m");
        this.off = local(p + "_off", INTS);
    }

    @Override
    public String prefix() {
        return p;
    }

    @Override
    public void unpack(Block out, Ex level) {
        Ex range = cast(JavaType.ref("org.stag.formats.level.RangeLevel"), level);
        out.let(INT, p + "_n", call(level, "dimension", INT));
        out.let(INT, p + "_m", call(range, "columns", INT));
        out.let(INTS, p + "_off", call(range, "offset", INTS));
    }

    @Override
    public StaticLevelFormat format() {
        return format;
    }

    @Override
    public boolean ordered() {
        return true;
    }

    @Override
    public boolean full() {
        return false;
    }

    @Override
    public boolean holdsValues() {
        return false;
    }

    /** {@code max(0, -offset[d])}. */
    private Ex lower(Parent parent) {
        return staticCall(MATH, "max", INT, lit(0), neg(load(off, parent.ancestor(1))));
    }

    /** {@code min(N, M - offset[d])}. */
    private Ex upper(Parent parent) {
        return staticCall(MATH, "min", INT, n, sub(m, load(off, parent.ancestor(1))));
    }

    @Override
    public void iterate(Block out, Ex parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        throw new IllegalStateException(p + ": a range level reads its parent's coordinate (Parent)");
    }

    @Override
    public void iterate(Block out, Parent parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        String qn = b.pos() != null ? b.pos() : p + "_q";
        Ex i = intVar(b.crd());
        out.let(INT, qn + "_hi", upper(parent));
        Block loop = out.forLoop(label, INT, b.crd(), lower(parent), lt(i, intVar(qn + "_hi")), postInc(i));
        loop.let(INT, qn, add(mul(parent.pos(), n), i));
        body.accept(loop);
    }

    @Override
    public Cursor cursor(Block out, Ex parent, String name) {
        throw new IllegalStateException(p + ": a range level reads its parent's coordinate (Parent)");
    }

    @Override
    public Cursor cursor(Block out, Parent parent, String name) {
        Ex q = intVar(name + "_q");
        Ex end = intVar(name + "_end");
        out.var(INT, name + "_q", lower(parent));
        out.let(INT, name + "_end", upper(parent));
        Ex at = add(mul(parent.pos(), n), q);
        return new Cursor() {
            @Override
            public Ex valid() {
                return lt(q, end);
            }

            @Override
            public Ex crd() {
                return q;
            }

            @Override
            public Ex pos() {
                return at;
            }

            @Override
            public Ex val() {
                throw new UnsupportedOperationException("static levels hold positions");
            }

            @Override
            public void advance(Block b) {
                b.eval(postInc(q));
            }
        };
    }

    @Override
    public void locate(Block out, Ex parent, Ex crd, Binding b) {
        throw new IllegalStateException(p + ": a range level reads its parent's coordinate (Parent)");
    }

    /** {@code coord_access} where the bounds hold; -1 outside them (a position of the diagonal's padding). */
    @Override
    public void locate(Block out, Parent parent, Ex crd, Binding b) {
        out.let(INT, b.pos(), cond(and(ge(crd, lower(parent)), lt(crd, upper(parent))), add(mul(parent.pos(), n), crd),
                lit(-1)));
    }
}
