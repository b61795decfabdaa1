package org.stag.engine.front;

/** Prefix operators; they bind tighter than any binary operator. */
public enum UnaryOp {
    NEG("-"),
    NOT("!");

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as written. */
    public String symbol() {
        return symbol;
    }

    @Override
    public String toString() {
        return symbol;
    }
}
