package org.stag.engine.cin;

import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.ConstantValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

/**
 * How a kernel reads one operand's values, beside its format: from the values array at the last level's
 * position ({@link Kind#ARRAY}), from the elements of a dynamic last level that holds doubles
 * ({@link Kind#INLINE}), or as a literal ({@link Kind#CONSTANT}: every stored component has the value
 * {@link #constant()}, a graph's pattern). {@link #lastLevel()} is what a dynamic last level's elements carry,
 * the layout generated code unpacks: positions, doubles or nothing. A constant may sit over any of the three
 * (a pattern view {@code A} over the weights' structure {@code W} keeps the DOUBLE layout, whose values the
 * kernel then never reads). Part of a kernel's cache key: kernels differ per value read.
 *
 * @param lastLevel {@link ValueMode#POSITION} for a static last level
 * @param constant  the constant in the operand's element type, or null unless {@link Kind#CONSTANT}
 */
public record ValueRead(Kind kind, ValueMode lastLevel, Constant constant) {

    /** Where the value of a stored component comes from. */
    public enum Kind {
        /** The tensor's values array, at the last level's position. */
        ARRAY,
        /** The double each element of a dynamic last level carries. */
        INLINE,
        /** One literal for every stored component. */
        CONSTANT
    }

    private static final ValueRead ARRAY = new ValueRead(Kind.ARRAY, ValueMode.POSITION, null);
    private static final ValueRead INLINE = new ValueRead(Kind.INLINE, ValueMode.DOUBLE, null);

    /** Checks that the parts agree. */
    public ValueRead {
        if ((kind == Kind.CONSTANT) != (constant != null)
                || kind == Kind.ARRAY && lastLevel != ValueMode.POSITION
                || kind == Kind.INLINE && lastLevel != ValueMode.DOUBLE) {
            throw new IllegalArgumentException("inconsistent value read: " + kind + " over " + lastLevel + ", constant "
                    + constant);
        }
    }

    /**
     * What a tensor of format {@code f} and element type {@code elem} built from an array of values reads:
     * {@link Kind#INLINE} for doubles over a dynamic last level, else {@link Kind#ARRAY}. Kernels compiled for
     * a format alone assume this.
     */
    public static ValueRead declared(Format f, ScalarType elem) {
        boolean dynamicLast = f.depth() > 0 && f.level(f.depth() - 1).dynamicFormat().isPresent();
        return dynamicLast && elem == ScalarType.DOUBLE ? INLINE : ARRAY;
    }

    /**
     * How a kernel reads its own result of format {@code f} and type {@code t}, else read {@code declared}: a
     * {@code bool} vector in an ordered, unique compressed level holds only entries that are not the fill (a
     * kernel skips those), so {@code VectorAssembly} assembles it as a pattern, the fill's negation.
     */
    public static ValueRead written(Format f, org.stag.engine.check.VarType.Tensor t, ValueRead declared) {
        boolean pattern = t.elem() == ScalarType.BOOL && sortedVector(f);
        return pattern ? new ValueRead(Kind.CONSTANT, ValueMode.POSITION, Constant.ofBool(!t.fill().bool())) : declared;
    }

    /**
     * Whether {@code f} is a vector in one ordered, unique {@code compressed} level: the format whose kernel results
     * {@code VectorAssembly} assembles, and whose {@code bool} results hold one constant (the kernel stores no
     * value for them, {@code loopir.ResultWriter}).
     */
    public static boolean sortedVector(Format f) {
        return f.depth() == 1 && f.level(0) instanceof org.stag.formats.level.StaticLevelFormat l
                && l.type() == org.stag.formats.level.LevelType.COMPRESSED
                && l.is(org.stag.formats.level.Property.ORDERED) && l.is(org.stag.formats.level.Property.UNIQUE);
    }

    /** How a kernel reads {@code t}: from its values and the mode of its last level. */
    public static ValueRead of(Tensor t) {
        ValueMode mode = lastMode(t);
        if (t.values() instanceof ConstantValues c) {
            return constant(c, mode);
        }
        return mode == ValueMode.DOUBLE ? INLINE : ARRAY;
    }

    /** A constant read over a last level whose elements carry {@code layout}. */
    public static ValueRead constant(ConstantValues c, ValueMode layout) {
        ScalarType t = ScalarType.valueOf(c.type().name());
        Constant k = switch (t) {
            case BOOL -> Constant.ofBool(c.valueAsBoolean());
            case INT, LONG -> Constant.ofInteger(t, c.valueAsLong());
            case FLOAT, DOUBLE -> Constant.ofReal(t, c.valueAsDouble());
        };
        return new ValueRead(Kind.CONSTANT, layout, k);
    }

    /** Whether {@code t} is read this way; allocation-free, for the check before every kernel run. */
    public boolean matches(Tensor t) {
        if (lastMode(t) != lastLevel) {
            return false;
        }
        if (!(t.values() instanceof ConstantValues c)) {
            return kind != Kind.CONSTANT;
        }
        if (kind != Kind.CONSTANT || !c.type().name().equals(constant.type().name())) {
            return false;
        }
        return switch (constant.type()) {
            case BOOL -> c.valueAsBoolean() == constant.bool();
            case INT, LONG -> c.valueAsLong() == constant.integer();
            case FLOAT, DOUBLE -> Double.compare(c.valueAsDouble(), constant.real()) == 0;
        };
    }

    /** Whether every stored component reads the same literal. */
    public boolean isConstant() {
        return kind == Kind.CONSTANT;
    }

    /** What the elements of {@code t}'s last level carry ({@link ValueMode#POSITION} for a static level). */
    private static ValueMode lastMode(Tensor t) {
        int depth = t.format().depth();
        if (depth == 0) {
            return ValueMode.POSITION;
        }
        return t.level(depth - 1).mode();
    }

    /** The read in a cache key or an explanation: {@code array}, {@code inline}, {@code constant true over none}. */
    @Override
    public String toString() {
        return switch (kind) {
            case ARRAY -> "array";
            case INLINE -> "inline";
            case CONSTANT -> "constant " + constant.javaLiteral() + " over " + lastLevel.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
