package org.stag.engine.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.VarType;
import org.stag.engine.cin.ExprTypes;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.SourcePos;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;
import org.stag.formats.tensor.Tensor;

/**
 * Compiles expressions without index variables (parameter defaults, index-free scalar definitions such as
 * {@code level_out = level + 1}, call arguments, iteration counts, stop conditions, FormatRule conditions,
 * uniform {@code ifelse} conditions) into a tree of nodes over primitive slots. Evaluating a tree reads and
 * computes longs and doubles only: no boxing, no allocation, no map lookups, so an outer loop can test its
 * condition every iteration for free. Values follow generated code exactly: each node computes in its
 * checked type (ints wrap, floats round) and converts as {@code JavaTypes.convert} does.
 *
 * <p>In a star call's stop condition {@code #k} is output {@code k} of the latest run, in a FormatRule's
 * condition argument {@code k} of the coming run: both read a positional {@link Env} passed as {@code refs}.
 * A tensor element ({@code x[b]}, {@code #2[#3]}) is read at its computed coordinate, which must lie inside
 * the dimension.
 */
final class ScalarEval {
    private final CheckedProgram program;
    private final Layout scope;
    private final List<VarType> refTypes;
    /** While a Def's body is compiled: its parameters, bound to its arguments' nodes. */
    private Map<String, Node> params = Map.of();

    /**
     * @param scope    where names resolve
     * @param refTypes the types of {@code #1, #2, ...}, or null where there are none
     */
    ScalarEval(CheckedProgram program, Layout scope, List<VarType> refTypes) {
        this.program = program;
        this.scope = scope;
        this.refTypes = refTypes;
    }

    /** A compiled expression of one type; call {@link #l} for bool, int and long types, {@link #d} for the others. */
    abstract static class Node {
        final ScalarType type;

        Node(ScalarType type) {
            this.type = type;
        }

        /** The value of a bool (0 or 1), int or long node. */
        long l(Env env, Env refs) {
            throw new IllegalStateException("internal error: " + type + " node read as a long");
        }

        /** The value of a float or double node. */
        double d(Env env, Env refs) {
            throw new IllegalStateException("internal error: " + type + " node read as a double");
        }

        /** The value of a bool node. */
        final boolean b(Env env, Env refs) {
            return l(env, refs) != 0;
        }
    }

    /** {@code e} in its checked type. */
    Node compile(Expr e) {
        ScalarType t = program.typeOf(e);
        if (e instanceof Expr.IntLiteral i) {
            return t.isFloating() ? new ConstD(t, t == ScalarType.FLOAT ? (float) i.value() : (double) i.value())
                    : new ConstL(t, Scalars.longToLong(i.value(), t));
        }
        if (e instanceof Expr.FloatLiteral f) {
            return new ConstD(t, Scalars.realToReal(f.value(), t));
        }
        if (e instanceof Expr.BoolLiteral b) {
            return new ConstL(ScalarType.BOOL, b.value() ? 1 : 0);
        }
        if (e instanceof Expr.Name n) {
            Node bound = params.get(n.name());
            if (bound != null) {
                return convert(bound, t);
            }
            Layout.Var v = scope.lookup(n.name());
            int ref = scope.ref(n.name());
            Node var = Scalars.inLong(v.type()) ? new VarL(v.type(), ref) : new VarD(v.type(), ref);
            return convert(var, t);
        }
        if (e instanceof Expr.OutputRef r) {
            ScalarType rt = refType(r).elem();
            int k = r.index() - 1;
            return convert(Scalars.inLong(rt) ? new RefL(rt, k) : new RefD(rt, k), t);
        }
        if (e instanceof Expr.Access a) {
            return access(a, t);
        }
        if (e instanceof Expr.Unary u) {
            if (u.op() == UnaryOp.NOT) {
                return new Not(compile(u.operand()));
            }
            Node x = compile(u.operand(), t);
            return Scalars.inLong(t) ? new NegL(t, x) : new NegD(t, x);
        }
        if (e instanceof Expr.Binary b) {
            if (b.op().isLogical()) {
                return new Apply(b.op() == BinaryOp.AND ? Operators.AND : Operators.OR, ScalarType.BOOL, compile(b.left()),
                        compile(b.right()));
            }
            if (b.op().isComparison()) {
                ScalarType ct = ExprTypes.comparison(program, b);
                Node l = compile(b.left(), ct);
                Node r = compile(b.right(), ct);
                return Scalars.inLong(ct) ? new CmpL(b.op(), l, r) : new CmpD(b.op(), l, r);
            }
            Node l = compile(b.left(), t);
            Node r = compile(b.right(), t);
            return Scalars.inLong(t) ? new ArithL(t, b.op(), l, r) : new ArithD(t, b.op(), l, r);
        }
        if (e instanceof Expr.IfElse i) {
            return new IfElse(t, compile(i.condition()), compile(i.then(), t), compile(i.otherwise(), t));
        }
        if (e instanceof Expr.BuiltinCall c) {
            Operator op = program.operator(c.function());
            ScalarType at = op.typing() == Operator.Typing.LOGICAL ? ScalarType.BOOL : t;
            return convert(apply(op, compile(c.args().get(0), at), compile(c.args().get(1), at), at), t);
        }
        if (e instanceof Expr.Convert c) {
            return compile(c.value(), c.type());
        }
        throw new IllegalArgumentException("not an index-free scalar expression: " + Printer.print(e));
    }

