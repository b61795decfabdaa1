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
final class RangeLevelCode extends AncestorLevelCode {
    private static final JavaType.Ref MATH = JavaType.ref("java.lang.Math");
    private final Ex n;
    private final Ex m;
    private final Ex off;

    RangeLevelCode(StaticLevelFormat format, String prefix) {
        super(format, prefix);
        this.n = intVar(p + "_n");
        this.m = intVar(p + "_m");
        this.off = local(p + "_off", INTS);
    }

    @Override
    public void unpack(Block out, Ex level) {
        Ex range = cast(JavaType.ref("org.stag.formats.level.RangeLevel"), level);
        out.let(INT, p + "_n", call(level, "dimension", INT));
        out.let(INT, p + "_m", call(range, "columns", INT));
        out.let(INTS, p + "_off", call(range, "offset", INTS));
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
    public void iterate(Block out, Parent parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        String qn = b.pos() != null ? b.pos() : p + "_q";
        Ex i = intVar(b.crd());
        out.let(INT, qn + "_hi", upper(parent));
        Block loop = out.forLoop(label, INT, b.crd(), lower(parent), lt(i, intVar(qn + "_hi")), postInc(i));
        loop.let(INT, qn, add(mul(parent.pos(), n), i));
        body.accept(loop);
    }

    @Override
    public Cursor cursor(Block out, Parent parent, String name) {
        Ex q = intVar(name + "_q");
        out.var(INT, name + "_q", lower(parent));
        out.let(INT, name + "_end", upper(parent));
        return new SimpleCursor(lt(q, intVar(name + "_end")), q, add(mul(parent.pos(), n), q), postInc(q));
    }

    /** {@code coord_access} where the bounds hold; -1 outside them (a position of the diagonal's padding). */
    @Override
    public void locate(Block out, Parent parent, Ex crd, Binding b) {
        out.let(INT, b.pos(), cond(and(ge(crd, lower(parent)), lt(crd, upper(parent))), add(mul(parent.pos(), n), crd),
                lit(-1)));
    }
}
