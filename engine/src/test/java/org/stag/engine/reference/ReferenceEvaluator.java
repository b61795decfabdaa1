package org.stag.engine.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.DefinitionInfo;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.StarCallInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Reduction;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.front.VarDecl;
import org.stag.engine.ops.Operator;
import org.stag.engine.program.ScalarFunction;

/**
 * The dense semantics of stag, written as plainly as possible so the compiler's output can be tested
 * against it: for every coordinate of a definition's free indices (over the full ranges the checker
 * found), the right-hand side is folded over every value of each reduced index, reading an absent entry as
 * its tensor's fill value. Knows nothing of formats: {@code FormatRule}s and {@code Ord} do not change values.
 * Runs in time proportional to the product of all index ranges, so only on small tensors.
 *
 * <p>Values are {@link RefTensor}s and boxed scalars ({@link Values}). Variables are held in a map from
 * name to value; globals (parameters and input tensors) are always visible.
 */
public final class ReferenceEvaluator {
    private final CheckedProgram program;
    /** Operators as functions, compiled once: a Def's body through the engine's scalar evaluator. */
    private final Map<Operator, ScalarFunction> functions = new java.util.HashMap<>();
    private final Map<String, Object> globals = new LinkedHashMap<>();

    /**
     * An evaluator for {@code program} with parameter values (missing ones take their defaults, evaluated in
     * declaration order) and input tensors (all required).
     */
    public ReferenceEvaluator(CheckedProgram program, Map<String, ?> parameters, Map<String, RefTensor> inputs) {
        this.program = program;
        for (VarDecl g : program.program().globals()) {
            Symbol s = program.globals().get(g.name());
            if (s.isTensor()) {
                RefTensor t = inputs.get(g.name());
                if (t == null) {
                    throw new IllegalArgumentException("no input tensor " + g.name());
                }
                checkShape(g.name(), t, s.tensor());
                globals.put(g.name(), t);
            } else if (parameters.containsKey(g.name())) {
                globals.put(g.name(), Values.convert(parameters.get(g.name()), s.type().elem()));
            } else if (g.init().isPresent()) {
                Object v = new Scope(globals, Map.of(), List.of(), null).eval(g.init().get());
                globals.put(g.name(), Values.convert(v, s.type().elem()));
            } else {
                throw new IllegalArgumentException("parameter " + g.name() + " has no value and no default");
            }
        }
    }

    /** The checked program. */
    public CheckedProgram program() {
        return program;
    }

    /** The value of a global parameter or input tensor. */
    public Object global(String name) {
        if (!globals.containsKey(name)) {
            throw new IllegalArgumentException("no global " + name);
        }
        return globals.get(name);
    }

    /** The number a dimension size stands for: a literal, or the value of an {@code int} parameter. */
    public int size(String text) {
        if (Character.isDigit(text.charAt(0))) {
            return Integer.parseInt(text);
        }
        return (Integer) global(text);
    }

    /** An empty tensor of a declared tensor type (every entry its fill value). */
    public RefTensor empty(VarType.Tensor type) {
        int[] dims = new int[type.order()];
        for (int d = 0; d < dims.length; d++) {
            dims[d] = size(type.sizes().get(d));
        }
        return new RefTensor(type.elem(), dims, Values.of(type.fill()));
    }

    private void checkShape(String name, RefTensor t, VarType.Tensor type) {
        RefTensor e = empty(type);
        if (t.type() != type.elem() || !java.util.Arrays.equals(t.dims(), e.dims()) || !Values.same(t.fill(), e.fill())) {
            throw new IllegalArgumentException(name + " is " + type + " = " + e + ", not " + t);
        }
    }

    /**
     * The value of definition {@code d} (a {@link RefTensor} or a boxed scalar of the target's type), with
     * {@code variables} holding the values of the function's variables it reads.
     */
    public Object evaluate(Definition d, Map<String, ?> variables) {
        DefinitionInfo info = program.definition(d);
        Map<String, Object> vars = new HashMap<>(globals);
        vars.putAll(variables);
        Symbol target = info.target();
        ScalarType elem = target.type().elem();
        if (!target.isTensor()) {
            Scope s = new Scope(vars, new HashMap<>(), List.of(), null);
            return Values.convert(s.reduce(info, d.reductions().size() - 1), elem);
        }
        RefTensor out = empty(target.tensor());
        Scope s = new Scope(vars, new HashMap<>(), List.of(), out.fill());
        List<Ident> free = d.target().indices();
        forEachCoord(out.dims(), new int[free.size()], 0, c -> {
            for (int k = 0; k < c.length; k++) {
                s.indices.put(free.get(k).name(), c[k]);
            }
            out.set(Values.convert(s.reduce(info, d.reductions().size() - 1), elem), c);
        });
        return out;
    }

    private interface CoordAction {
        void at(int[] c);
    }

