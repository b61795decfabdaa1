package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.bitAnd;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.or;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.shl;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;
import static org.stag.engine.loopir.JavaType.LONG;
import static org.stag.engine.loopir.JavaType.LONGS;
import static org.stag.engine.loopir.JavaType.VOID;

import java.util.List;
import java.util.function.Consumer;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Code for the static levels of [Chou 2018]: plain loops over {@code pos}/{@code crd} arrays, dense ranges,
 * bitmap words and hash segments. Hash segments are unordered, so their cursor sorts a copy of the segment
 * first (iterator conversion).
 */
public final class StaticLevelCode implements LevelCode {
    private static final String PKG = "org.stag.formats.level.";
    private final StaticLevelFormat format;
    private final LevelType type;
    private final String p;
    private final Ex n;
    private final Ex pos;
    private final Ex crd;
    private final Ex seg;
    private final Ex words;
    /** A non-compact singleton (ELL's columns): a position whose crd is -1 has no child. */
    private final boolean padded;

    /** Code for a level of format {@code format}; locals start with {@code prefix}. */
    public StaticLevelCode(StaticLevelFormat format, String prefix) {
        this.format = format;
        this.type = format.type();
        this.p = prefix;
        this.n = intVar(p + "_n");
        this.pos = local(p + "_pos", INTS);
        this.crd = local(p + "_crd", INTS);
        this.seg = local(p + "_seg", INTS);
        this.words = local(p + "_words", LONGS);
        this.padded = type == LevelType.SINGLETON && !format.is(org.stag.formats.level.Property.COMPACT);
    }

    @Override
    public String prefix() {
        return p;
    }

    /** {@code ((Cls) level).array()}. */
    private static Ex array(Ex level, String cls, String array, JavaType t) {
        return call(cast(JavaType.ref(PKG + cls), level), array, t);
    }

    @Override
    public void unpack(Block out, Ex level) {
        out.let(INT, p + "_n", call(level, "dimension", INT));
        switch (type) {
            case COMPRESSED -> {
                out.let(INTS, p + "_pos", array(level, "CompressedLevel", "pos", INTS));
                out.let(INTS, p + "_crd", array(level, "CompressedLevel", "crd", INTS));
            }
            case SINGLETON -> out.let(INTS, p + "_crd", array(level, "SingletonLevel", "crd", INTS));
            case HASHED -> {
                out.let(INTS, p + "_seg", array(level, "HashedLevel", "seg", INTS));
                out.let(INTS, p + "_crd", array(level, "HashedLevel", "crd", INTS));
            }
            case BITMAP -> out.let(LONGS, p + "_words", array(level, "BitmapLevel", "words", LONGS));
            default -> {
            }
        }
    }

    @Override
    public StaticLevelFormat format() {
        return format;
    }

    @Override
    public boolean ordered() {
        return type != LevelType.HASHED;
    }

    @Override
    public boolean full() {
        return type == LevelType.DENSE;
    }

    @Override
    public boolean holdsValues() {
        return false;
    }

    /** {@code int a = x, a_end = y}: a for loop's position and its end. */
    private static List<Stmt.Decl> range(String q, Ex from, Ex to) {
        return List.of(new Stmt.Decl(false, INT, q, from), new Stmt.Decl(false, INT, q + "_end", to));
    }

    @Override
    public Ex[] positionRange(Ex parent) {
        return type == LevelType.COMPRESSED ? new Ex[] {load(pos, parent), load(pos, add(parent, 1))} : null;
    }

    @Override
    public Ex coordinateAt(Ex q) {
        if (type != LevelType.COMPRESSED) {
            return LevelCode.super.coordinateAt(q);
        }
        return load(crd, q);
    }

    @Override
    public void iterate(Block out, Ex parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        String qn = b.pos() != null ? b.pos() : p + "_q";
        Ex q = intVar(qn);
        Ex i = intVar(b.crd());
        switch (type) {
            case DENSE -> {
                Block loop = out.forLoop(label, INT, b.crd(), lit(0), lt(i, n), postInc(i));
                loop.let(INT, qn, add(mul(parent, n), i));
                body.accept(loop);
            }
            case COMPRESSED -> {
                Block loop = out.forLoop(label, range(qn, load(pos, parent), load(pos, add(parent, 1))),
                        lt(q, intVar(qn + "_end")), postInc(q));
                loop.let(INT, b.crd(), load(crd, q));
                body.accept(loop);
            }
            case SINGLETON -> {
                // One child per parent; a one-trip loop keeps `break label` meaningful.
                Block loop = out.forLoop(label, INT, qn, parent, eq(q, parent), postInc(q));
                loop.let(INT, b.crd(), load(crd, q));
                if (padded) {
                    // A slot an ELL row does not fill: crd -1, no child.
                    loop.ifThen(lt(i, lit(0))).continueTo(null);
                }
                body.accept(loop);
            }
            case HASHED -> {
                if (inOrder) {
                    Cursor c = cursor(out, parent, qn + "_c");
                    Block loop = out.whileLoop(label, c.valid());
                    loop.let(INT, b.crd(), c.crd());
                    loop.let(INT, qn, c.pos());
                    c.advance(loop);
                    body.accept(loop);
                } else {
                    Block loop = out.forLoop(label, range(qn, load(seg, parent), load(seg, add(parent, 1))),
                            lt(q, intVar(qn + "_end")), postInc(q));
                    loop.let(INT, b.crd(), load(crd, q));
                    loop.ifThen(lt(i, lit(0))).continueTo(null);
                    body.accept(loop);
                }
            }
            case BITMAP -> {
                Ex w = intVar(qn + "_w");
                Ex bits = local(qn + "_bits", LONG);
                Ex base = intVar(qn + "_base");
                Ex end = intVar(qn + "_end");
                out.let(INT, qn + "_base", mul(parent, n));
                out.let(INT, qn + "_end", add(base, n));
                Block ws = out.forLoop(label, INT, qn + "_w", ushr(base, lit(6)), lt(shl(w, lit(6)), end), postInc(w));
                ws.var(LONG, qn + "_bits", load(words, w));
                Block bitLoop = ws.whileLoop(null, ne(bits, lit(0L)));
                bitLoop.let(INT, qn, add(shl(w, lit(6)), staticCall(JavaType.ref("Long"), "numberOfTrailingZeros", INT, bits)));
                bitLoop.assign(bits, Stmt.AssignOp.AND, sub(bits, lit(1L)));
                bitLoop.ifThen(or(lt(q, base), ge(q, end))).continueTo(null);
                bitLoop.let(INT, b.crd(), sub(q, base));
                body.accept(bitLoop);
            }
            default -> throw new IllegalStateException(type.toString());
        }
    }

