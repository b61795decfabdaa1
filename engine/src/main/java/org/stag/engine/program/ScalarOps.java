package org.stag.engine.program;

import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;

/**
 * The operator nodes of the scalar evaluator's trees ({@link ScalarNode}): negation, comparisons, arithmetic, {@code ifelse} and the
 * operators dispatched through their {@link Operator} descriptor. Each computes in its node's type as generated
 * code does (ints wrap, floats round).
 */
final class ScalarOps {
    private ScalarOps() {
    }

    static final class Not extends ScalarNode {
        private final ScalarNode x;

        Not(ScalarNode x) {
            super(ScalarType.BOOL);
            this.x = x;
        }

        @Override
        long l(Env env, Env refs) {
            return x.l(env, refs) != 0 ? 0 : 1;
        }
    }

    static final class NegL extends ScalarNode {
        private final ScalarNode x;

        NegL(ScalarType t, ScalarNode x) {
            super(t);
            this.x = x;
        }

        @Override
        long l(Env env, Env refs) {
            return Scalars.longToLong(-x.l(env, refs), type);
        }
    }

    static final class NegD extends ScalarNode {
        private final ScalarNode x;

        NegD(ScalarType t, ScalarNode x) {
            super(t);
            this.x = x;
        }

        @Override
        double d(Env env, Env refs) {
            return -x.d(env, refs);
        }
    }

    static final class CmpL extends ScalarNode {
        private final BinaryOp op;
        private final ScalarNode x;
        private final ScalarNode y;

        CmpL(BinaryOp op, ScalarNode x, ScalarNode y) {
            super(ScalarType.BOOL);
            this.op = op;
            this.x = x;
            this.y = y;
        }

        @Override
        long l(Env env, Env refs) {
            long a = x.l(env, refs);
            long b = y.l(env, refs);
            boolean r = switch (op) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                case GE -> a >= b;
                default -> throw new IllegalStateException(op.toString());
            };
            return r ? 1 : 0;
        }
    }

    static final class CmpD extends ScalarNode {
        private final BinaryOp op;
        private final ScalarNode x;
        private final ScalarNode y;

        CmpD(BinaryOp op, ScalarNode x, ScalarNode y) {
            super(ScalarType.BOOL);
            this.op = op;
            this.x = x;
            this.y = y;
        }

        @Override
        long l(Env env, Env refs) {
            double a = x.d(env, refs);
            double b = y.d(env, refs);
            boolean r = switch (op) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                case GE -> a >= b;
                default -> throw new IllegalStateException(op.toString());
            };
            return r ? 1 : 0;
        }
    }

    /** Integer arithmetic in long, wrapped back to int for an int node (the same bits as int arithmetic). */
    static final class ArithL extends ScalarNode {
        private final BinaryOp op;
        private final ScalarNode x;
        private final ScalarNode y;

        ArithL(ScalarType t, BinaryOp op, ScalarNode x, ScalarNode y) {
            super(t);
            this.op = op;
            this.x = x;
            this.y = y;
        }

        @Override
        long l(Env env, Env refs) {
            long a = x.l(env, refs);
            long b = y.l(env, refs);
            long r = switch (op) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                case DIV -> a / b;
                case MOD -> a % b;
                default -> throw new IllegalStateException(op.toString());
            };
            return type == ScalarType.INT ? (int) r : r;
        }
    }

    /** Floating-point arithmetic in double, rounded to float for a float node (exact for + - * / %). */
    static final class ArithD extends ScalarNode {
        private final BinaryOp op;
        private final ScalarNode x;
        private final ScalarNode y;

        ArithD(ScalarType t, BinaryOp op, ScalarNode x, ScalarNode y) {
            super(t);
            this.op = op;
            this.x = x;
            this.y = y;
        }

        @Override
        double d(Env env, Env refs) {
            double a = x.d(env, refs);
            double b = y.d(env, refs);
            double r = switch (op) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                case DIV -> a / b;
                case MOD -> a % b;
                default -> throw new IllegalStateException(op.toString());
            };
            return type == ScalarType.FLOAT ? (double) (float) r : r;
        }
    }

    static final class IfElse extends ScalarNode {
        private final ScalarNode c;
        private final ScalarNode x;
        private final ScalarNode y;

        IfElse(ScalarType t, ScalarNode c, ScalarNode x, ScalarNode y) {
            super(t);
            this.c = c;
            this.x = x;
            this.y = y;
        }

        @Override
        long l(Env env, Env refs) {
            return c.b(env, refs) ? x.l(env, refs) : y.l(env, refs);
        }

        @Override
        double d(Env env, Env refs) {
            return c.b(env, refs) ? x.d(env, refs) : y.d(env, refs);
        }
    }

    /** A built-in operator through its descriptor's evaluator; {@code &&}-like ones skip a decided second argument. */
    static final class Apply extends ScalarNode {
        private final Operator op;
        private final boolean shortCircuit;
        private final long decidedAt;
        private final ScalarNode x;
        private final ScalarNode y;

        Apply(Operator op, ScalarType t, ScalarNode x, ScalarNode y) {
            super(t);
            this.op = op;
            this.shortCircuit = op.shortCircuits(t);
            this.decidedAt = shortCircuit && op.annihilator(t).bool() ? 1 : 0;
            this.x = x;
            this.y = y;
        }

        @Override
        long l(Env env, Env refs) {
            long a = x.l(env, refs);
            if (shortCircuit && a == decidedAt) {
                return a;
            }
            return op.applyLong(a, y.l(env, refs), type);
        }

        @Override
        double d(Env env, Env refs) {
            return op.applyDouble(x.d(env, refs), y.d(env, refs), type);
        }
    }
}
