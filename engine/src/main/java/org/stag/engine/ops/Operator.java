package org.stag.engine.ops;

import java.util.Objects;
import java.util.function.Function;
import org.stag.engine.front.Builtin;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ScalarType;

/**
 * Everything the compiler knows about one binary operator, written once: how it is typed, its algebra
 * (identity, annihilator, idempotent, commutative, associative), how generated Java computes it and updates a
 * shared cell with it, and how to evaluate it on values. The checker, the symbolic analysis that chooses merge
 * lattices, the emitters, the scalar evaluator and the reference evaluator all read this descriptor; built-ins
 * are the constants of {@link Operators}, and a program's {@code Def} functions become descriptors too.
 *
 * <p>Values passed to the evaluators are in the operator's type {@code t}: {@code bool}, {@code int} and
 * {@code long} as longs (a bool is 0 or 1), {@code float} and {@code double} as doubles. Results are in
 * {@code t} as well (an {@code int} wraps, a {@code float} rounds), as generated code computes them.
 */
public final class Operator {

    /** How the result type follows from the argument types (docs/language.md, "Types of expressions"). */
    public enum Typing {
        /** The wider number type, at least {@code int} ({@code +}, {@code *}). */
        ARITHMETIC,
        /** Bools in, a bool out ({@code OR}, {@code AND}). */
        LOGICAL,
        /** The common type of the two arguments ({@code MIN}, {@code MAX}, {@code CHOOSE}). */
        JOIN,
        /** A fixed {@link #declaredType()} (a {@code Def}'s, {@code hash64}'s long): both arguments are converted to it. */
        DECLARED
    }

    /** The operator on values held as longs. */
    @FunctionalInterface
    public interface LongOp {
        long apply(long a, long b, ScalarType t);
    }

    /** The operator on values held as doubles. */
    @FunctionalInterface
    public interface DoubleOp {
        double apply(double a, double b, ScalarType t);
    }

    /**
     * How generated Java computes the operator on two operands, described abstractly so that the loop IR
     * builds its own typed expression from it (this package does not depend on the loop IR): an infix
     * operator ({@code x + y}) or a static method ({@code Math.min(x, y)}).
     */
    public sealed interface JavaForm permits JavaForm.Infix, JavaForm.StaticCall {
        /** {@code x symbol y}, with {@code symbol} a Java binary operator. */
        record Infix(String symbol) implements JavaForm {
        }

        /** {@code owner.method(x, y)}, a static method of the class {@code owner} (a qualified name, or {@code Math}). */
        record StaticCall(String owner, String method) implements JavaForm {
        }
    }

    /**
     * The test that an accumulator can no longer change ({@link #stopsEarly}): {@code acc == value} when
     * {@code equal}, else {@code acc != value}.
     */
    public record Decided(boolean equal, Constant value) {
    }

    private final String name;
    private final boolean callable;
    private final Typing typing;
    private final ScalarType declaredType;
    private final Function<ScalarType, Constant> identity;
    private final Function<ScalarType, Constant> annihilator;
    private final boolean idempotent;
    private final boolean commutative;
    private final boolean associative;
    private final boolean firstWins;
    private final Function<ScalarType, JavaForm> template;
    private final String compound;
    private final Function<ScalarType, String> atomic;
    private final LongOp longOp;
    private final DoubleOp doubleOp;
    private final ScalarDef def;

    private Operator(Builder b) {
        this.name = Objects.requireNonNull(b.name);
        this.callable = b.callable;
        this.typing = Objects.requireNonNull(b.typing);
        this.declaredType = b.declaredType;
        this.identity = b.identity;
        this.annihilator = b.annihilator;
        this.idempotent = b.idempotent;
        this.commutative = b.commutative;
        this.associative = b.associative;
        this.firstWins = b.firstWins;
        this.template = b.template;
        this.compound = b.compound;
        this.atomic = b.atomic;
        this.longOp = b.longOp;
        this.doubleOp = b.doubleOp;
        this.def = b.def;
    }

    /** A descriptor under construction, named {@code name} and not callable. */
    static Builder builder(String name, Typing typing) {
        return new Builder(name, typing);
    }

    /** The descriptor of built-in {@code b} under construction: its name and whether it is callable are the language's. */
    static Builder builder(Builtin b, Typing typing) {
        Builder out = builder(b.spelling(), typing);
        out.callable = b.callable();
        return out;
    }

