package org.stag.engine.ops;

import java.util.Arrays;
import java.util.List;
import org.stag.engine.front.Builtin;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator.JavaForm;
import org.stag.engine.ops.Operator.Typing;
import org.stag.engine.kernellib.Ops;

/**
 * The descriptors of the built-in operators ({@link Builtin}: how the language writes them), each fact written
 * once: {@code +} and {@code *} (reductions), and {@code MIN}, {@code MAX}, {@code OR}, {@code AND} and
 * {@code CHOOSE} (functions and reductions), and {@code hash64} (a function). On bools {@code MIN} is {@code AND} and {@code MAX} is {@code OR}
 * ({@code false < true}).
 */
public final class Operators {
    private Operators() {
    }

    /** {@code +}: the sum. */
    public static final Operator ADD = Operator.builder(Builtin.ADD, Typing.ARITHMETIC)
            .identity(t -> number(t, 0))
            .commutativeAssociative()
            .java(t -> new JavaForm.Infix("+"))
            .compound("+=")
            .atomic(t -> t == ScalarType.INT || t == ScalarType.LONG ? "add" : null)
            .values((a, b, t) -> wrap(a + b, t), (a, b, t) -> round(a + b, t))
            .build();

    /** {@code *}: the product; 0 annihilates (for finite floating-point values). */
    public static final Operator MUL = Operator.builder(Builtin.MUL, Typing.ARITHMETIC)
            .identity(t -> number(t, 1))
            .annihilator(t -> number(t, 0))
            .commutativeAssociative()
            .java(t -> new JavaForm.Infix("*"))
            .compound("*=")
            .values((a, b, t) -> wrap(a * b, t), (a, b, t) -> round(a * b, t))
            .build();

    /** {@code MIN}: the smaller; the type's largest value is the identity, its smallest the annihilator. */
    public static final Operator MIN = Operator.builder(Builtin.MIN, Typing.JOIN)
            .identity(Operators::largest)
            .annihilator(Operators::smallest)
            .semilattice()
            .java(t -> t == ScalarType.BOOL ? new JavaForm.Infix("&&") : new JavaForm.StaticCall("Math", "min"))
            .atomic(t -> t == ScalarType.BOOL || t == ScalarType.FLOAT ? null : "min")
            .values((a, b, t) -> Math.min(a, b), (a, b, t) -> Math.min(a, b))
            .build();

    /** {@code MAX}: the larger; the type's smallest value is the identity, its largest the annihilator. */
    public static final Operator MAX = Operator.builder(Builtin.MAX, Typing.JOIN)
            .identity(Operators::smallest)
            .annihilator(Operators::largest)
            .semilattice()
            .java(t -> t == ScalarType.BOOL ? new JavaForm.Infix("||") : new JavaForm.StaticCall("Math", "max"))
            .atomic(t -> t == ScalarType.BOOL || t == ScalarType.FLOAT ? null : "max")
            .values((a, b, t) -> Math.max(a, b), (a, b, t) -> Math.max(a, b))
            .build();

    /** {@code OR}: logical or of bools. */
    public static final Operator OR = Operator.builder(Builtin.OR, Typing.LOGICAL)
            .identity(t -> Constant.ofBool(false))
            .annihilator(t -> Constant.ofBool(true))
            .semilattice()
            .java(t -> new JavaForm.Infix("||"))
            .atomic(t -> "or")
            .values((a, b, t) -> a != 0 || b != 0 ? 1 : 0, null)
            .build();

    /** {@code AND}: logical and of bools. */
    public static final Operator AND = Operator.builder(Builtin.AND, Typing.LOGICAL)
            .identity(t -> Constant.ofBool(true))
            .annihilator(t -> Constant.ofBool(false))
            .semilattice()
            .java(t -> new JavaForm.Infix("&&"))
            .atomic(t -> "and")
            .values((a, b, t) -> a != 0 && b != 0 ? 1 : 0, null)
            .build();