    @Override
    public Cursor cursor(Block out, Ex parent, String name) {
        Ex q = intVar(name + "_q");
        Ex end = intVar(name + "_end");
        switch (type) {
            case DENSE -> {
                out.var(INT, name + "_q", lit(0));
                return new SimpleCursor(lt(q, n), q, add(mul(parent, n), q), postInc(q));
            }
            case COMPRESSED -> {
                out.var(INT, name + "_q", load(pos, parent));
                out.let(INT, name + "_end", load(pos, add(parent, 1)));
                return new SimpleCursor(lt(q, end), load(crd, q), q, postInc(q));
            }
            case SINGLETON -> {
                out.var(INT, name + "_q", parent);
                // A padded slot (crd -1) is no element; the position test comes first, so crd is read in bounds.
                return new SimpleCursor(padded ? and(eq(q, parent), ge(load(crd, q), lit(0))) : eq(q, parent), load(crd, q), q,
                        postInc(q));
            }
            case BITMAP -> {
                Ex base = intVar(name + "_base");
                JavaType.Ref bitsClass = JavaType.ref("org.stag.engine.kernellib.Bits");
                out.let(INT, name + "_base", mul(parent, n));
                out.let(INT, name + "_end", add(base, n));
                out.var(INT, name + "_q", staticCall(bitsClass, "next", INT, words, base, end));
                return new SimpleCursor(ge(q, lit(0)), sub(q, base), q, null) {
                    @Override
                    public void advance(Block b) {
                        b.assign(q, staticCall(bitsClass, "next", INT, words, add(q, 1), end));
                    }
                };
            }
            case HASHED -> {
                // Iterator conversion: copy the segment's labelled buckets and sort them by coordinate.
                Ex keys = local(name + "_keys", INTS);
                Ex vals = local(name + "_vals", INTS);
                Ex cnt = intVar(name + "_n");
                Ex lo = intVar(name + "_lo");
                Ex hi = intVar(name + "_hi");
                Ex bk = intVar(name + "_b");
                Ex ws = local("ws", JavaType.ref("org.stag.engine.kernellib.Workspace"));
                out.let(INT, name + "_lo", load(seg, parent));
                out.let(INT, name + "_hi", load(seg, add(parent, 1)));
                out.let(INTS, name + "_keys", call(ws, "ints", INTS, str(name + "_keys"), sub(hi, lo)));
                out.let(INTS, name + "_vals", call(ws, "ints", INTS, str(name + "_vals"), sub(hi, lo)));
                out.var(INT, name + "_n", lit(0));
                Block gather = out.forLoop(null, INT, name + "_b", lo, lt(bk, hi), postInc(bk));
                gather.ifThen(ge(load(crd, bk), lit(0))).store(keys, cnt, load(crd, bk)).store(vals, postInc(cnt), bk);
                out.eval(staticCall(JavaType.ref("org.stag.engine.kernellib.Sorts"), "sortPairs", VOID, keys, vals, lit(0), cnt));
                out.var(INT, name + "_q", lit(0));
                return new SimpleCursor(lt(q, cnt), load(keys, q), load(vals, q), postInc(q));
            }
            default -> throw new IllegalStateException(type.toString());
        }
    }

    @Override
    public void locate(Block out, Ex parent, Ex c, Binding b) {
        Ex at = intVar(b.pos());
        JavaType.Ref probe = JavaType.ref("org.stag.engine.kernellib.Probe");
        switch (type) {
            case DENSE -> out.let(INT, b.pos(), add(mul(parent, n), c));
            case BITMAP -> {
                out.var(INT, b.pos(), add(mul(parent, n), c));
                out.ifThen(eq(bitAnd(load(words, ushr(at, lit(6))), shl(lit(1L), at)), lit(0L))).assign(at, lit(-1));
            }
            case HASHED -> out.let(INT, b.pos(), staticCall(probe, "hashed", INT, seg, crd, parent, c));
            case COMPRESSED -> out.let(INT, b.pos(), staticCall(probe, "sorted", INT, crd, load(pos, parent),
                    load(pos, add(parent, 1)), c));
            case SINGLETON -> out.let(INT, b.pos(), cond(eq(load(crd, parent), c), parent, lit(-1)));
            default -> throw new IllegalStateException(type.toString());
        }
    }
}