    /**
     * The descriptor of a program's {@code Def}: its algebra as declared (and checked by the checker), its Java
     * and values computed from its body, which the emitters and the scalar evaluator inline.
     *
     * @param identity    the declared identity, or null
     * @param annihilator the declared annihilator, or null
     */
    public static Operator declared(ScalarDef def, ScalarType type, Constant identity, Constant annihilator,
                                    boolean idempotent, boolean commutative, boolean associative) {
        Builder b = builder(def.name(), Typing.DECLARED);
        b.callable = true;
        b.declaredType = type;
        b.identity = identity == null ? null : t -> identity;
        b.annihilator = annihilator == null ? null : t -> annihilator;
        b.idempotent = idempotent;
        b.commutative = commutative;
        b.associative = associative;
        b.def = def;
        return new Operator(b);
    }

    /** The name: the symbol of {@code +} and {@code *}, the keyword of a built-in, the name of a {@code Def}. */
    public String name() {
        return name;
    }

    /** Whether programs may call it as a function, {@code NAME(a, b)} (not {@code +} and {@code *}: they are infix). */
    public boolean callable() {
        return callable;
    }

    /** How the result type follows from the argument types. */
    public Typing typing() {
        return typing;
    }

    /** The type of a {@code Def}'s arguments and result; null for built-ins. */
    public ScalarType declaredType() {
        return declaredType;
    }

    /** The {@code Def} this operator was declared by, or null for a built-in. */
    public ScalarDef def() {
        return def;
    }

    /** {@code e} with {@code op(e, x) = op(x, e) = x} for every x of type {@code t}, or null when there is none. */
    public Constant identity(ScalarType t) {
        return identity == null ? null : identity.apply(t);
    }

    /**
     * {@code z} with {@code op(z, x) = op(x, z) = z} for every x of type {@code t} (for floating point: every
     * finite x, the assumption TACO and GraphBLAS make too), or null when there is none.
     */
    public Constant annihilator(ScalarType t) {
        return annihilator == null ? null : annihilator.apply(t);
    }

    /** {@code op(x, x) = x}. */
    public boolean idempotent() {
        return idempotent;
    }

    /** {@code op(x, y) = op(y, x)}. */
    public boolean commutative() {
        return commutative;
    }

    /** {@code op(op(x, y), z) = op(x, op(y, z))}. */
    public boolean associative() {
        return associative;
    }

    /**
     * Whether {@code op(x, y) = x} for every x that is not the identity ({@code CHOOSE}): a reduction is
     * decided by its first such value and may stop there.
     */
    public boolean firstWins() {
        return firstWins;
    }

    /**
     * Whether reductions may use it: associative with an identity, so chunks reduce apart and merge; and
     * commutative, so the initial value may be folded first, unless the first value decides
     * ({@link #firstWins}, where it replaces the initial value).
     */
    public boolean reduces(ScalarType t) {
        return associative && identity(t) != null && (commutative || firstWins);
    }

    /**
     * Whether a loop accumulating in type {@code t} stops once the accumulator is {@link #decided}: for a
     * {@link #firstWins} operator at its first value, and at the annihilator of a bool operator (OR at true,
     * AND at false) or of a {@code Def}. Not at the type's extremes that annihilate MIN and MAX on numbers:
     * data practically never holds them, and the test would cost a comparison per element. Never on floating
     * point, where NaN is not absorbed.
     */
    public boolean stopsEarly(ScalarType t) {
        return firstWins || !t.isFloating() && annihilator(t) != null && (t == ScalarType.BOOL || def != null);
    }

    /**
     * Whether an update with value {@code v} either leaves a {@code t} accumulator alone or sets it to
     * {@code v}: bool operators whose values are their identity and their annihilator, and {@link #firstWins}
     * ones. Generated code then tests {@code v} ({@code if (v) { acc = true; break; }}) instead of computing
     * {@code op(acc, v)}.
     */
    public boolean setsOnDecided(ScalarType t) {
        if (firstWins) {
            return true;
        }
        Constant e = identity(t);
        Constant z = annihilator(t);
        return t == ScalarType.BOOL && def == null && e != null && z != null && e.bool() != z.bool();
    }

    /**
     * When an accumulator of type {@code t} can no longer change ({@link #stopsEarly}): a {@link #firstWins}
     * operator once it differs from the identity, another at its annihilator.
     */
    public Decided decided(ScalarType t) {
        return new Decided(!firstWins, firstWins ? identity(t) : annihilator(t));
    }

    /** Java source: whether accumulator {@code acc} (type {@code t}) can no longer change ({@link #decided(ScalarType)}). */
    public String decided(String acc, ScalarType t) {
        Decided d = decided(t);
        if (t == ScalarType.BOOL) {
            return d.equal() == d.value().bool() ? acc : "!" + acc;
        }
        return acc + (d.equal() ? " == " : " != ") + d.value().javaLiteral();
    }

    /**
     * Whether the Java of {@link #java} evaluates its second argument only when the first does not decide
     * ({@code &&}, {@code ||}): bool operators with an annihilator. The scalar evaluator does the same, so a
     * read it skips cannot fail.
     */
    public boolean shortCircuits(ScalarType t) {
        return def == null && t == ScalarType.BOOL && annihilator(t) != null;
    }

