package org.stag.engine.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Node;
import org.stag.engine.front.Builtin;
import org.stag.engine.front.Printer;
import org.stag.engine.front.Reduction;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.SourcePos;
import org.stag.engine.front.Target;
import org.stag.engine.front.Trees;
import org.stag.engine.ops.Operator;

/**
 * Checks one definition: its target, its index variables (which are free, which reduced, what each ranges
 * over), its types and its loop order.
 */
final class DefinitionChecker {
    private final Reporter report;
    private final Facts facts;
    private final LoopOrderCheck loopOrder;
    private final String function;

    /** A bare index variable used as the {@code dim}-th index of {@code tensor}, which fixes its range. */
    private record Use(String var, String size, String where, SourcePos pos) {
    }

    DefinitionChecker(Reporter report, Facts facts, LevelCatalog levels, String function) {
        this.report = report;
        this.facts = facts;
        this.loopOrder = new LoopOrderCheck(report, levels);
        this.function = function;
    }

    DefinitionInfo check(Definition d, Scope scope) {
        Target t = d.target();
        Symbol target = scope.lookup(t.name());
        checkTarget(t, target, scope);
        Set<String> free = freeIndices(t, scope);

        List<Use> uses = new ArrayList<>();
        for (Node n : rhsNodes(d)) {
            if (n instanceof Expr.Access a) {
                bareUses(a, scope, uses);
            }
        }
        Set<String> indexVars = new LinkedHashSet<>(free);
        for (Use u : uses) {
            indexVars.add(u.var());
        }

        scope.beginDefinition(Set.of(t.name()));
        ScalarType fill = target != null && target.isTensor() ? target.type().elem() : null;
        String noFill = "'fill' stands for the fill value of the tensor being defined, but '" + t.name()
                + "' is a scalar";
        ExprEnv env = ExprEnv.scalars(scope).withIndices(indexVars, indexVars, null).withFill(fill, noFill);
        ExprType value = ExprChecker.check(report, facts, env, d.value());

        Map<String, String> extents = extents(t, target, uses);
        List<String> reduced = reductions(d, free, indexVars, scope);

        ExprEnv initEnv = env.withIndices(indexVars, free, "a reduction's initial value may use only the"
                + " left-hand side's index variables (" + (free.isEmpty() ? "here: none" : String.join(", ", free)) + ")");
        ExprType result = value;
        for (Reduction r : d.reductions()) {
            result = reduce(r, result, ExprChecker.check(report, facts, initEnv, r.init()));
        }
        scope.endDefinition();

        if (target == null) {
            target = new Symbol(t.name(), Symbol.Kind.LOCAL, new VarType.Scalar(Types.settle(result)), t.pos());
            scope.declare(target);
        } else if (!Types.assignable(result, target.type().elem())) {
            throw report.at(Trees.start(d.value()), "'" + t.name() + "' holds " + target.type().elem()
                    + " values but the right-hand side is " + result + "; convert it with "
                    + target.type().elem() + "(...)");
        }
        List<String> order = d.order().isPresent()
                ? loopOrder.check(d, target, extents.keySet(), scope) : List.of();
        scope.define(t.name(), t.pos());
        DefinitionInfo info = new DefinitionInfo(d, target, extents, new ArrayList<>(free), reduced, order,
                Types.settle(result));
        facts.definitions.put(d, info);
        return info;
    }

    private void checkTarget(Target t, Symbol target, Scope scope) {
        if (target == null) {
            if (scope.isFunction(t.name())) {
                throw report.at(t.pos(), "'" + t.name() + "' is a function, not a variable");
            }
            if (!t.indices().isEmpty()) {
                throw report.at(t.pos(), "'" + t.name() + "' is not declared; declare a tensor before defining it,"
                        + " e.g. '" + t.name() + " double[N]'");
            }
            return;
        }
        checkDefinable(report, target, t.pos(), function, scope);
        if (target.isTensor() && t.indices().size() != target.tensor().order()) {
            throw report.at(t.pos(), "'" + t.name() + "' has " + ExprChecker.plural(target.tensor().order(), "dimension")
                    + " but " + ExprChecker.plural(t.indices().size(), "index", "indices") + " on the left-hand side");
        }
        if (!target.isTensor() && !t.indices().isEmpty()) {
            throw report.at(t.pos(), "'" + t.name() + "' is a scalar (" + target.type() + ") and takes no indices");
        }
    }

    /** Rejects defining {@code s} here: globals, inputs and already-defined variables are immutable. */
    static void checkDefinable(Reporter report, Symbol s, SourcePos pos, String function, Scope scope) {
        switch (s.kind()) {
            case PARAMETER -> throw report.at(pos, "'" + s.name() + "' is a global parameter; it is set from its"
                    + " default or the command line, not defined");
            case INPUT -> throw report.at(pos, "'" + s.name() + "' is a global input tensor and cannot be defined;"
                    + " compute a new variable");
            case ARGUMENT -> throw report.at(pos, "'" + s.name() + "' is an input of " + function
                    + " and cannot be defined; variables are immutable");
            default -> {
                SourcePos at = scope.definedAt(s.name());
                if (at != null) {
                    throw report.at(pos, "'" + s.name() + "' is already defined at " + at + "; variables are immutable");
                }
            }
        }
    }

    private Set<String> freeIndices(Target t, Scope scope) {
        Set<String> free = new LinkedHashSet<>();
        for (Ident i : t.indices()) {
            if (scope.lookup(i.name()) != null || scope.isFunction(i.name())) {
                throw report.at(i.pos(), "'" + i.name() + "' is a " + (scope.isFunction(i.name()) ? "function"
                        : "variable") + ", not an index variable; the left-hand side takes index variables");
            }
            if (!free.add(i.name())) {
                throw report.at(i.pos(), "index '" + i.name() + "' appears twice on the left-hand side");
            }
        }
        return free;
    }

