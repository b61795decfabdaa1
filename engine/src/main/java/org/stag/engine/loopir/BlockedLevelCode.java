package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.newObject;
import static org.stag.engine.loopir.Exprs.nil;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.shl;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.staticField;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.DOUBLE;
import static org.stag.engine.loopir.JavaType.DOUBLES;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.List;
import java.util.function.Consumer;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Code for a {@code compressed} last level with 64-bit positions ({@code org.stag.formats.level.BlockedLevel}):
 * the loops of {@link StaticLevelCode}'s compressed level over the arrays of the parent's row block, which are
 * loaded into locals when a parent of another block is entered, by the same check a dynamic level's shard entry
 * uses ({@code if ((parent >>> bits) != block) ...}), so that {@link ShardHoist} moves it out of a row loop and a
 * loop over rows loads each block's arrays once. Positions inside a block are ints, and the elements bind their
 * value ({@link #holdsValues()}: the block's doubles, or 1.0 for a pattern), as a dynamic last level's do. The
 * kernel is compiled for this level apart from the int one because the operand's value read says so
 * ({@code ValueRead}: inline values or nothing instead of positions).
 */
final class BlockedLevelCode implements LevelCode {
    private static final JavaType.Ref LEVEL = JavaType.ref("org.stag.formats.level.BlockedLevel");
    private static final JavaType.Ref MODES = JavaType.ref("org.stag.formats.dynamic.ValueMode");
    private final StaticLevelFormat format;
    private final String p;
    private final boolean doubles;
    private final Ex lvl;
    private final Ex bits;
    private final Ex block;
    private final Ex base;
    private final Ex pos;
    private final Ex crd;
    private final Ex val;
    private int emissions;

    /** Code for a blocked level whose elements carry {@code mode} (doubles or nothing); locals start with {@code prefix}. */
    BlockedLevelCode(StaticLevelFormat format, String prefix, ValueMode mode) {
        if (mode == ValueMode.POSITION) {
            throw new IllegalArgumentException("a blocked level carries values or nothing, not positions");
        }
        this.format = format;
        this.p = prefix;
        this.doubles = mode == ValueMode.DOUBLE;
        this.lvl = local(p + "_lvl", LEVEL);
        this.bits = intVar(p + "_bits");
        this.block = intVar(p + "_shard");
        this.base = intVar(p + "_base");
        this.pos = local(p + "_pos", INTS);
        this.crd = local(p + "_crd", INTS);
        this.val = local(p + "_val", DOUBLES);
    }

    @Override
    public String prefix() {
        return p;
    }

    @Override
    public void unpack(Block out, Ex level) {
        out.comment(p + ": compressed level in row blocks (64-bit positions), " + (doubles ? "values" : "coordinates only"));
        out.var(LEVEL, p + "_lvl", cast(LEVEL, level));
        String mode = doubles ? "DOUBLE" : "NONE";
        out.ifThen(ne(call(lvl, "mode", MODES), staticField(MODES, mode, MODES))).raise(newObject(
                JavaType.ref("IllegalStateException"), str(p + ": blocked level was compiled for " + mode)));
        out.let(INT, p + "_n", call(level, "dimension", INT));
        out.var(INT, p + "_bits", call(lvl, "shardBits", INT));
        out.var(INT, p + "_shard", lit(-1));
        out.var(INT, p + "_base", lit(0));
        out.var(INTS, p + "_pos", nil(INTS));
        out.var(INTS, p + "_crd", nil(INTS));
        if (doubles) {
            out.var(DOUBLES, p + "_val", nil(DOUBLES));
        }
    }

    /** Loads the arrays of {@code parent}'s block unless they are loaded: one compare per parent entered. */
    private void enter(Block out, Ex parent) {
        Ex shard = ushr(parent, bits);
        Block b = out.ifThen(ne(shard, block));
        b.assign(block, shard);
        b.assign(pos, call(lvl, "pos", INTS, block));
        b.assign(crd, call(lvl, "crd", INTS, block));
        if (doubles) {
            b.assign(val, call(lvl, "val", DOUBLES, block));
        }
        b.assign(base, shl(block, bits));
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

    /** True also for a pattern: a visit binds 1.0 for each element, a locate 1.0 or NaN. */
    @Override
    public boolean holdsValues() {
        return true;
    }

    private Ex valueAt(Ex q) {
        return doubles ? load(val, q) : lit(1.0);
    }

    @Override
    public void iterate(Block out, Ex parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        int id = ++emissions;
        String qn = p + "_q" + id;
        Ex q = intVar(qn);
        enter(out, parent);
        out.let(INT, p + "_r" + id, sub(parent, base));
        Ex r = intVar(p + "_r" + id);
        Block loop = out.forLoop(label, List.of(new Stmt.Decl(false, INT, qn, load(pos, r)),
                new Stmt.Decl(false, INT, qn + "_end", load(pos, add(r, 1)))), lt(q, intVar(qn + "_end")), postInc(q));
        loop.let(INT, b.crd(), load(crd, q));
        if (b.val() != null) {
            loop.let(DOUBLE, b.val(), valueAt(q));
        }
        if (b.pos() != null) {
            loop.let(INT, b.pos(), q);
        }
        body.accept(loop);
    }

    @Override
    public Cursor cursor(Block out, Ex parent, String name) {
        enter(out, parent);
        Ex r = intVar(name + "_r");
        out.let(INT, name + "_r", sub(parent, base));
        // The block's arrays are the cursor's own: another parent entered meanwhile does not move it.
        Ex c = local(name + "_c", INTS);
        out.let(INTS, name + "_c", crd);
        Ex v = local(name + "_v", DOUBLES);
        if (doubles) {
            out.let(DOUBLES, name + "_v", val);
        }
        Ex q = intVar(name + "_q");
        Ex end = intVar(name + "_end");
        out.var(INT, name + "_q", load(pos, r));
        out.let(INT, name + "_end", load(pos, add(r, 1)));
        return new Cursor() {
            @Override
            public Ex valid() {
                return lt(q, end);
            }

            @Override
            public Ex crd() {
                return load(c, q);
            }

            @Override
            public Ex pos() {
                return q;
            }

            @Override
            public Ex val() {
                return doubles ? load(v, q) : lit(1.0);
            }

            @Override
            public void advance(Block b) {
                b.eval(postInc(q));
            }
        };
    }

    @Override
    public void locate(Block out, Ex parent, Ex c, Binding b) {
        int id = ++emissions;
        enter(out, parent);
        Ex r = intVar(p + "_r" + id);
        out.let(INT, p + "_r" + id, sub(parent, base));
        String at = p + "_at" + id;
        out.let(INT, at, staticCall(JavaType.ref("org.stag.engine.kernellib.Probe"), "sorted", INT, crd, load(pos, r),
                load(pos, add(r, 1)), c));
        if (b.val() != null) {
            out.let(DOUBLE, b.val(), cond(ge(intVar(at), lit(0)), doubles ? load(val, intVar(at)) : lit(1.0),
                    lit(Double.NaN)));
        }
        if (b.pos() != null) {
            out.let(INT, b.pos(), intVar(at));
        }
    }
}
