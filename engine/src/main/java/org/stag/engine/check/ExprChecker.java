package org.stag.engine.check;

import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Trees;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;

/** Resolves the names in one expression and computes its type, recording both in {@link Facts}. */
final class ExprChecker {
    private final Reporter report;
    private final Facts facts;
    private final ExprEnv env;
    /** How many brackets enclose the expression being checked: names inside them are coordinates. */
    private int bracketDepth;

    private ExprChecker(Reporter report, Facts facts, ExprEnv env) {
        this.report = report;
        this.facts = facts;
        this.env = env;
    }

    /** The type of {@code e} in {@code env}. */
    static ExprType check(Reporter report, Facts facts, ExprEnv env, Expr e) {
        return new ExprChecker(report, facts, env).type(e);
    }

    private ExprType type(Expr e) {
        ExprType t = compute(e);
        facts.types.put(e, Types.settle(t));
        return t;
    }

    private ExprType compute(Expr e) {
        if (e instanceof Expr.IntLiteral i) {
            return i.longSuffix() || i.value() > Integer.MAX_VALUE ? ExprType.typed(ScalarType.LONG)
                    : ExprType.constant(ScalarType.INT);
        }
        if (e instanceof Expr.FloatLiteral) {
            return ExprType.constant(ScalarType.DOUBLE);
        }
        if (e instanceof Expr.BoolLiteral) {
            return ExprType.typed(ScalarType.BOOL);
        }
        if (e instanceof Expr.Name n) {
            return name(n);
        }
        if (e instanceof Expr.OutputRef r) {
            VarType t = ref(r);
            if (t instanceof VarType.Tensor tt) {
                throw report.at(r.pos(), "#" + r.index() + " is a tensor (" + tt + "); index it, or test a scalar"
                        + " output such as a count computed in the function");
            }
            return ExprType.typed(t.elem());
        }
        if (e instanceof Expr.Access a) {
            return access(a);
        }
        if (e instanceof Expr.Unary u) {
            ExprType t = type(u.operand());
            if (u.op() == UnaryOp.NOT) {
                requireBool(t, u.operand(), "'!' needs a bool");
                return t;
            }
            return Types.negate(t);
        }
        if (e instanceof Expr.Binary b) {
            ExprType l = type(b.left());
            ExprType r = type(b.right());
            if (b.op().isLogical()) {
                requireBool(l, b.left(), "'" + b.op() + "' needs bool operands");
                requireBool(r, b.right(), "'" + b.op() + "' needs bool operands");
                return ExprType.typed(ScalarType.BOOL);
            }
            return b.op().isComparison() ? ExprType.typed(ScalarType.BOOL) : Types.arithmetic(l, r);
        }
        if (e instanceof Expr.IfElse i) {
            requireBool(type(i.condition()), i.condition(), "the condition of ifelse must be bool");
            return Types.join(type(i.then()), type(i.otherwise()));
        }
        if (e instanceof Expr.BuiltinCall c) {
            return builtin(c);
        }
        if (e instanceof Expr.Convert c) {
            type(c.value());
            return ExprType.typed(c.type());
        }
        if (e instanceof Expr.Fill f) {
            if (env.fill() == null) {
                throw report.at(f.pos(), env.fillUnavailable());
            }
            return ExprType.typed(env.fill());
        }
        throw new IllegalArgumentException("unknown expression " + e);
    }

    private ExprType name(Expr.Name n) {
        Symbol s = env.scope().lookup(n.name());
        if (s != null) {
            readable(s, n);
            if (s.isTensor()) {
                throw report.at(n.pos(), "'" + n.name() + "' is a tensor; use it with " + s.tensor().order()
                        + (s.tensor().order() == 1 ? " index" : " indices") + ", e.g. " + example(n.name(), s.tensor(),
                        !env.indexVars().isEmpty()));
            }
            facts.symbols.put(n, s);
            return ExprType.typed(s.type().elem());
        }
        if (env.indexVars().contains(n.name())) {
            if (!env.allowedIndexVars().contains(n.name())) {
                throw report.at(n.pos(), env.indexRestriction() + ", not '" + n.name() + "'");
            }
            return ExprType.typed(ScalarType.INT);
        }
        throw unknown(n, "variable");
    }