    /**
     * {@code op(x, y)} in type {@code t}: the descriptor's evaluator for a built-in (its second argument skipped
     * where the generated {@code &&} / {@code ||} skips it), the body with its parameters bound to {@code x}
     * and {@code y} for a {@code Def}.
     */
    private Node apply(Operator op, Node x, Node y, ScalarType t) {
        if (op.def() == null) {
            return new Apply(op, t, x, y);
        }
        ScalarDef d = op.def();
        Map<String, Node> saved = params;
        params = Map.of(d.params().get(0).name(), x, d.params().get(1).name(), y);
        try {
            return compile(d.body(), op.declaredType());
        } finally {
            params = saved;
        }
    }

    /**
     * The body of {@code Def} operator {@code op} as a node over two arguments of its type, read from slots 0
     * and 1 of the {@code Env} it is evaluated with ({@link ScalarFunction}).
     */
    static Node function(CheckedProgram program, Operator op) {
        ScalarType t = op.declaredType();
        ScalarEval eval = new ScalarEval(program, null, null);
        return Scalars.inLong(t) ? eval.apply(op, new ArgL(t, 0), new ArgL(t, 1), t)
                : eval.apply(op, new ArgD(t, 0), new ArgD(t, 1), t);
    }

    /** {@code e} converted to {@code to}. */
    Node compile(Expr e, ScalarType to) {
        return convert(compile(e), to);
    }

    private VarType refType(Expr.OutputRef r) {
        if (refTypes == null || r.index() < 1 || r.index() > refTypes.size()) {
            throw new IllegalStateException("internal error: #" + r.index() + " has no value here");
        }
        return refTypes.get(r.index() - 1);
    }

    private Node access(Expr.Access a, ScalarType t) {
        Node[] idx = new Node[a.indices().size()];
        for (int k = 0; k < idx.length; k++) {
            idx[k] = compile(a.indices().get(k), ScalarType.LONG);
        }
        String what;
        int ref;
        boolean positional;
        ScalarType elem;
        if (a.tensor() instanceof Expr.Name n) {
            Layout.Var v = scope.lookup(n.name());
            what = "'" + n.name() + "'";
            ref = scope.ref(n.name());
            positional = false;
            elem = v.type();
        } else {
            Expr.OutputRef r = (Expr.OutputRef) a.tensor();
            what = "#" + r.index();
            ref = r.index() - 1;
            positional = true;
            elem = refType(r).elem();
        }
        return convert(new Read(elem, what, a.pos(), ref, positional, idx), t);
    }