    /**
     * {@code CHOOSE}: the first argument unless it is zero ({@code 0}, {@code false}), else the second. As a
     * reduction it keeps the first non-zero value, so it is associative but not commutative.
     */
    public static final Operator CHOOSE = Operator.builder(Builtin.CHOOSE, Typing.JOIN)
            .identity(t -> number(t, 0))
            .idempotentAssociativeFirstWins()
            .java(t -> new JavaForm.StaticCall("org.stag.engine.kernellib.Ops", "choose"))
            .values((a, b, t) -> Ops.choose(a, b), (a, b, t) -> Ops.choose(a, b))
            .build();

    /**
     * {@code hash64}: a 64-bit hash of two longs ({@link Ops#hash64}), for pseudo-random numbers that depend on
     * nothing but their arguments (a seed, a vertex, a round). No algebra: it neither reduces nor is simplified.
     */
    public static final Operator HASH64 = Operator.builder(Builtin.HASH64, Typing.DECLARED)
            .declaredType(ScalarType.LONG)
            .java(t -> new JavaForm.StaticCall("org.stag.engine.kernellib.Ops", "hash64"))
            .values((a, b, t) -> Ops.hash64(a, b), null)
            .build();

    private static final List<Operator> ALL = Arrays.stream(Builtin.values()).map(Operators::of).toList();
    private static final List<Operator> REDUCTIONS = Arrays.stream(Builtin.values()).filter(Builtin::reduction)
            .map(Operators::of).toList();

    /** The descriptor of built-in {@code b}. */
    public static Operator of(Builtin b) {
        return switch (b) {
            case ADD -> ADD;
            case MUL -> MUL;
            case MIN -> MIN;
            case MAX -> MAX;
            case OR -> OR;
            case AND -> AND;
            case CHOOSE -> CHOOSE;
            case HASH64 -> HASH64;
        };
    }

    /** Every built-in operator, reductions first as {@code | j:(OP, init)} lists them. */
    public static List<Operator> builtins() {
        return ALL;
    }

    /** The built-in reduction operators ({@code | j:(OP, init)}): every built-in but {@code hash64}. */
    public static List<Operator> reductions() {
        return REDUCTIONS;
    }

    /** The built-in written {@code name} ({@code +}, {@code MIN}, ...), or null. */
    public static Operator builtin(String name) {
        Builtin b = Builtin.named(name);
        return b == null ? null : of(b);
    }

    /** {@code v} in type {@code t} (a bool is {@code v != 0}). */
    private static Constant number(ScalarType t, long v) {
        return switch (t) {
            case BOOL -> Constant.ofBool(v != 0);
            case INT, LONG -> Constant.ofInteger(t, v);
            default -> Constant.ofReal(t, v);
        };
    }

    private static Constant largest(ScalarType t) {
        return switch (t) {
            case BOOL -> Constant.ofBool(true);
            case INT -> Constant.ofInteger(t, Integer.MAX_VALUE);
            case LONG -> Constant.ofInteger(t, Long.MAX_VALUE);
            default -> Constant.ofReal(t, Double.POSITIVE_INFINITY);
        };
    }

    private static Constant smallest(ScalarType t) {
        return switch (t) {
            case BOOL -> Constant.ofBool(false);
            case INT -> Constant.ofInteger(t, Integer.MIN_VALUE);
            case LONG -> Constant.ofInteger(t, Long.MIN_VALUE);
            default -> Constant.ofReal(t, Double.NEGATIVE_INFINITY);
        };
    }

    /** An integer result in type {@code t}: an int wraps as Java's int arithmetic does. */
    private static long wrap(long v, ScalarType t) {
        return t == ScalarType.INT ? (int) v : v;
    }

    /** A floating-point result in type {@code t}: a float rounds. */
    private static double round(double v, ScalarType t) {
        return t == ScalarType.FLOAT ? (double) (float) v : v;
    }
}