    private ExprType access(Expr.Access a) {
        VarType.Tensor t;
        String what;
        if (a.tensor() instanceof Expr.Name n) {
            Symbol s = env.scope().lookup(n.name());
            if (s == null) {
                if (env.indexVars().contains(n.name())) {
                    throw report.at(n.pos(), "'" + n.name() + "' is an index variable, not a tensor");
                }
                throw unknown(n, "tensor");
            }
            readable(s, n);
            if (!s.isTensor()) {
                throw report.at(n.pos(), "'" + n.name() + "' is a scalar (" + s.type() + ") and cannot be indexed");
            }
            facts.symbols.put(n, s);
            facts.types.put(n, s.type().elem());
            t = s.tensor();
            what = "'" + n.name() + "'";
        } else {
            Expr.OutputRef r = (Expr.OutputRef) a.tensor();
            VarType v = ref(r);
            if (!(v instanceof VarType.Tensor vt)) {
                throw report.at(r.pos(), "#" + r.index() + " is a scalar (" + v + ") and cannot be indexed");
            }
            facts.types.put(r, v.elem());
            t = vt;
            what = "#" + r.index();
        }
        if (a.indices().size() != t.order()) {
            throw report.at(a.pos(), what + " has " + plural(t.order(), "dimension") + " but is used with "
                    + plural(a.indices().size(), "index", "indices"));
        }
        bracketDepth++;
        for (Expr i : a.indices()) {
            ExprType it = type(i);
            if (!(it.constant() ? it.type() == ScalarType.INT : it.type().isIntegral())) {
                throw report.at(Trees.start(i), "an index must be an int or a long, not " + it);
            }
        }
        bracketDepth--;
        return ExprType.typed(t.elem());
    }

    private ExprType builtin(Expr.BuiltinCall c) {
        Operator op = facts.operators.get(c.function());
        if (op == null) {
            throw report.at(c.pos(), "Def " + c.function() + " is declared below; a Def may call only the Defs above it");
        }
        if (c.args().size() != 2) {
            throw report.at(c.pos(), c.function() + " takes 2 arguments, got " + c.args().size());
        }
        ExprType a = type(c.args().get(0));
        ExprType b = type(c.args().get(1));
        return switch (op.typing()) {
            case LOGICAL -> {
                requireBool(a, c.args().get(0), c.function() + " needs bool arguments");
                requireBool(b, c.args().get(1), c.function() + " needs bool arguments");
                yield ExprType.typed(ScalarType.BOOL);
            }
            case ARITHMETIC -> Types.arithmetic(a, b);
            case JOIN -> Types.join(a, b);
            case DECLARED -> {
                for (int k = 0; k < 2; k++) {
                    ExprType t = k == 0 ? a : b;
                    if (!Types.assignable(t, op.declaredType())) {
                        throw report.at(Trees.start(c.args().get(k)), "argument " + (k + 1) + " of " + c.function()
                                + " is " + t + "; " + (op.def() != null ? "Def " : "") + c.function() + " takes "
                                + op.declaredType());
                    }
                }
                yield ExprType.typed(op.declaredType());
            }
        };
    }

    private VarType ref(Expr.OutputRef r) {
        if (env.refs() == null) {
            throw report.at(r.pos(), "#" + r.index() + ExprEnv.NO_REFS);
        }
        if (r.index() < 1 || r.index() > env.refs().size()) {
            throw report.at(r.pos(), "#" + r.index() + " is out of range: " + env.refsOwner());
        }
        return env.refs().get(r.index() - 1);
    }

    private void readable(Symbol s, Expr.Name n) {
        String why = env.scope().unreadable(s);
        if (why != null) {
            throw report.at(n.pos(), why);
        }
    }

    private RuntimeException unknown(Expr.Name n, String what) {
        String why = env.scope().whyUnknown(n.name());
        if (why != null) {
            return report.at(n.pos(), why);
        }
        if (bracketDepth > 0 && !env.indexVars().isEmpty() && what.equals("variable")) {
            return report.at(n.pos(), "index variable '" + n.name() + "' has no range: use it as a whole index of"
                    + " a tensor (x[" + n.name() + "]) or on the left-hand side");
        }
        return report.at(n.pos(), "unknown " + what + " '" + n.name() + "'");
    }

    private void requireBool(ExprType t, Expr e, String what) {
        if (t.constant() || t.type() != ScalarType.BOOL) {
            throw report.at(Trees.start(e), what + ", not " + t + (t.type() == ScalarType.BOOL ? ""
                    : "; compare it, e.g. x != 0"));
        }
    }

    /** {@code x[i][j]} where index variables may appear, {@code x[0][0]} where only coordinates can. */
    private static String example(String name, VarType.Tensor t, boolean indexVars) {
        StringBuilder out = new StringBuilder(name);
        String[] vars = {"i", "j", "k", "l"};
        for (int d = 0; d < t.order(); d++) {
            out.append('[').append(!indexVars ? "0" : d < vars.length ? vars[d] : "i" + d).append(']');
        }
        return out.toString();
    }

    static String plural(int n, String singular) {
        return plural(n, singular, singular + "s");
    }

    static String plural(int n, String singular, String pluralForm) {
        return n + " " + (n == 1 ? singular : pluralForm);
    }
}