    /** The nodes of the right-hand side and of the reductions' initial values, in source order. */
    private static List<Node> rhsNodes(Definition d) {
        List<Node> out = new ArrayList<>(Trees.nodes(d.value()));
        for (Reduction r : d.reductions()) {
            out.addAll(Trees.nodes(r.init()));
        }
        return out;
    }

    private static void bareUses(Expr.Access a, Scope scope, List<Use> uses) {
        if (!(a.tensor() instanceof Expr.Name base)) {
            return;
        }
        Symbol s = scope.lookup(base.name());
        if (s == null || !s.isTensor() || s.tensor().order() != a.indices().size()) {
            return;
        }
        for (int k = 0; k < a.indices().size(); k++) {
            if (a.indices().get(k) instanceof Expr.Name n && scope.lookup(n.name()) == null
                    && !scope.isFunction(n.name())) {
                uses.add(new Use(n.name(), s.tensor().sizes().get(k), "dimension " + (k + 1) + " of '" + base.name()
                        + "'", n.pos()));
            }
        }
    }

    /** The range of every index variable; two uses of one variable over different sizes are a shape mismatch. */
    private Map<String, String> extents(Target t, Symbol target, List<Use> uses) {
        Map<String, Use> first = new LinkedHashMap<>();
        for (int k = 0; k < t.indices().size(); k++) {
            Ident i = t.indices().get(k);
            first.put(i.name(), new Use(i.name(), target.tensor().sizes().get(k),
                    "dimension " + (k + 1) + " of '" + t.name() + "' on the left-hand side", i.pos()));
        }
        for (Use u : uses) {
            Use f = first.putIfAbsent(u.var(), u);
            if (f != null && !f.size().equals(u.size())) {
                throw report.at(u.pos(), "shape mismatch: '" + u.var() + "' indexes " + u.where() + " (size "
                        + u.size() + ") here but " + f.where() + " (size " + f.size() + ") at " + f.pos());
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        first.forEach((v, u) -> out.put(v, u.size()));
        return out;
    }

    /** Checks the reduced indices and that every other right-hand index is free; returns the reduced ones. */
    private List<String> reductions(Definition d, Set<String> free, Set<String> indexVars, Scope scope) {
        Map<String, SourcePos> used = new LinkedHashMap<>();
        for (Node n : Trees.nodes(d.value())) {
            if (n instanceof Expr.Name name && indexVars.contains(name.name())) {
                used.putIfAbsent(name.name(), name.pos());
            }
        }
        List<String> reduced = new ArrayList<>();
        for (Reduction r : d.reductions()) {
            String v = r.index().name();
            if (reduced.contains(v)) {
                throw report.at(r.pos(), "index '" + v + "' is reduced twice");
            }
            if (free.contains(v)) {
                throw report.at(r.pos(), "cannot reduce over '" + v + "': it is a free index (it appears on the"
                        + " left-hand side)");
            }
            if (scope.lookup(v) != null) {
                throw report.at(r.pos(), "'" + v + "' is a variable, not an index variable; only index variables"
                        + " are reduced");
            }
            if (!used.containsKey(v)) {
                throw report.at(r.pos(), "reduction over '" + v + "', which the right-hand side does not use");
            }
            reduced.add(v);
        }
        for (Map.Entry<String, SourcePos> e : used.entrySet()) {
            if (!free.contains(e.getKey()) && !reduced.contains(e.getKey())) {
                throw report.at(e.getValue(), "index '" + e.getKey() + "' is not on the left-hand side, so it must"
                        + " be reduced: add '| " + e.getKey() + ":(+, 0)' or another reduction");
            }
        }
        return reduced;
    }

    private ExprType reduce(Reduction r, ExprType body, ExprType init) {
        Operator op = facts.operators.get(r.op());
        if (op == null || op.def() == null && op.typing() == Operator.Typing.DECLARED) {
            throw report.at(r.pos(), (op == null ? "unknown reduction operator '" + r.op() + "'"
                    : r.op() + " is a function, not a reduction operator") + "; use " + Builtin.spellings()
                    + " or a Def declared in this program");
        }
        switch (op.typing()) {
            case ARITHMETIC -> {
                return Types.arithmetic(body, init);
            }
            case LOGICAL -> {
                if (body.constant() || body.type() != ScalarType.BOOL) {
                    throw report.at(r.pos(), r.op() + " reduces bool values, but the value reduced over '"
                            + r.index().name() + "' is " + body);
                }
                if (init.constant() || init.type() != ScalarType.BOOL) {
                    throw report.at(Trees.start(r.init()), "the initial value of an " + r.op() + " reduction must be"
                            + " bool, not " + init + " (" + Printer.print(r.init()) + ")");
                }
                return ExprType.typed(ScalarType.BOOL);
            }
            case DECLARED -> {
                ScalarType t = op.declaredType();
                if (!op.reduces(t)) {
                    throw report.at(r.pos(), "Def " + r.op() + " cannot reduce: a reduction operator must be declared"
                            + " commutative and associative, with an identity (chunks are reduced apart from the"
                            + " identity, then merged with the initial value)");
                }
                if (!Types.assignable(body, t)) {
                    throw report.at(r.pos(), r.op() + " reduces " + t + " values, but the value reduced over '"
                            + r.index().name() + "' is " + body);
                }
                if (!Types.assignable(init, t)) {
                    throw report.at(Trees.start(r.init()), "the initial value of the " + r.op() + " reduction must be "
                            + t + ", not " + init + " (" + Printer.print(r.init()) + ")");
                }
                return ExprType.typed(t);
            }
            default -> {
                return Types.join(body, init);
            }
        }
    }
}
