package org.stag.engine.check;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.front.Call;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Format;
import org.stag.engine.front.FormatRule;
import org.stag.engine.front.FunctionDecl;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.SourcePos;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Trees;
import org.stag.engine.front.UnaryOp;

/**
 * Checks calls and star calls: the function, arity, argument and output types, and for star calls the
 * stop clause and the FormatRules above them. Formats never make a call ill-typed: functions are
 * specialised to the formats of their actual arguments, so only element types, sizes and fill values must
 * agree.
 */
final class CallChecker {
    private final Reporter report;
    private final Facts facts;
    private final DeclChecker decls;
    private final Map<String, FunctionInfo> signatures;
    private final String caller;

    CallChecker(Reporter report, Facts facts, DeclChecker decls, Map<String, FunctionInfo> signatures, String caller) {
        this.report = report;
        this.facts = facts;
        this.decls = decls;
        this.signatures = signatures;
        this.caller = caller;
    }

    void call(Call c, Scope scope) {
        FunctionInfo f = resolve(c.function());
        scope.beginDefinition(names(c.outputs()));
        arguments(c.function(), c.args(), f, scope);
        scope.endDefinition();
        outputs(c.outputs(), c.pos(), f, scope);
    }

    StarCallInfo starCall(StarCall c, Scope scope) {
        FunctionInfo f = resolve(c.function());
        String name = f.name();
        if (f.inputs().size() != f.outputs().size()) {
            throw report.at(c.function().pos(), "a star call repeats a function with as many inputs as outputs; "
                    + name + " has " + ExprChecker.plural(f.inputs().size(), "input") + " and "
                    + ExprChecker.plural(f.outputs().size(), "output"));
        }
        for (int k = 0; k < f.inputs().size(); k++) {
            VarType in = f.inputs().get(k).type();
            VarType out = f.outputs().get(k).type();
            if (!sameType(in, out)) {
                throw report.at(c.function().pos(), "a star call feeds each output of " + name + " back as the input"
                        + " in the same position, but input " + (k + 1) + " ('" + f.inputs().get(k).name() + "', " + in
                        + ") and output " + (k + 1) + " ('" + f.outputs().get(k).name() + "', " + out + ") differ");
            }
        }
        scope.beginDefinition(names(c.outputs()));
        List<StarCallInfo.Rule> rules = new ArrayList<>();
        for (FormatRule r : c.rules()) {
            rules.add(rule(r, c, f, scope));
        }
        arguments(c.function(), c.args(), f, scope);
        scope.endDefinition();
        outputs(c.outputs(), c.pos(), f, scope);
        StarCallInfo.Stop stop = stop(c.stop(), f, scope);
        StarCallInfo info = new StarCallInfo(c, f, stop, rules);
        facts.starCalls.put(c, info);
        return info;
    }

    private static Set<String> names(List<Ident> outputs) {
        Set<String> out = new HashSet<>();
        for (Ident o : outputs) {
            if (!o.isWildcard()) {
                out.add(o.name());
            }
        }
        return out;
    }

    private FunctionInfo resolve(Ident function) {
        FunctionInfo f = signatures.get(function.name());
        if (f == null) {
            throw report.at(function.pos(), "unknown function '" + function.name() + "'");
        }
        if (f.name().equals(FunctionDecl.MAIN)) {
            throw report.at(function.pos(), "Main cannot be called; it is where the program starts");
        }
        return f;
    }

    private void arguments(Ident function, List<Expr> args, FunctionInfo f, Scope scope) {
        if (args.size() != f.inputs().size()) {
            throw report.at(function.pos(), f.name() + " takes " + ExprChecker.plural(f.inputs().size(), "input")
                    + " but is given " + ExprChecker.plural(args.size(), "argument"));
        }
        for (int k = 0; k < args.size(); k++) {
            Symbol param = f.inputs().get(k);
            Expr a = args.get(k);
            String which = "argument " + (k + 1) + " of " + f.name();
            Symbol named = a instanceof Expr.Name n ? scope.lookup(n.name()) : null;
            if (param.isTensor()) {
                if (!(a instanceof Expr.Name n)) {
                    throw report.at(Trees.start(a), which + " must be a tensor variable (" + param.type() + ")");
                }
                if (named == null) {
                    String why = scope.whyUnknown(n.name());
                    throw report.at(n.pos(), why != null ? why : "unknown tensor '" + n.name() + "'");
                }
                if (!named.isTensor()) {
                    throw report.at(n.pos(), which + " must be a tensor (" + param.type() + "), but '" + n.name()
                            + "' is a scalar (" + named.type() + ")");
                }
                String why = scope.unreadable(named);
                if (why != null) {
                    throw report.at(n.pos(), why);
                }
                if (!named.tensor().sameShape(param.tensor())) {
                    throw report.at(n.pos(), which + " is " + named.type() + " but the input '" + param.name()
                            + "' is " + param.type() + " (formats may differ; element type, sizes and fill must match)");
                }
                facts.symbols.put(n, named);
                facts.types.put(n, named.type().elem());
            } else {
                if (named != null && named.isTensor()) {
                    throw report.at(a.pos(), which + " must be a scalar (" + param.type() + "), but '" + named.name()
                            + "' is a tensor");
                }
                ExprType t = ExprChecker.check(report, facts, ExprEnv.scalars(scope), a);
                if (!Types.assignable(t, param.type().elem())) {
                    throw report.at(Trees.start(a), which + " is " + t + " but the input '" + param.name() + "' is "
                            + param.type());
                }
            }
        }
    }