    /**
     * How generated Java computes {@code op(x, y)} in type {@code t}.
     *
     * @throws IllegalStateException for a {@code Def}, whose body the emitter inlines instead
     */
    public JavaForm javaForm(ScalarType t) {
        if (template == null) {
            throw new IllegalStateException("internal error: " + name + " is a Def; emit its body");
        }
        return template.apply(t);
    }

    /**
     * Java source for {@code op(x, y)} in type {@code t}, from {@link #javaForm}.
     *
     * @throws IllegalStateException for a {@code Def}, whose body the emitter inlines instead
     */
    public String java(String x, String y, ScalarType t) {
        JavaForm f = javaForm(t);
        return f instanceof JavaForm.Infix i ? "(" + x + " " + i.symbol() + " " + y + ")"
                : ((JavaForm.StaticCall) f).owner() + "." + ((JavaForm.StaticCall) f).method() + "(" + x + ", " + y + ")";
    }

    /** The compound assignment operator that updates an accumulator ({@code +=}), or null where Java has none. */
    public String compound() {
        return compound;
    }

    /** Java for {@code acc = op(acc, v)}: a compound assignment ({@code acc += v}) where Java has one. */
    public String update(String acc, String v, ScalarType t) {
        return compound != null ? acc + " " + compound + " " + v : acc + " = " + java(acc, v, t);
    }

    /**
     * The method of {@code org.stag.engine.jit.Atomics} that applies the operator to a shared cell of type
     * {@code t}, when the result does not depend on the order of updates; null otherwise (floating-point sums
     * must stay reproducible, so they have none).
     */
    public String atomic(ScalarType t) {
        return atomic == null ? null : atomic.apply(t);
    }

    /**
     * {@code op(a, b)} on values held as longs (bool, int, long).
     *
     * @throws IllegalStateException for a {@code Def} (its body is evaluated by the scalar evaluator)
     */
    public long applyLong(long a, long b, ScalarType t) {
        if (longOp == null) {
            throw new IllegalStateException("internal error: " + name + " is a Def; evaluate its body");
        }
        return longOp.apply(a, b, t);
    }

    /**
     * {@code op(a, b)} on values held as doubles (float, double).
     *
     * @throws IllegalStateException for a {@code Def} (its body is evaluated by the scalar evaluator)
     */
    public double applyDouble(double a, double b, ScalarType t) {
        if (doubleOp == null) {
            throw new IllegalStateException("internal error: " + name + " is a Def; evaluate its body");
        }
        return doubleOp.apply(a, b, t);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Collects a descriptor's facts; {@link Operators} writes each built-in with one. */
    static final class Builder {
        private final String name;
        private final Typing typing;
        private boolean callable;
        private ScalarType declaredType;
        private Function<ScalarType, Constant> identity;
        private Function<ScalarType, Constant> annihilator;
        private boolean idempotent;
        private boolean commutative;
        private boolean associative;
        private boolean firstWins;
        private Function<ScalarType, JavaForm> template;
        private String compound;
        private Function<ScalarType, String> atomic;
        private LongOp longOp;
        private DoubleOp doubleOp;
        private ScalarDef def;

        private Builder(String name, Typing typing) {
            this.name = name;
            this.typing = typing;
        }

        Builder identity(Function<ScalarType, Constant> f) {
            this.identity = f;
            return this;
        }

        Builder annihilator(Function<ScalarType, Constant> f) {
            this.annihilator = f;
            return this;
        }

        /** Declares the operator idempotent, commutative and associative: a semilattice (MIN, MAX, OR, AND). */
        Builder semilattice() {
            this.idempotent = true;
            this.commutative = true;
            this.associative = true;
            return this;
        }

        Builder commutativeAssociative() {
            this.commutative = true;
            this.associative = true;
            return this;
        }

        Builder idempotentAssociativeFirstWins() {
            this.idempotent = true;
            this.associative = true;
            this.firstWins = true;
            return this;
        }

        Builder java(Function<ScalarType, JavaForm> t) {
            this.template = t;
            return this;
        }

        /** The compound assignment operator that updates an accumulator, e.g. {@code +=}. */
        Builder compound(String op) {
            this.compound = op;
            return this;
        }

        Builder atomic(Function<ScalarType, String> f) {
            this.atomic = f;
            return this;
        }

        /** The one type of the arguments and the result ({@link Typing#DECLARED}). */
        Builder declaredType(ScalarType t) {
            this.declaredType = t;
            return this;
        }

        Builder values(LongOp l, DoubleOp d) {
            this.longOp = l;
            this.doubleOp = d;
            return this;
        }

        Operator build() {
            return new Operator(this);
        }
    }
}
