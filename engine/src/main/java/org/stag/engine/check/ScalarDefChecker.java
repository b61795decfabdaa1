package org.stag.engine.check;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.stag.engine.front.Param;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.SourcePos;
import org.stag.engine.front.Trees;
import org.stag.engine.front.TypeRef;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Constant;

/**
 * Checks a {@code Def} and turns it into an operator descriptor: two parameters and a result of one scalar type,
 * a body over the parameters only (built-ins and earlier {@code Def}s may be called), and its declared algebra
 * (each property once; identity and annihilator literals of the type, and different). Whether the body obeys
 * the declared laws is tested by evaluation afterwards ({@link AlgebraCheck}).
 */
final class ScalarDefChecker {
    private final Reporter report;
    private final Facts facts;
    private final DeclChecker decls;

    ScalarDefChecker(Reporter report, Facts facts, DeclChecker decls) {
        this.report = report;
        this.facts = facts;
        this.decls = decls;
    }

    /**
     * Checks {@code d}, registers its descriptor and returns it.
     *
     * @param globals the program's global names, which a body may not read
     */
    Operator check(ScalarDef d, Set<String> globals) {
        if (d.params().size() != 2) {
            throw report.at(d.pos(), "Def " + d.name() + " takes " + d.params().size() + " parameters; a Def takes"
                    + " exactly two, of its result type");
        }
        ScalarType t = d.result();
        Map<String, Symbol> params = new LinkedHashMap<>();
        for (Param p : d.params()) {
            if (!(p.type() instanceof TypeRef.Scalar s) || s.elem() != t) {
                throw report.at(p.pos(), "parameter '" + p.name() + "' of Def " + d.name() + " must be " + t
                        + ", the Def's result type");
            }
            if (params.containsKey(p.name())) {
                throw report.at(p.pos(), "'" + p.name() + "' is already a parameter of " + d.name());
            }
            params.put(p.name(), new Symbol(p.name(), Symbol.Kind.ARGUMENT, new VarType.Scalar(t), p.pos()));
        }
        // The body sees its parameters only: a Def is a pure function of its arguments.
        Map<String, String> unavailable = new HashMap<>();
        for (String g : globals) {
            unavailable.put(g, "'" + g + "' is a global; the body of Def " + d.name() + " may use only its parameters");
        }
        Scope scope = new Scope(params, unavailable, Set.of(), Map.of());
        ExprType body = ExprChecker.check(report, facts, ExprEnv.scalars(scope), d.body());
        if (!Types.assignable(body, t)) {
            throw report.at(Trees.start(d.body()), "the body of Def " + d.name() + " is " + body + ", not " + t);
        }
        Map<String, SourcePos> seen = new HashMap<>();
        Constant identity = null;
        Constant annihilator = null;
        for (ScalarDef.Algebra a : d.algebra()) {
            SourcePos first = seen.putIfAbsent(a.word(), a.pos());
            if (first != null) {
                throw report.at(a.pos(), "'" + a.word() + "' is declared twice (first at " + first + ")");
            }
            if (a.word().equals("identity")) {
                identity = decls.literal(a.value(), t, "identity", "Def " + d.name() + " is int");
            } else if (a.word().equals("annihilator")) {
                annihilator = decls.literal(a.value(), t, "annihilator", "Def " + d.name() + " is int");
            }
        }
        if (identity != null && identity.equals(annihilator)) {
            throw report.at(seen.get("annihilator"), "the annihilator of Def " + d.name() + " equals its identity ("
                    + identity + "); no operator has both");
        }
        Operator op = Operator.declared(d, t, identity, annihilator, seen.containsKey("idempotent"),
                seen.containsKey("commutative"), seen.containsKey("associative"));
        facts.operators.put(d.name(), op);
        return op;
    }
}
