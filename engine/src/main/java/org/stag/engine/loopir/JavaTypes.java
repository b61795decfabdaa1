package org.stag.engine.loopir;

import org.stag.engine.cin.Sym;
import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;

/** Java spellings of stag types, constants and conversions, for the emitter. */
final class JavaTypes {
    private JavaTypes() {
    }

    /** The Java primitive type of a stag type. */
    static String of(ScalarType t) {
        return t == ScalarType.BOOL ? "boolean" : t.keyword();
    }

    /** The values class of a tensor of type {@code t} in {@code org.stag.formats.tensor}. */
    static String valuesClass(ScalarType t) {
        return "org.stag.formats.tensor." + switch (t) {
            case BOOL -> "BoolValues";
            case INT -> "IntValues";
            case LONG -> "LongValues";
            case FLOAT -> "FloatValues";
            case DOUBLE -> "DoubleValues";
        };
    }

    /** A Java literal of a constant. */
    static String literal(Constant c) {
        String s = c.javaLiteral();
        return c.type() == ScalarType.INT && c.integer() < 0 ? "(" + s + ")" : c.type() == ScalarType.LONG && c.integer() < 0
                && c.integer() != Long.MIN_VALUE ? "(" + s + ")" : c.type().isFloating() && c.real() < 0 ? "(" + s + ")" : s;
    }

    /** A Java literal of a known symbolic value. */
    static String literal(Sym s) {
        return literal(switch (s.type()) {
            case BOOL -> Constant.ofBool(s.b());
            case INT, LONG -> Constant.ofInteger(s.type(), s.l());
            default -> Constant.ofReal(s.type(), s.d());
        });
    }

    /** {@code code} (of type {@code from}) converted to {@code to} as the language converts. */
    static String convert(String code, ScalarType from, ScalarType to) {
        if (from == to) {
            return code;
        }
        if (from == ScalarType.BOOL) {
            return switch (to) {
                case INT -> "(" + code + " ? 1 : 0)";
                case LONG -> "(" + code + " ? 1L : 0L)";
                case FLOAT -> "(" + code + " ? 1.0f : 0.0f)";
                default -> "(" + code + " ? 1.0 : 0.0)";
            };
        }
        if (to == ScalarType.BOOL) {
            return "(" + code + " != 0)";
        }
        return "((" + of(to) + ") " + code + ")";
    }

    /** The frame slot kind of a scalar: integers and bools travel as longs, floating point as doubles. */
    static boolean travelsAsInt(ScalarType t) {
        return !t.isFloating();
    }

    /** Reading a scalar of type {@code t} from its frame slot expression. */
    static String fromSlot(String slot, ScalarType t) {
        return switch (t) {
            case BOOL -> "(" + slot + " != 0L)";
            case INT -> "((int) " + slot + ")";
            case LONG -> slot;
            case FLOAT -> "((float) " + slot + ")";
            case DOUBLE -> slot;
        };
    }

    /** Writing a value of type {@code t} into a frame slot (long or double). */
    static String toSlot(String value, ScalarType t) {
        return t == ScalarType.BOOL ? "(" + value + " ? 1L : 0L)" : t.isFloating() ? "((double) " + value + ")"
                : "((long) " + value + ")";
    }
}
