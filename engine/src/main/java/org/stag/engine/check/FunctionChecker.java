package org.stag.engine.check;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.FunctionDecl;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Param;
import org.stag.engine.front.SourcePos;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.front.VarDecl;

/**
 * Checks a function body statement by statement: declarations, then each definition or call in order, so a
 * variable is read only after its single definition; finally, that every output was defined.
 */
final class FunctionChecker {
    private final Reporter report;
    private final Facts facts;
    private final LevelCatalog levels;
    private final DeclChecker decls;
    private final Map<String, Symbol> globals;
    private final Map<String, FunctionInfo> signatures;

    FunctionChecker(Reporter report, Facts facts, LevelCatalog levels, Map<String, Symbol> globals,
                    Map<String, FunctionInfo> signatures) {
        this.report = report;
        this.facts = facts;
        this.levels = levels;
        this.decls = new DeclChecker(report, levels);
        this.globals = globals;
        this.signatures = signatures;
    }

    FunctionInfo check(FunctionDecl f) {
        FunctionInfo sig = signatures.get(f.name());
        // A variable cannot take the name of a function or a Def: 'f(x, y)' would be ambiguous.
        java.util.Set<String> functions = new java.util.HashSet<>(signatures.keySet());
        functions.addAll(facts.operators.keySet());
        Scope scope = new Scope(globals, Map.of(), functions, definitionSites(f));
        sig.inputs().forEach(scope::declare);
        sig.outputs().forEach(scope::declare);
        DefinitionChecker definitions = new DefinitionChecker(report, facts, levels, f.name());
        CallChecker calls = new CallChecker(report, facts, decls, signatures, f.name());
        for (Stmt s : f.body()) {
            if (s instanceof VarDecl v) {
                local(v, scope, signatures.keySet());
            } else if (s instanceof Definition d) {
                definitions.check(d, scope);
            } else if (s instanceof Call c) {
                calls.call(c, scope);
            } else {
                calls.starCall((StarCall) s, scope);
            }
        }
        for (Param out : f.outputs()) {
            if (scope.definedAt(out.name()) == null) {
                throw report.at(out.pos(), "output '" + out.name() + "' of " + f.name() + " is never defined");
            }
        }
        return new FunctionInfo(f, sig.inputs(), sig.outputs(), scope.locals());
    }

    private void local(VarDecl v, Scope scope, Set<String> functions) {
        Symbol existing = scope.lookup(v.name());
        if (existing != null) {
            throw report.at(v.pos(), "'" + v.name() + "' is already declared"
                    + (existing.kind().isGlobal() ? " as a global" : "") + " at " + existing.declared());
        }
        if (functions.contains(v.name())) {
            throw report.at(v.pos(), "'" + v.name() + "' is a function, not a variable");
        }
        scope.declare(new Symbol(v.name(), Symbol.Kind.LOCAL, decls.type(v.type(), globals), v.pos()));
    }

    /** Where each variable of the body is first defined, to explain reads that come before. */
    private static Map<String, SourcePos> definitionSites(FunctionDecl f) {
        Map<String, SourcePos> out = new HashMap<>();
        for (Stmt s : f.body()) {
            if (s instanceof Definition d) {
                out.putIfAbsent(d.target().name(), d.target().pos());
            } else if (s instanceof Call c) {
                c.outputs().stream().filter(o -> !o.isWildcard()).forEach(o -> out.putIfAbsent(o.name(), o.pos()));
            } else if (s instanceof StarCall c) {
                for (Ident o : c.outputs()) {
                    if (!o.isWildcard()) {
                        out.putIfAbsent(o.name(), o.pos());
                    }
                }
            }
        }
        return out;
    }
}
