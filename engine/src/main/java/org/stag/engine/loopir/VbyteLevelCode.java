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
import static org.stag.engine.loopir.JavaType.BYTES;
import static org.stag.engine.loopir.JavaType.DOUBLES;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;
import static org.stag.engine.loopir.JavaType.LONG;

import java.util.List;
import java.util.function.Consumer;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Code for a {@code vbyte} last level ({@code org.stag.formats.level.VbyteLevel}): a visit decodes the parent's
 * gaps in the loop with primitive locals (a byte offset and the last id; {@code ChunkCodes}' word-wise calls
 * decode one gap and inline), a cursor keeps the same two locals, and a locate calls {@code VbyteCodes.locate} (a binary search
 * over the row's chunk heads, then one chunk decoded). The level's arrays are per row block and loaded into locals
 * when a parent of another block is entered, by the check {@link BlockedLevelCode} uses, so {@link ShardHoist}
 * moves it out of row loops. Elements bind their position (the block's first element plus the local number, an
 * index into the tensor's values) or, when the level holds its values or is a pattern, the value.
 */
final class VbyteLevelCode implements LevelCode {
    private static final JavaType.Ref LEVEL = JavaType.ref("org.stag.formats.level.VbyteLevel");
    private static final JavaType.Ref CODES = JavaType.ref("org.stag.formats.level.VbyteCodes");
    private static final JavaType.Ref CHUNK_CODES = JavaType.ref("org.stag.formats.dynamic.ChunkCodes");
    private static final JavaType.Ref MODES = JavaType.ref("org.stag.formats.dynamic.ValueMode");
    private final StaticLevelFormat format;
    private final String p;
    private final ValueMode mode;
    private final Ex lvl;
    private final Ex bits;
    private final Ex block;
    private final Ex base;
    private final Ex first;
    private final Ex elems;
    private final Ex starts;
    private final Ex codes;
    private final Ex val;
    private int emissions;

    /** Code for a vbyte level whose elements carry {@code mode}; locals start with {@code prefix}. */
    VbyteLevelCode(StaticLevelFormat format, String prefix, ValueMode mode) {
        this.format = format;
        this.p = prefix;
        this.mode = mode;
        this.lvl = local(p + "_lvl", LEVEL);
        this.bits = intVar(p + "_bits");
        this.block = intVar(p + "_shard");
        this.base = intVar(p + "_base");
        this.first = intVar(p + "_first");
        this.elems = local(p + "_elems", INTS);
        this.starts = local(p + "_starts", INTS);
        this.codes = local(p + "_codes", BYTES);
        this.val = local(p + "_val", DOUBLES);
    }

    @Override
    public String prefix() {
        return p;
    }

    @Override
    public void unpack(Block out, Ex level) {
        out.comment(p + ": vbyte level (byte codes in row blocks), elements carry " + mode.name().toLowerCase(java.util.Locale.ROOT));
        out.var(LEVEL, p + "_lvl", cast(LEVEL, level));
        out.ifThen(ne(call(lvl, "mode", MODES), staticField(MODES, mode.name(), MODES))).raise(newObject(
                JavaType.ref("IllegalStateException"), str(p + ": vbyte level was compiled for " + mode.name())));
        out.let(INT, p + "_n", call(level, "dimension", INT));
        out.var(INT, p + "_bits", call(lvl, "shardBits", INT));
        out.var(INT, p + "_shard", lit(-1));
        out.var(INT, p + "_base", lit(0));
        if (mode == ValueMode.POSITION) {
            out.var(INT, p + "_first", lit(0));
        }
        out.var(INTS, p + "_elems", nil(INTS));
        out.var(INTS, p + "_starts", nil(INTS));
        out.var(BYTES, p + "_codes", nil(BYTES));
        if (mode == ValueMode.DOUBLE) {
            out.var(DOUBLES, p + "_val", nil(DOUBLES));
        }
    }

    /** Loads the arrays of {@code parent}'s block unless they are loaded: one compare per parent entered. */
    private void enter(Block out, Ex parent) {
        Ex shard = ushr(parent, bits);
        Block b = out.ifThen(ne(shard, block));
        b.assign(block, shard);
        b.assign(elems, call(lvl, "elems", INTS, block));
        b.assign(starts, call(lvl, "codeStarts", INTS, block));
        b.assign(codes, call(lvl, "codes", BYTES, block));
        if (mode == ValueMode.DOUBLE) {
            b.assign(val, call(lvl, "val", DOUBLES, block));
        }
        if (mode == ValueMode.POSITION) {
            b.assign(first, cast(INT, call(lvl, "firstElement", LONG, block)));
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

    /** True unless the elements carry positions: a visit binds the value (1.0 for a pattern), a locate it or NaN. */
    @Override
    public boolean holdsValues() {
        return mode != ValueMode.POSITION;
    }

    private Ex valueAt(Ex q) {
        return mode == ValueMode.DOUBLE ? load(val, q) : lit(1.0);
    }

    @Override
    public void iterate(Block out, Ex parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        int id = ++emissions;
        String qn = p + "_q" + id;
        Ex q = intVar(qn);
        Ex at = intVar(p + "_at" + id);
        Ex c = intVar(p + "_c" + id);
        enter(out, parent);
        out.let(INT, p + "_r" + id, sub(parent, base));
        Ex r = intVar(p + "_r" + id);
        out.var(INT, p + "_at" + id, load(starts, r));
        out.var(INT, p + "_c" + id, lit(-1));
        Block loop = out.forLoop(label, List.of(new Stmt.Decl(false, INT, qn, load(elems, r)),
                new Stmt.Decl(false, INT, qn + "_end", load(elems, add(r, 1)))), lt(q, intVar(qn + "_end")), postInc(q));
        step(loop, p + "_w" + id, codes, at, c);
        loop.let(INT, b.crd(), c);
        if (b.val() != null) {
            loop.let(DOUBLE, b.val(), valueAt(q));
        }
        if (b.pos() != null) {
            loop.let(INT, b.pos(), add(first, q));
        }
        body.accept(loop);
    }

    @Override
    public Cursor cursor(Block out, Ex parent, String name) {
        enter(out, parent);
        Ex r = intVar(name + "_r");
        out.let(INT, name + "_r", sub(parent, base));
        // The block's arrays are the cursor's own: another parent entered meanwhile does not move it.
        Ex bytes = local(name + "_b", BYTES);
        out.let(BYTES, name + "_b", codes);
        Ex v = local(name + "_v", DOUBLES);
        if (mode == ValueMode.DOUBLE) {
            out.let(DOUBLES, name + "_v", val);
        }
        Ex f = intVar(name + "_f");
        if (mode == ValueMode.POSITION) {
            out.let(INT, name + "_f", first);
        }
        Ex q = intVar(name + "_q");
        Ex end = intVar(name + "_end");
        Ex at = intVar(name + "_at");
        Ex c = intVar(name + "_c");
        out.var(INT, name + "_q", load(elems, r));
        out.let(INT, name + "_end", load(elems, add(r, 1)));
        out.var(INT, name + "_at", load(starts, r));
        out.var(INT, name + "_c", lit(-1));
        Block init = out.ifThen(lt(q, end));
        step(init, name + "_w0", bytes, at, c);
        return new Cursor() {
            private int steps;

            @Override
            public Ex valid() {
                return lt(q, end);
            }

            @Override
            public Ex crd() {
                return c;
            }

            @Override
            public Ex pos() {
                return add(f, q);
            }

            @Override
            public Ex val() {
                return mode == ValueMode.DOUBLE ? load(v, q) : lit(1.0);
            }

            @Override
            public void advance(Block b) {
                b.eval(postInc(q));
                Block more = b.ifThen(lt(q, end));
                step(more, name + "_w" + (++steps), bytes, at, c);
            }
        };
    }

    /**
     * One gap decoded with {@code ChunkCodes}' word-wise calls: {@code int w = word(bytes, at); int s = stop(w);
     * c += (s < 32 ? value(w, s) : value5(w, bytes, at)) + 1; at += (s >>> 3) + 1;} (one 4-byte read and no
     * branch on the data for a code of up to 4 bytes; the 5-byte test always goes the same way on a graph).
     */
    private static void step(Block out, String w, Ex bytes, Ex at, Ex c) {
        Ex wv = intVar(w);
        Ex sv = intVar(w + "_s");
        out.let(INT, w, staticCall(CHUNK_CODES, "word", INT, bytes, at));
        out.let(INT, w + "_s", staticCall(CHUNK_CODES, "stop", INT, wv));
        out.assign(c, Stmt.AssignOp.ADD, add(cond(lt(sv, lit(32)), staticCall(CHUNK_CODES, "value", INT, wv, sv),
                staticCall(CHUNK_CODES, "value5", INT, wv, bytes, at)), 1));
        out.assign(at, Stmt.AssignOp.ADD, add(ushr(sv, lit(3)), 1));
    }

    @Override
    public void locate(Block out, Ex parent, Ex c, Binding b) {
        int id = ++emissions;
        enter(out, parent);
        Ex r = intVar(p + "_r" + id);
        out.let(INT, p + "_r" + id, sub(parent, base));
        String k = p + "_k" + id;
        out.let(INT, k, staticCall(CODES, "locate", INT, codes, load(starts, r), sub(load(elems, add(r, 1)), load(elems, r)), c));
        Ex at = cond(ge(intVar(k), lit(0)), add(load(elems, r), intVar(k)), lit(-1));
        if (b.val() != null) {
            String l = p + "_l" + id;
            out.let(INT, l, at);
            out.let(DOUBLE, b.val(), cond(ge(intVar(l), lit(0)), valueAt(intVar(l)), lit(Double.NaN)));
        }
        if (b.pos() != null) {
            out.let(INT, b.pos(), cond(ge(intVar(k), lit(0)), add(first, add(load(elems, r), intVar(k))), lit(-1)));
        }
    }
}
