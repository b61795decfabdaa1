package org.stag.engine.front;

/**
 * Binary operators with their precedence (higher binds tighter). Arithmetic and logical operators
 * associate to the left; comparisons do not chain, so {@code a < b < c} is an error rather than a surprise.
 */
public enum BinaryOp {
    OR("||", 1, true),
    AND("&&", 2, true),
    EQ("==", 3, false),
    NE("!=", 3, false),
    LT("<", 4, false),
    LE("<=", 4, false),
    GT(">", 4, false),
    GE(">=", 4, false),
    ADD("+", 5, true),
    SUB("-", 5, true),
    MUL("*", 6, true),
    DIV("/", 6, true),
    MOD("%", 6, true);

    private final String symbol;
    private final int precedence;
    private final boolean leftAssociative;

    BinaryOp(String symbol, int precedence, boolean leftAssociative) {
        this.symbol = symbol;
        this.precedence = precedence;
        this.leftAssociative = leftAssociative;
    }

    /** The operator as written. */
    public String symbol() {
        return symbol;
    }

    /** 1 ({@code ||}) to 6 ({@code * / %}). */
    public int precedence() {
        return precedence;
    }

    /** False for comparisons, which cannot be chained. */
    public boolean isLeftAssociative() {
        return leftAssociative;
    }

    /** {@code + - * / %}. */
    public boolean isArithmetic() {
        return precedence >= 5;
    }

    /** {@code == != < <= > >=}. */
    public boolean isComparison() {
        return precedence == 3 || precedence == 4;
    }

    /** {@code && ||}. */
    public boolean isLogical() {
        return this == OR || this == AND;
    }

    @Override
    public String toString() {
        return symbol;
    }
}