    /** Every coordinate within {@code dims}, lexicographically: the dense loop nest. */
    private static void forEachCoord(int[] dims, int[] c, int d, CoordAction action) {
        if (d == dims.length) {
            action.at(c.clone());
            return;
        }
        for (int x = 0; x < dims[d]; x++) {
            c[d] = x;
            forEachCoord(dims, c, d + 1, action);
        }
    }

    /** Runs {@code Main} and returns its outputs by name. */
    public Map<String, Object> runMain() {
        FunctionInfo main = program.main();
        List<Object> outs = call(main.name(), List.of());
        Map<String, Object> out = new LinkedHashMap<>();
        for (int k = 0; k < outs.size(); k++) {
            out.put(main.outputs().get(k).name(), outs.get(k));
        }
        return out;
    }

    /**
     * Runs function {@code name} once on {@code args} (tensors and scalars, in input order; scalars are
     * converted to the inputs' types) and returns its outputs in order. Statements run in order: a
     * declaration does nothing, a definition evaluates, calls and star calls run their function.
     */
    public List<Object> call(String name, List<?> args) {
        FunctionInfo f = program.function(name);
        if (args.size() != f.inputs().size()) {
            throw new IllegalArgumentException(name + " takes " + f.inputs().size() + " arguments");
        }
        Map<String, Object> vars = new HashMap<>(globals);
        for (int k = 0; k < args.size(); k++) {
            Symbol in = f.inputs().get(k);
            Object a = args.get(k);
            if (in.isTensor()) {
                checkShape(in.name(), (RefTensor) a, in.tensor());
                vars.put(in.name(), a);
            } else {
                vars.put(in.name(), Values.convert(a, in.type().elem()));
            }
        }
        for (Stmt st : f.decl().body()) {
            if (st instanceof Definition d) {
                vars.put(d.target().name(), evaluate(d, vars));
            } else if (st instanceof Call c) {
                bind(c.outputs(), call(c.function().name(), arguments(c.args(), vars)), vars);
            } else if (st instanceof StarCall c) {
                bind(c.outputs(), starCall(c, vars), vars);
            }
        }
        List<Object> outs = new ArrayList<>();
        for (Symbol o : f.outputs()) {
            outs.add(vars.get(o.name()));
        }
        return outs;
    }

    /**
     * A star call: a count is evaluated once and the function runs that many times (zero runs leave the
     * arguments as the outputs); a condition is tested after every run, so the function runs at least once.
     * FormatRules change formats, never values, so they are ignored.
     */
    private List<Object> starCall(StarCall c, Map<String, Object> vars) {
        StarCallInfo info = program.starCall(c);
        List<Object> current = arguments(c.args(), vars);
        String f = c.function().name();
        if (info.stop() == StarCallInfo.Stop.COUNT) {
            long n = ((Number) new Scope(vars, Map.of(), List.of(), null).eval(c.stop())).longValue();
            for (long r = 0; r < n; r++) {
                current = call(f, current);
            }
            return current;
        }
        do {
            current = call(f, current);
        } while (!(Boolean) new Scope(vars, Map.of(), current, null).eval(c.stop()));
        return current;
    }

    private List<Object> arguments(List<Expr> args, Map<String, Object> vars) {
        Scope s = new Scope(vars, Map.of(), List.of(), null);
        List<Object> out = new ArrayList<>();
        for (Expr a : args) {
            if (a instanceof Expr.Name n && vars.get(n.name()) instanceof RefTensor t) {
                out.add(t);
            } else {
                out.add(s.eval(a));
            }
        }
        return out;
    }

    private static void bind(List<Ident> names, List<Object> values, Map<String, Object> vars) {
        for (int k = 0; k < names.size(); k++) {
            if (!names.get(k).isWildcard()) {
                vars.put(names.get(k).name(), values.get(k));
            }
        }
    }

    /**
     * Where an expression is evaluated: variables, the current values of index variables, the values of
     * {@code #1, #2, ...} and the target's fill value.
     */
    private final class Scope {
        final Map<String, Object> vars;
        final Map<String, Integer> indices;
        final List<Object> refs;
        final Object fill;

        Scope(Map<String, Object> vars, Map<String, Integer> indices, List<Object> refs, Object fill) {
            this.vars = vars;
            this.indices = indices;
            this.refs = refs;
            this.fill = fill;
        }

        /**
         * The right-hand side reduced by reductions {@code 0..r} (the first innermost): reduction {@code r}
         * runs its index over its whole range around the inner ones.
         */
        Object reduce(DefinitionInfo info, int r) {
            Definition d = info.definition();
            if (r < 0) {
                return eval(d.value());
            }
            Reduction red = d.reductions().get(r);
            String var = red.index().name();
            ScalarType t = TypeMirror.accumulator(program, d, r);
            Object init = Values.convert(eval(red.init()), t);
            int n = size(info.extents().get(var));
            Object acc = init;
            Operator op = program.operator(red.op());
            for (int x = 0; x < n; x++) {
                indices.put(var, x);
                Object v = reduce(info, r - 1);
                if (op.firstWins()) {
                    // The first value that is not the identity, in index order, wins; init only when there is none.
                    if (!Values.same(Values.convert(v, t), Values.of(op.identity(t)))) {
                        acc = Values.convert(v, t);
                        break;
                    }
                } else {
                    acc = apply(op, acc, v, t);
                }
            }
            indices.remove(var);
            return acc;
        }