    /** {@code n} as type {@code to}, as the language converts. */
    static Node convert(Node n, ScalarType to) {
        return n.type == to ? n : new Convert(n, to);
    }

    /**
     * The values of the variables, {@code #k} and tensor elements {@code e} reads, as {@code text = value}
     * joined by commas, for {@code --explain}: {@code #4 = 5012, threshold = 1000}.
     */
    String operands(Expr e, Env env, Env refs) {
        Map<String, Expr> leaves = new LinkedHashMap<>();
        collectLeaves(e, leaves);
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Expr> l : leaves.entrySet()) {
            Node n = compile(l.getValue());
            String v = Scalars.inLong(n.type) ? Scalars.show(n.l(env, refs), n.type) : Scalars.show(n.d(env, refs), n.type);
            out.add(l.getKey() + " = " + v);
        }
        return String.join(", ", out);
    }

    private void collectLeaves(Expr e, Map<String, Expr> out) {
        if (e instanceof Expr.Name || e instanceof Expr.OutputRef || e instanceof Expr.Access) {
            out.putIfAbsent(Printer.print(e), e);
            if (e instanceof Expr.Access a) {
                a.indices().forEach(i -> collectLeaves(i, out));
            }
        } else if (e instanceof Expr.Unary u) {
            collectLeaves(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            collectLeaves(b.left(), out);
            collectLeaves(b.right(), out);
        } else if (e instanceof Expr.IfElse i) {
            collectLeaves(i.condition(), out);
            collectLeaves(i.then(), out);
            collectLeaves(i.otherwise(), out);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> collectLeaves(x, out));
        } else if (e instanceof Expr.Convert c) {
            collectLeaves(c.value(), out);
        }
    }

    // ------------------------------------------------------------------------------------------------ nodes

    private static final class ConstL extends Node {
        private final long v;

        ConstL(ScalarType t, long v) {
            super(t);
            this.v = v;
        }

        @Override
        long l(Env env, Env refs) {
            return v;
        }
    }

    private static final class ConstD extends Node {
        private final double v;

        ConstD(ScalarType t, double v) {
            super(t);
            this.v = v;
        }

        @Override
        double d(Env env, Env refs) {
            return v;
        }
    }

    private static final class VarL extends Node {
        private final int ref;

        VarL(ScalarType t, int ref) {
            super(t);
            this.ref = ref;
        }

        @Override
        long l(Env env, Env refs) {
            return env.intAt(ref);
        }
    }

    private static final class VarD extends Node {
        private final int ref;

        VarD(ScalarType t, int ref) {
            super(t);
            this.ref = ref;
        }

        @Override
        double d(Env env, Env refs) {
            return env.realAt(ref);
        }
    }

    private static final class RefL extends Node {
        private final int k;

        RefL(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        long l(Env env, Env refs) {
            return refs.ints[k];
        }
    }

    private static final class RefD extends Node {
        private final int k;

        RefD(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        double d(Env env, Env refs) {
            return refs.reals[k];
        }
    }

    private static final class Convert extends Node {
        private final Node x;
        private final boolean fromLong;

        Convert(Node x, ScalarType to) {
            super(to);
            this.x = x;
            this.fromLong = Scalars.inLong(x.type);
        }

        @Override
        long l(Env env, Env refs) {
            return fromLong ? Scalars.longToLong(x.l(env, refs), type) : Scalars.realToLong(x.d(env, refs), type);
        }

        @Override
        double d(Env env, Env refs) {
            return fromLong ? Scalars.longToReal(x.l(env, refs), type) : Scalars.realToReal(x.d(env, refs), type);
        }
    }

    private static final class Not extends Node {
        private final Node x;

        Not(Node x) {
            super(ScalarType.BOOL);
            this.x = x;
        }

        @Override
        long l(Env env, Env refs) {
            return x.l(env, refs) != 0 ? 0 : 1;
        }
    }

    private static final class NegL extends Node {
        private final Node x;

        NegL(ScalarType t, Node x) {
            super(t);
            this.x = x;
        }

        @Override
        long l(Env env, Env refs) {
            return Scalars.longToLong(-x.l(env, refs), type);
        }
    }

    private static final class NegD extends Node {
        private final Node x;

        NegD(ScalarType t, Node x) {
            super(t);
            this.x = x;
        }

        @Override
        double d(Env env, Env refs) {
            return -x.d(env, refs);
        }
    }

    private static final class CmpL extends Node {
        private final BinaryOp op;
        private final Node x;
        private final Node y;

        CmpL(BinaryOp op, Node x, Node y) {
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

    private static final class CmpD extends Node {
        private final BinaryOp op;
        private final Node x;
        private final Node y;

        CmpD(BinaryOp op, Node x, Node y) {
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
    private static final class ArithL extends Node {
        private final BinaryOp op;
        private final Node x;
        private final Node y;

        ArithL(ScalarType t, BinaryOp op, Node x, Node y) {
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
    private static final class ArithD extends Node {
        private final BinaryOp op;
        private final Node x;
        private final Node y;

        ArithD(ScalarType t, BinaryOp op, Node x, Node y) {
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

    private static final class IfElse extends Node {
        private final Node c;
        private final Node x;
        private final Node y;

        IfElse(ScalarType t, Node c, Node x, Node y) {
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
    private static final class Apply extends Node {
        private final Operator op;
        private final boolean shortCircuit;
        private final long decidedAt;
        private final Node x;
        private final Node y;

        Apply(Operator op, ScalarType t, Node x, Node y) {
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

    /** Argument {@code k} of a {@link ScalarFunction}, held as a long. */
    private static final class ArgL extends Node {
        private final int k;

        ArgL(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        long l(Env env, Env refs) {
            return env.ints[k];
        }
    }

    /** Argument {@code k} of a {@link ScalarFunction}, held as a double. */
    private static final class ArgD extends Node {
        private final int k;

        ArgD(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        double d(Env env, Env refs) {
            return env.reals[k];
        }
    }

    /** One element of a tensor at computed coordinates, which must lie inside its dimensions. */
    private static final class Read extends Node {
        private final String what;
        private final SourcePos pos;
        private final int ref;
        private final boolean positional;
        private final Node[] idx;
        private final int[] coords;

        Read(ScalarType elem, String what, SourcePos pos, int ref, boolean positional, Node[] idx) {
            super(elem);
            this.what = what;
            this.pos = pos;
            this.ref = ref;
            this.positional = positional;
            this.idx = idx;
            this.coords = new int[idx.length];
        }

        private Tensor locate(Env env, Env refs) {
            Tensor t = positional ? refs.tensors[ref] : env.tensor(ref);
            for (int m = 0; m < idx.length; m++) {
                long c = idx[m].l(env, refs);
                if (c < 0 || c >= t.dimension(m)) {
                    throw new CoordinateOutOfRange(pos, "coordinate " + c + " of " + what + " (mode " + (m + 1)
                            + ") is out of range 0.." + (t.dimension(m) - 1));
                }
                coords[m] = (int) c;
            }
            return t;
        }

        @Override
        long l(Env env, Env refs) {
            Tensor t = locate(env, refs);
            return type == ScalarType.BOOL ? (t.getAsBoolean(coords) ? 1 : 0) : t.getAsLong(coords);
        }

        @Override
        double d(Env env, Env refs) {
            return locate(env, refs).getAsDouble(coords);
        }
    }

    /** A computed coordinate outside its dimension; the statement running it reports it with the program's name. */
    static final class CoordinateOutOfRange extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient SourcePos pos;

        CoordinateOutOfRange(SourcePos pos, String message) {
            super(message, null, false, false);
            this.pos = pos;
        }
    }
}
