package org.stag.engine.front;

/** Reduction operators, written {@code | j:(OP, init)}. */
public enum ReduceOp {
    ADD("+"),
    MUL("*"),
    MIN("MIN"),
    MAX("MAX"),
    OR("OR"),
    AND("AND"),
    CHOOSE("CHOOSE");

    private final String symbol;

    ReduceOp(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as written. */
    public String symbol() {
        return symbol;
    }

    /** The operator written {@code symbol}, or null. */
    public static ReduceOp bySymbol(String symbol) {
        for (ReduceOp op : values()) {
            if (op.symbol.equals(symbol)) {
                return op;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return symbol;
    }
}