        /** {@code op(a, b)} in type {@code t}, by the operator's own evaluator (a Def's body through the engine's). */
        private Object apply(Operator op, Object a, Object b, ScalarType t) {
            ScalarFunction f = functions.computeIfAbsent(op, o -> ScalarFunction.of(program, o));
            Object x = Values.convert(a, t);
            Object y = Values.convert(b, t);
            if (t.isFloating()) {
                return Values.convert(f.applyDouble(((Number) x).doubleValue(), ((Number) y).doubleValue(), t), t);
            }
            long r = f.applyLong(asLong(x), asLong(y), t);
            return t == ScalarType.BOOL ? (Object) (r != 0) : Values.convert(r, t);
        }

        private static long asLong(Object v) {
            return v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
        }

        Object eval(Expr e) {
            ScalarType t = program.typeOf(e);
            if (e instanceof Expr.IntLiteral i) {
                return Values.convert(i.value(), t);
            }
            if (e instanceof Expr.FloatLiteral f) {
                return f.value();
            }
            if (e instanceof Expr.BoolLiteral b) {
                return b.value();
            }
            if (e instanceof Expr.Name n) {
                if (program.symbolOf(n).isPresent()) {
                    return Values.convert(variable(n.name()), t);
                }
                Integer x = indices.get(n.name());
                if (x == null) {
                    throw new IllegalStateException("index variable " + n.name() + " has no value here");
                }
                return x;
            }
            if (e instanceof Expr.OutputRef r) {
                return refs.get(r.index() - 1);
            }
            if (e instanceof Expr.Access a) {
                RefTensor tensor = (RefTensor) (a.tensor() instanceof Expr.Name n ? variable(n.name())
                        : refs.get(((Expr.OutputRef) a.tensor()).index() - 1));
                int[] c = new int[a.indices().size()];
                for (int k = 0; k < c.length; k++) {
                    long x = ((Number) eval(a.indices().get(k))).longValue();
                    // A computed coordinate outside the dimension is a runtime error (IndexOutOfBounds).
                    c[k] = x < 0 || x > Integer.MAX_VALUE ? -1 : (int) x;
                }
                return tensor.get(c);
            }
            if (e instanceof Expr.Unary u) {
                Object v = eval(u.operand());
                return u.op() == UnaryOp.NOT ? (Object) !(Boolean) v : Values.negate(v, t);
            }
            if (e instanceof Expr.Binary b) {
                return binary(b, t);
            }
            if (e instanceof Expr.IfElse i) {
                // Only the chosen branch is evaluated, so the other may divide by zero.
                return Values.convert((Boolean) eval(i.condition()) ? eval(i.then()) : eval(i.otherwise()), t);
            }
            if (e instanceof Expr.BuiltinCall c) {
                Operator op = program.operator(c.function());
                ScalarType at = op.typing() == Operator.Typing.LOGICAL ? ScalarType.BOOL : t;
                Object a = Values.convert(eval(c.args().get(0)), at);
                // Like the generated && and ||, a decided first argument leaves the second unevaluated.
                if (op.shortCircuits(at) && Values.same(a, Values.of(op.annihilator(at)))) {
                    return Values.convert(a, t);
                }
                return Values.convert(apply(op, a, eval(c.args().get(1)), at), t);
            }
            if (e instanceof Expr.Convert c) {
                return Values.convert(eval(c.value()), c.type());
            }
            if (e instanceof Expr.Fill) {
                return fill;
            }
            throw new IllegalArgumentException("unknown expression " + e);
        }

        private Object variable(String name) {
            if (!vars.containsKey(name)) {
                throw new IllegalStateException("variable " + name + " has no value yet");
            }
            return vars.get(name);
        }

        private Object binary(Expr.Binary b, ScalarType t) {
            BinaryOp op = b.op();
            if (op == BinaryOp.AND) {
                return (Boolean) eval(b.left()) && (Boolean) eval(b.right());
            }
            if (op == BinaryOp.OR) {
                return (Boolean) eval(b.left()) || (Boolean) eval(b.right());
            }
            Object l = eval(b.left());
            Object r = eval(b.right());
            if (op.isArithmetic()) {
                return Values.arithmetic(op.symbol().charAt(0), l, r, t);
            }
            ScalarType ct = TypeMirror.comparison(program, b);
            int cmp = Values.compare(Values.convert(l, ct), Values.convert(r, ct));
            boolean unordered = cmp != 0 && !(cmp < 0) && Values.compare(Values.convert(r, ct), Values.convert(l, ct)) > 0;
            return switch (op) {
                case EQ -> cmp == 0;
                case NE -> cmp != 0;
                case LT -> cmp < 0;
                case LE -> cmp <= 0;
                case GT -> cmp > 0 && !unordered;
                default -> cmp >= 0 && !unordered;
            };
        }
    }
}