    private void outputs(List<Ident> outs, SourcePos pos, FunctionInfo f, Scope scope) {
        if (outs.size() != f.outputs().size()) {
            throw report.at(pos, f.name() + " returns " + ExprChecker.plural(f.outputs().size(), "value") + " but "
                    + ExprChecker.plural(outs.size(), "name") + (outs.size() == 1 ? " is" : " are") + " on the left");
        }
        Set<String> seen = new HashSet<>();
        for (int k = 0; k < outs.size(); k++) {
            Ident o = outs.get(k);
            if (o.isWildcard()) {
                continue;
            }
            if (!seen.add(o.name())) {
                throw report.at(o.pos(), "'" + o.name() + "' appears twice on the left");
            }
            Symbol result = f.outputs().get(k);
            Symbol s = scope.lookup(o.name());
            if (s == null) {
                if (scope.isFunction(o.name())) {
                    throw report.at(o.pos(), "'" + o.name() + "' is a function, not a variable");
                }
                s = new Symbol(o.name(), Symbol.Kind.LOCAL, result.type(), o.pos());
                scope.declare(s);
            } else {
                DefinitionChecker.checkDefinable(report, s, o.pos(), caller, scope);
                boolean ok = s.isTensor() ? result.isTensor() && s.tensor().sameShape(result.tensor())
                        : !result.isTensor() && Types.assignable(ExprType.typed(result.type().elem()), s.type().elem());
                if (!ok) {
                    throw report.at(o.pos(), "'" + o.name() + "' is " + s.type() + " but output " + (k + 1) + " of "
                            + f.name() + " ('" + result.name() + "') is " + result.type());
                }
            }
            scope.define(o.name(), o.pos());
        }
    }

    private StarCallInfo.Stop stop(Expr stop, FunctionInfo f, Scope scope) {
        List<VarType> outs = new ArrayList<>();
        for (Symbol s : f.outputs()) {
            outs.add(s.type());
        }
        ExprEnv env = ExprEnv.scalars(scope).withRefs(outs, f.name() + " has "
                + ExprChecker.plural(outs.size(), "output"));
        ExprType t = ExprChecker.check(report, facts, env, stop);
        if (!t.constant() && t.type() == ScalarType.BOOL) {
            return StarCallInfo.Stop.CONDITION;
        }
        if (t.constant() ? t.type() == ScalarType.INT : t.type().isIntegral()) {
            if (stop instanceof Expr.Unary u && u.op() == UnaryOp.NEG) {
                throw report.at(stop.pos(), "an iteration count cannot be negative");
            }
            return StarCallInfo.Stop.COUNT;
        }
        throw report.at(Trees.start(stop), "a star call stops after a count (an int) or when a bool condition holds;"
                + " this stop clause is " + t);
    }

    private StarCallInfo.Rule rule(FormatRule r, StarCall c, FunctionInfo f, Scope scope) {
        int k = r.argument().index();
        if (k < 1 || k > c.args().size()) {
            throw report.at(r.argument().pos(), "#" + k + " is out of range: the star call has "
                    + ExprChecker.plural(c.args().size(), "argument"));
        }
        Symbol param = f.inputs().size() >= k ? f.inputs().get(k - 1) : null;
        Expr arg = c.args().get(k - 1);
        if (param != null && !param.isTensor()) {
            throw report.at(r.argument().pos(), "#" + k + " is " + describe(arg) + ", a scalar; a FormatRule"
                    + " converts a tensor argument");
        }
        List<String> from = decls.format(r.from());
        List<String> to = decls.format(r.to());
        Symbol named = arg instanceof Expr.Name n ? scope.lookup(n.name()) : null;
        if (named != null && named.isTensor()) {
            VarType.Tensor t = named.tensor();
            for (Format fm : List.of(r.from(), r.to())) {
                if (fm.levels().size() != t.order()) {
                    throw report.at(fm.pos(), "format '" + String.join(", ", fm.names()) + "' has "
                            + ExprChecker.plural(fm.levels().size(), "level") + " but '" + named.name() + "' has "
                            + ExprChecker.plural(t.order(), "dimension"));
                }
            }
            if (from.equals(to)) {
                throw report.at(r.to().pos(), "a FormatRule converts between two different formats");
            }
            if (!t.levels().equals(from) && !t.levels().equals(to)) {
                throw report.at(r.from().pos(), "'" + named.name() + "' is declared as " + t.format()
                        + ", which is neither format of this rule; a rule switches a tensor between its declared"
                        + " format and one other");
            }
        }
        List<VarType> ins = new ArrayList<>();
        for (Symbol s : f.inputs()) {
            ins.add(s.type());
        }
        ExprEnv env = ExprEnv.scalars(scope).withRefs(ins, "the star call has " + ExprChecker.plural(ins.size(),
                "argument"));
        ExprType t = ExprChecker.check(report, facts, env, r.condition());
        if (t.constant() || t.type() != ScalarType.BOOL) {
            throw report.at(Trees.start(r.condition()), "a FormatRule's condition must be bool, not " + t);
        }
        return new StarCallInfo.Rule(r, k - 1, from, to);
    }

    private static boolean sameType(VarType a, VarType b) {
        if (a instanceof VarType.Tensor ta && b instanceof VarType.Tensor tb) {
            return ta.sameShape(tb);
        }
        return a.equals(b);
    }

    private static String describe(Expr e) {
        return "'" + Printer.print(e) + "'";
    }
}
