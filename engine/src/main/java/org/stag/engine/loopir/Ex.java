package org.stag.engine.loopir;

import java.util.List;
import java.util.Objects;

/**
 * An expression of the loop IR: typed, with no Java text inside. Every node has a Java type ({@link #type()});
 * {@code javagen.JavaPrinter} prints a tree with the parentheses Java's precedence needs. {@link Exprs} builds
 * nodes ({@code add(local("q", INT), lit(1))}); each node checks its operands' types as Java would and derives
 * its own (binary numeric promotion), so an ill-typed tree cannot be built.
 */
public sealed interface Ex permits Ex.Local, Ex.Lit, Ex.Load, Ex.Field, Ex.StaticField, Ex.Length, Ex.Binary, Ex.Unary,
        Ex.Cond, Ex.Cast, Ex.Call, Ex.StaticCall, Ex.NewArray, Ex.New {

    /** {@code true}. */
    Lit TRUE = new Lit(true, JavaType.BOOLEAN);
    /** {@code false}. */
    Lit FALSE = new Lit(false, JavaType.BOOLEAN);

    /** The Java type of the expression's value ({@link JavaType#VOID} for a call of a void method). */
    JavaType type();

    // ------------------------------------------------------------------------------------------ nodes

    /** A local variable (or a parameter of the kernel's method). */
    record Local(String name, JavaType type) implements Ex {
        public Local {
            if (name == null || name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))
                    || !name.chars().allMatch(Character::isJavaIdentifierPart)) {
                throw new IllegalArgumentException("not a Java identifier: '" + name + "'");
            }
            Objects.requireNonNull(type, "type");
        }
    }

    /**
     * A literal: a {@code Boolean}, {@code Integer}, {@code Long}, {@code Float} or {@code Double} of the matching
     * primitive type, a {@code String}, or null (of a reference or array type).
     */
    record Lit(Object value, JavaType type) implements Ex {
        public Lit {
            Objects.requireNonNull(type, "type");
            boolean ok = value == null ? !(type instanceof JavaType.Prim)
                    : value instanceof Boolean ? type == JavaType.BOOLEAN
                    : value instanceof Integer ? type == JavaType.INT
                    : value instanceof Long ? type == JavaType.LONG
                    : value instanceof Float ? type == JavaType.FLOAT
                    : value instanceof Double ? type == JavaType.DOUBLE
                    : value instanceof String && type.equals(JavaType.STRING);
            if (!ok) {
                throw new IllegalArgumentException("literal " + value + " is not of type " + type);
            }
        }

        /** Whether the literal is a negative number (printed with a leading minus). */
        public boolean negative() {
            return value instanceof Number n && n.doubleValue() < 0;
        }
    }

    /** {@code array[index]}. */
    record Load(Ex array, Ex index) implements Ex {
        public Load {
            if (!(array.type() instanceof JavaType.Array)) {
                throw new IllegalArgumentException("not an array: " + array);
            }
            integral(index);
        }

        @Override
        public JavaType type() {
            return ((JavaType.Array) array.type()).element();
        }
    }

    /** {@code target.name}: a field of an object ({@code f.out}). */
    record Field(Ex target, String name, JavaType type) implements Ex {
        public Field {
            Objects.requireNonNull(target, "target");
            new Local(name, type);
        }
    }

    /** {@code Owner.name}: a static field or enum constant ({@code Double.NaN}). */
    record StaticField(JavaType.Ref owner, String name, JavaType type) implements Ex {
        public StaticField {
            Objects.requireNonNull(owner, "owner");
            new Local(name, type);
        }
    }

    /** {@code array.length}. */
    record Length(Ex array) implements Ex {
        public Length {
            if (!(array.type() instanceof JavaType.Array)) {
                throw new IllegalArgumentException("not an array: " + array);
            }
        }

        @Override
        public JavaType type() {
            return JavaType.INT;
        }
    }

    /** Binary operators, with Java's spelling and precedence (higher binds tighter). */
    enum BinOp {
        MUL("*", 12), DIV("/", 12), REM("%", 12), ADD("+", 11), SUB("-", 11), SHL("<<", 10), SHR(">>", 10),
        USHR(">>>", 10), LT("<", 9), LE("<=", 9), GT(">", 9), GE(">=", 9), EQ("==", 8), NE("!=", 8), BIT_AND("&", 7),
        BIT_XOR("^", 6), BIT_OR("|", 5), AND("&&", 4), OR("||", 3);

        private final String symbol;
        private final int precedence;

        BinOp(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        /** The Java operator. */
        public String symbol() {
            return symbol;
        }

        /** Java's precedence level: 12 multiplicative ... 3 {@code ||}. */
        public int precedence() {
            return precedence;
        }

        /** Whether the result is a boolean computed from two operands (comparisons, {@code ==}). */
        public boolean compares() {
            return precedence == 9 || precedence == 8;
        }

        /** The operator spelled {@code symbol}. */
        public static BinOp of(String symbol) {
            for (BinOp o : values()) {
                if (o.symbol.equals(symbol)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("no binary operator " + symbol);
        }
    }

    /** {@code left op right}; its type is Java's: boolean for comparisons, else the promoted operand type. */
    record Binary(BinOp op, Ex left, Ex right) implements Ex {
        public Binary {
            Objects.requireNonNull(op, "op");
            JavaType l = left.type();
            JavaType r = right.type();
            boolean ok = switch (op) {
                case AND, OR -> l == JavaType.BOOLEAN && r == JavaType.BOOLEAN;
                case EQ, NE -> l.isNumeric() && r.isNumeric() || l.equals(r) || !(l instanceof JavaType.Prim)
                        && !(r instanceof JavaType.Prim);
                case BIT_AND, BIT_OR, BIT_XOR -> l == JavaType.BOOLEAN && r == JavaType.BOOLEAN || integral(l) && integral(r);
                case SHL, SHR, USHR -> integral(l) && integral(r);
                default -> l.isNumeric() && r.isNumeric();
            };
            if (!ok) {
                throw new IllegalArgumentException("operator " + op.symbol() + " on " + l + " and " + r);
            }
        }

        @Override
        public JavaType type() {
            if (op.compares() || op == BinOp.AND || op == BinOp.OR) {
                return JavaType.BOOLEAN;
            }
            if (left.type() == JavaType.BOOLEAN) {
                return JavaType.BOOLEAN;
            }
            if (op == BinOp.SHL || op == BinOp.SHR || op == BinOp.USHR) {
                return promote(left.type(), JavaType.INT);
            }
            return promote(left.type(), right.type());
        }
    }

    /** Unary operators: prefix {@code -}, {@code !}, {@code ~}, and the increments. */
    enum UnOp {
        NEG("-"), NOT("!"), BIT_NOT("~"), PRE_INC("++"), PRE_DEC("--"), POST_INC("++"), POST_DEC("--");

        private final String symbol;

        UnOp(String symbol) {
            this.symbol = symbol;
        }

        /** The Java operator. */
        public String symbol() {
            return symbol;
        }

        /** Whether the operator follows its operand ({@code x++}). */
        public boolean postfix() {
            return this == POST_INC || this == POST_DEC;
        }

        /** Whether the operator assigns its operand (a local, field or array element). */
        public boolean assigns() {
            return ordinal() >= PRE_INC.ordinal();
        }
    }

    /** {@code op operand} or {@code operand op}. */
    record Unary(UnOp op, Ex operand) implements Ex {
        public Unary {
            JavaType t = operand.type();
            boolean ok = switch (op) {
                case NOT -> t == JavaType.BOOLEAN;
                case BIT_NOT -> integral(t);
                case NEG -> t.isNumeric();
                default -> t.isNumeric() && assignable(operand);
            };
            if (!ok) {
                throw new IllegalArgumentException("operator " + op.symbol() + " on " + operand);
            }
        }

        @Override
        public JavaType type() {
            return op == UnOp.NEG || op == UnOp.BIT_NOT ? promote(operand.type(), JavaType.INT) : operand.type();
        }
    }

    /** {@code condition ? then : otherwise}. */
    record Cond(Ex condition, Ex then, Ex otherwise) implements Ex {
        public Cond {
            if (condition.type() != JavaType.BOOLEAN) {
                throw new IllegalArgumentException("condition is not boolean: " + condition);
            }
            JavaType a = then.type();
            JavaType b = otherwise.type();
            if (!(a.equals(b) || a.isNumeric() && b.isNumeric() || !(a instanceof JavaType.Prim) && !(b instanceof JavaType.Prim))) {
                throw new IllegalArgumentException("branches of types " + a + " and " + b);
            }
        }

        @Override
        public JavaType type() {
            JavaType a = then.type();
            JavaType b = otherwise.type();
            if (a.equals(b)) {
                return a;
            }
            if (a.isNumeric() && b.isNumeric()) {
                return promote(a, b);
            }
            return otherwise instanceof Lit l && l.value() == null ? a : b;
        }
    }

    /** {@code (type) value}. */
    record Cast(JavaType type, Ex value) implements Ex {
        public Cast {
            Objects.requireNonNull(type, "type");
            JavaType from = value.type();
            if (type == JavaType.VOID || from == JavaType.VOID || (type instanceof JavaType.Prim) != (from instanceof JavaType.Prim)
                    || (type == JavaType.BOOLEAN) != (from == JavaType.BOOLEAN)) {
                throw new IllegalArgumentException("cast of " + from + " to " + type);
            }
        }
    }

    /** {@code receiver.method(args)}. */
    record Call(Ex receiver, String method, List<Ex> args, JavaType type) implements Ex {
        public Call {
            Objects.requireNonNull(receiver, "receiver");
            new Local(method, type);
            args = List.copyOf(args);
        }
    }

    /** {@code Owner.method(args)}: a static method ({@code Math.min}, a runtime helper). */
    record StaticCall(JavaType.Ref owner, String method, List<Ex> args, JavaType type) implements Ex {
        public StaticCall {
            Objects.requireNonNull(owner, "owner");
            new Local(method, type);
            args = List.copyOf(args);
        }
    }

    /** {@code new element[length]}. */
    record NewArray(JavaType element, Ex length) implements Ex {
        public NewArray {
            Objects.requireNonNull(element, "element").array();
            integral(length);
        }

        @Override
        public JavaType type() {
            return element.array();
        }
    }

    /** {@code new Type(args)}: an object, such as the exception a {@code throw} raises. */
    record New(JavaType.Ref type, List<Ex> args) implements Ex {
        public New {
            Objects.requireNonNull(type, "type");
            args = List.copyOf(args);
        }
    }

    // ------------------------------------------------------------------------------------------ typing

    private static boolean integral(JavaType t) {
        return t == JavaType.INT || t == JavaType.LONG;
    }

    private static void integral(Ex index) {
        if (!integral(index.type())) {
            throw new IllegalArgumentException("not an int: " + index);
        }
    }

    private static boolean assignable(Ex e) {
        return e instanceof Local || e instanceof Load || e instanceof Field;
    }

    /** Java's binary numeric promotion of two number types. */
    static JavaType promote(JavaType a, JavaType b) {
        if (a == JavaType.DOUBLE || b == JavaType.DOUBLE) {
            return JavaType.DOUBLE;
        }
        if (a == JavaType.FLOAT || b == JavaType.FLOAT) {
            return JavaType.FLOAT;
        }
        if (a == JavaType.LONG || b == JavaType.LONG) {
            return JavaType.LONG;
        }
        return JavaType.INT;
    }
}
