package org.stag.engine.loopir;

import org.stag.engine.cin.Sym;
import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;

/** Stag types, constants and conversions in the loop IR: Java types, typed literals, converting expressions. */
final class JavaTypes {
    private JavaTypes() {
    }


    /** The Java type of a stag type. */
    static JavaType type(ScalarType t) {
        return switch (t) {
            case BOOL -> JavaType.BOOLEAN;
            case INT -> JavaType.INT;
            case LONG -> JavaType.LONG;
            case FLOAT -> JavaType.FLOAT;
            case DOUBLE -> JavaType.DOUBLE;
        };
    }

    /** A typed literal of a constant. */
    static Ex.Lit lit(Constant c) {
        return switch (c.type()) {
            case BOOL -> Exprs.lit(c.bool());
            case INT -> Exprs.lit((int) c.integer());
            case LONG -> Exprs.lit(c.integer());
            case FLOAT -> Exprs.lit((float) c.real());
            case DOUBLE -> Exprs.lit(c.real());
        };
    }

    /** A typed literal of a known symbolic value. */
    static Ex.Lit lit(Sym s) {
        return lit(constant(s));
    }

    private static Constant constant(Sym s) {
        return switch (s.type()) {
            case BOOL -> Constant.ofBool(s.b());
            case INT, LONG -> Constant.ofInteger(s.type(), s.l());
            default -> Constant.ofReal(s.type(), s.d());
        };
    }

    /** {@code x} (of type {@code from}) converted to {@code to} as the language converts. */
    static Ex convert(Ex x, ScalarType from, ScalarType to) {
        if (from == to) {
            return x;
        }
        if (from == ScalarType.BOOL) {
            return switch (to) {
                case INT -> Exprs.cond(x, Exprs.lit(1), Exprs.lit(0));
                case LONG -> Exprs.cond(x, Exprs.lit(1L), Exprs.lit(0L));
                case FLOAT -> Exprs.cond(x, Exprs.lit(1.0f), Exprs.lit(0.0f));
                default -> Exprs.cond(x, Exprs.lit(1.0), Exprs.lit(0.0));
            };
        }
        if (to == ScalarType.BOOL) {
            return Exprs.ne(x, Exprs.lit(0));
        }
        return Exprs.cast(type(to), x);
    }

    /** Reading a scalar of type {@code t} from its frame slot (a long or double). */
    static Ex fromSlot(Ex slot, ScalarType t) {
        return switch (t) {
            case BOOL -> Exprs.ne(slot, Exprs.lit(0L));
            case INT -> Exprs.cast(JavaType.INT, slot);
            case FLOAT -> Exprs.cast(JavaType.FLOAT, slot);
            case LONG, DOUBLE -> slot;
        };
    }

    /** Writing a value of type {@code t} into a frame slot (long or double). */
    static Ex toSlot(Ex value, ScalarType t) {
        return t == ScalarType.BOOL ? Exprs.cond(value, Exprs.lit(1L), Exprs.lit(0L))
                : Exprs.cast(t.isFloating() ? JavaType.DOUBLE : JavaType.LONG, value);
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




    /** The frame slot kind of a scalar: integers and bools travel as longs, floating point as doubles. */
    static boolean travelsAsInt(ScalarType t) {
        return !t.isFloating();
    }


}
