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
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;
import org.stag.engine.program.ScalarLeaves.ArgD;
import org.stag.engine.program.ScalarLeaves.ArgL;
import org.stag.engine.program.ScalarLeaves.ConstD;
import org.stag.engine.program.ScalarLeaves.ConstL;
import org.stag.engine.program.ScalarLeaves.Convert;
import org.stag.engine.program.ScalarLeaves.Read;
import org.stag.engine.program.ScalarLeaves.RefD;
import org.stag.engine.program.ScalarLeaves.RefL;
import org.stag.engine.program.ScalarLeaves.VarD;
import org.stag.engine.program.ScalarLeaves.VarL;
import org.stag.engine.program.ScalarOps.Apply;
import org.stag.engine.program.ScalarOps.ArithD;
import org.stag.engine.program.ScalarOps.ArithL;
import org.stag.engine.program.ScalarOps.CmpD;
import org.stag.engine.program.ScalarOps.CmpL;
import org.stag.engine.program.ScalarOps.IfElse;
import org.stag.engine.program.ScalarOps.NegD;
import org.stag.engine.program.ScalarOps.NegL;
import org.stag.engine.program.ScalarOps.Not;

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
    private Map<String, ScalarNode> params = Map.of();

    /**
     * @param scope    where names resolve
     * @param refTypes the types of {@code #1, #2, ...}, or null where there are none
     */
    ScalarEval(CheckedProgram program, Layout scope, List<VarType> refTypes) {
        this.program = program;
        this.scope = scope;
        this.refTypes = refTypes;
    }

    /** {@code e} in its checked type. */
    ScalarNode compile(Expr e) {
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
            ScalarNode bound = params.get(n.name());
            if (bound != null) {
                return convert(bound, t);
            }
            Layout.Var v = scope.lookup(n.name());
            int ref = scope.ref(n.name());
            ScalarNode var = Scalars.inLong(v.type()) ? new VarL(v.type(), ref) : new VarD(v.type(), ref);
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
            ScalarNode x = compile(u.operand(), t);
            return Scalars.inLong(t) ? new NegL(t, x) : new NegD(t, x);
        }
        if (e instanceof Expr.Binary b) {
            if (b.op().isLogical()) {
                return new Apply(b.op() == BinaryOp.AND ? Operators.AND : Operators.OR, ScalarType.BOOL, compile(b.left()),
                        compile(b.right()));
            }
            if (b.op().isComparison()) {
                ScalarType ct = ExprTypes.comparison(program, b);
                ScalarNode l = compile(b.left(), ct);
                ScalarNode r = compile(b.right(), ct);
                return Scalars.inLong(ct) ? new CmpL(b.op(), l, r) : new CmpD(b.op(), l, r);
            }
            ScalarNode l = compile(b.left(), t);
            ScalarNode r = compile(b.right(), t);
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
    private ScalarNode apply(Operator op, ScalarNode x, ScalarNode y, ScalarType t) {
        if (op.def() == null) {
            return new Apply(op, t, x, y);
        }
        ScalarDef d = op.def();
        Map<String, ScalarNode> saved = params;
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
    static ScalarNode function(CheckedProgram program, Operator op) {
        ScalarType t = op.declaredType();
        ScalarEval eval = new ScalarEval(program, null, null);
        return Scalars.inLong(t) ? eval.apply(op, new ArgL(t, 0), new ArgL(t, 1), t)
                : eval.apply(op, new ArgD(t, 0), new ArgD(t, 1), t);
    }

    /** {@code e} converted to {@code to}. */
    ScalarNode compile(Expr e, ScalarType to) {
        return convert(compile(e), to);
    }

    private VarType refType(Expr.OutputRef r) {
        if (refTypes == null || r.index() < 1 || r.index() > refTypes.size()) {
            throw new IllegalStateException("internal error: #" + r.index() + " has no value here");
        }
        return refTypes.get(r.index() - 1);
    }

    private ScalarNode access(Expr.Access a, ScalarType t) {
        ScalarNode[] idx = new ScalarNode[a.indices().size()];
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
    static ScalarNode convert(ScalarNode n, ScalarType to) {
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
            ScalarNode n = compile(l.getValue());
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
}

