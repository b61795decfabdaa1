package org.stag.engine.loopir;

import java.util.function.Consumer;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Code for the static levels of seed 001: plain loops over {@code pos}/{@code crd} arrays, dense ranges,
 * bitmap words and hash segments. Hash segments are unordered, so their cursor sorts a copy of the segment
 * first (iterator conversion).
 */
public final class StaticLevelCode implements LevelCode {
    private static final String PKG = "org.stag.formats.level.";
    private final StaticLevelFormat format;
    private final LevelType type;
    private final String p;

    /** Code for a level of format {@code format}; locals start with {@code prefix}. */
    public StaticLevelCode(StaticLevelFormat format, String prefix) {
        this.format = format;
        this.type = format.type();
        this.p = prefix;
    }

    @Override
    public String prefix() {
        return p;
    }

    @Override
    public void unpack(Block out, String level) {
        out.let("int", p + "_n", level + ".dimension()");
        switch (type) {
            case COMPRESSED -> {
                out.let("int[]", p + "_pos", "((" + PKG + "CompressedLevel) " + level + ").pos()");
                out.let("int[]", p + "_crd", "((" + PKG + "CompressedLevel) " + level + ").crd()");
            }
            case SINGLETON -> out.let("int[]", p + "_crd", "((" + PKG + "SingletonLevel) " + level + ").crd()");
            case HASHED -> {
                out.let("int[]", p + "_seg", "((" + PKG + "HashedLevel) " + level + ").seg()");
                out.let("int[]", p + "_crd", "((" + PKG + "HashedLevel) " + level + ").crd()");
            }
            case BITMAP -> out.let("long[]", p + "_words", "((" + PKG + "BitmapLevel) " + level + ").words()");
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

    @Override
    public void iterate(Block out, String parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        String q = b.pos() != null ? b.pos() : p + "_q";
        switch (type) {
            case DENSE -> {
                Block loop = out.forLoop(label, "int " + b.crd() + " = 0", b.crd() + " < " + p + "_n", b.crd() + "++");
                loop.let("int", q, parent + " * " + p + "_n + " + b.crd());
                body.accept(loop);
            }
            case COMPRESSED -> {
                Block loop = out.forLoop(label, "int " + q + " = " + p + "_pos[" + parent + "], " + q + "_end = " + p
                        + "_pos[" + parent + " + 1]", q + " < " + q + "_end", q + "++");
                loop.let("int", b.crd(), p + "_crd[" + q + "]");
                body.accept(loop);
            }
            case SINGLETON -> {
                // One child per parent; a one-trip loop keeps `break label` meaningful.
                Block loop = out.forLoop(label, "int " + q + " = " + parent, q + " == " + parent, q + "++");
                loop.let("int", b.crd(), p + "_crd[" + q + "]");
                body.accept(loop);
            }
            case HASHED -> {
                if (inOrder) {
                    Cursor c = cursor(out, parent, q + "_c");
                    Block loop = out.whileLoop(label, c.valid());
                    loop.let("int", b.crd(), c.crd());
                    loop.let("int", q, c.pos());
                    c.advance(loop);
                    body.accept(loop);
                } else {
                    Block loop = out.forLoop(label, "int " + q + " = " + p + "_seg[" + parent + "], " + q + "_end = "
                            + p + "_seg[" + parent + " + 1]", q + " < " + q + "_end", q + "++");
                    loop.let("int", b.crd(), p + "_crd[" + q + "]");
                    loop.ifThen(b.crd() + " < 0").continueTo(null);
                    body.accept(loop);
                }
            }
            case BITMAP -> {
                String w = q + "_w";
                String bits = q + "_bits";
                String base = q + "_base";
                String end = q + "_end";
                out.let("int", base, parent + " * " + p + "_n");
                out.let("int", end, base + " + " + p + "_n");
                Block words = out.forLoop(label, "int " + w + " = " + base + " >>> 6", "(" + w + " << 6) < " + end, w + "++");
                words.var("long", bits, p + "_words[" + w + "]");
                Block bitLoop = words.whileLoop(null, bits + " != 0L");
                bitLoop.let("int", q, "(" + w + " << 6) + Long.numberOfTrailingZeros(" + bits + ")");
                bitLoop.assign(bits, "&=", bits + " - 1L");
                bitLoop.ifThen(q + " < " + base + " || " + q + " >= " + end).continueTo(null);
                bitLoop.let("int", b.crd(), q + " - " + base);
                body.accept(bitLoop);
            }
            default -> throw new IllegalStateException(type.toString());
        }
    }

    @Override
    public Cursor cursor(Block out, String parent, String name) {
        String q = name + "_q";
        String end = name + "_end";
        switch (type) {
            case DENSE -> {
                out.var("int", q, "0");
                return new SimpleCursor(q + " < " + p + "_n", q, parent + " * " + p + "_n + " + q, q + "++");
            }
            case COMPRESSED -> {
                out.var("int", q, p + "_pos[" + parent + "]");
                out.let("int", end, p + "_pos[" + parent + " + 1]");
                return new SimpleCursor(q + " < " + end, p + "_crd[" + q + "]", q, q + "++");
            }
            case SINGLETON -> {
                out.var("int", q, parent);
                return new SimpleCursor(q + " == " + parent, p + "_crd[" + q + "]", q, q + "++");
            }
            case BITMAP -> {
                String base = name + "_base";
                out.let("int", base, parent + " * " + p + "_n");
                out.let("int", end, base + " + " + p + "_n");
                out.var("int", q, "org.stag.engine.runtime.Bits.next(" + p + "_words, " + base + ", " + end + ")");
                return new SimpleCursor(q + " >= 0", q + " - " + base, q,
                        q + " = org.stag.engine.runtime.Bits.next(" + p + "_words, " + q + " + 1, " + end + ")");
            }
            case HASHED -> {
                // Iterator conversion: copy the segment's labelled buckets and sort them by coordinate.
                String keys = name + "_keys";
                String vals = name + "_vals";
                String n = name + "_n";
                out.let("int", name + "_lo", p + "_seg[" + parent + "]");
                out.let("int", name + "_hi", p + "_seg[" + parent + " + 1]");
                out.let("int[]", keys, "ws.ints(\"" + name + "_keys\", " + name + "_hi - " + name + "_lo)");
                out.let("int[]", vals, "ws.ints(\"" + name + "_vals\", " + name + "_hi - " + name + "_lo)");
                out.var("int", n, "0");
                Block gather = out.forLoop(null, "int " + name + "_b = " + name + "_lo", name + "_b < " + name + "_hi", name + "_b++");
                gather.ifThen(p + "_crd[" + name + "_b] >= 0").store(keys, n, p + "_crd[" + name + "_b]")
                        .store(vals, n + "++", name + "_b");
                out.eval("org.stag.engine.runtime.Sorts.sortPairs(" + keys + ", " + vals + ", 0, " + n + ")");
                out.var("int", q, "0");
                return new SimpleCursor(q + " < " + n, keys + "[" + q + "]", vals + "[" + q + "]", q + "++");
            }
            default -> throw new IllegalStateException(type.toString());
        }
    }

    @Override
    public void locate(Block out, String parent, String crd, Binding b) {
        String pos = b.pos();
        switch (type) {
            case DENSE -> out.let("int", pos, parent + " * " + p + "_n + (" + crd + ")");
            case BITMAP -> {
                out.var("int", pos, parent + " * " + p + "_n + (" + crd + ")");
                out.ifThen("(" + p + "_words[" + pos + " >>> 6] & (1L << " + pos + ")) == 0L").assign(pos, "-1");
            }
            case HASHED -> out.let("int", pos, "org.stag.engine.runtime.Probe.hashed(" + p + "_seg, " + p + "_crd, "
                    + parent + ", " + crd + ")");
            case COMPRESSED -> out.let("int", pos, "org.stag.engine.runtime.Probe.sorted(" + p + "_crd, " + p + "_pos["
                    + parent + "], " + p + "_pos[" + parent + " + 1], " + crd + ")");
            case SINGLETON -> out.let("int", pos, p + "_crd[" + parent + "] == (" + crd + ") ? " + parent + " : -1");
            default -> throw new IllegalStateException(type.toString());
        }
    }

    /** A cursor whose state is one position variable. */
    private record SimpleCursor(String valid, String crd, String pos, String step) implements Cursor {
        @Override
        public String val() {
            throw new UnsupportedOperationException("static levels hold positions");
        }

        @Override
        public void advance(Block out) {
            out.eval(step);
        }
    }
}
