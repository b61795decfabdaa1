package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.INT;

import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
import org.stag.formats.dynamic.ChunkCodes;

/**
 * Runs of {@code varint} element arrays in generated code ({@link SchemaModel#coded}): a run that the other
 * emitters name as {@code [q, qe)} (its byte offset, and the offset plus its element count, as the node index
 * records it) becomes a code cursor {@code q}, a count of elements left {@code qe}, the byte position of the
 * next element's value {@code vb} and the last coordinate {@code cc}; each element is decoded inline from
 * the shard's byte array with int locals ({@link ChunkCodes}' code: 7 bits a byte, high bit set on all but the
 * last; its word-wise calls, which the JIT inlines: one 4-byte read, no branch on the data). No object per element; a carried value is read raw from the run
 * ({@code ChunkCodes.doubleAt}, one little-endian load once inlined).
 */
final class CodedRuns {
    /** The locals of one visit, cursor or search: value position, coordinate, byte, difference, shift. */
    record Locals(Ex vb, Ex cc, Ex x, Ex d, Ex sh) {
    }

    private static final JavaType.Ref CODES = JavaType.ref(ChunkCodes.class.getName());

    private CodedRuns() {
    }

    /** Declares the locals of one emission (suffix {@code id}), zero. */
    static Locals declare(SchemaModel m, Block out, String id) {
        String p = m.p + "_";
        Locals l = new Locals(intVar(p + "zvb" + id), intVar(p + "zcc" + id), intVar(p + "zx" + id), intVar(p + "zd" + id),
                intVar(p + "zsh" + id));
        for (Ex e : new Ex[] {l.vb, l.cc, l.x, l.d, l.sh}) {
            out.var(INT, ((Ex.Local) e).name(), lit(0));
        }
        return l;
    }

    /** Bytes a carried value takes in a run. */
    static int width(SchemaModel m) {
        return ChunkCodes.width(m.mode);
    }

    /** Turns the run {@code [q, qe)} (byte offset, offset plus count) into a cursor on its first code. */
    static void open(SchemaModel m, Block b, Locals l, Ex q, Ex qe) {
        b.assign(qe, sub(qe, q));
        int w = width(m);
        if (w > 0) {
            b.assign(l.vb, q);
            b.assign(q, add(q, mul(qe, lit(w))));
        }
        b.assign(l.cc, lit(0));
    }

    /**
     * Decodes the next coordinate into {@code cc}, advancing {@code q} past its code (the count is the caller's):
     * {@code x = word(bytes, q); sh = stop(x); d = sh < 32 ? value(x, sh) : value5(x, bytes, q); q += (sh >>> 3) + 1},
     * one 4-byte read and no branch on the data for a code of up to 4 bytes.
     */
    static void next(SchemaModel m, Block b, Locals l, Ex q) {
        Ex bytes = m.ownBytes();
        b.assign(l.x, staticCall(CODES, "word", INT, bytes, q));
        b.assign(l.sh, staticCall(CODES, "stop", INT, l.x));
        b.assign(l.d, cond(lt(l.sh, lit(32)), staticCall(CODES, "value", INT, l.x, l.sh),
                staticCall(CODES, "value5", INT, l.x, bytes, q)));
        b.assign(q, add(q, add(ushr(l.sh, lit(3)), lit(1))));
        b.assign(l.cc, add(l.cc, l.d));
    }

    /**
     * What the element just decoded carries, once {@link #skipValue} moved {@code vb} past it (so that a body
     * that leaves the loop early leaves nothing to advance), or 1.0 for a pattern.
     */
    static Ex carried(SchemaModel m, Locals l) {
        return switch (m.mode) {
            case DOUBLE -> staticCall(CODES, "doubleAt", JavaType.DOUBLE, m.ownBytes(), sub(l.vb, lit(8)));
            case POSITION -> staticCall(CODES, "intAt", INT, m.ownBytes(), sub(l.vb, lit(4)));
            case NONE -> lit(1.0);
        };
    }

    /** Moves {@code vb} past the value of the element just decoded. */
    static void skipValue(SchemaModel m, Block b, Locals l) {
        int w = width(m);
        if (w > 0) {
            b.assign(l.vb, add(l.vb, lit(w)));
        }
    }
}
