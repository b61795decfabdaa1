package org.stag.engine.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.FunctionDecl;
import org.stag.engine.front.Item;
import org.stag.engine.front.Param;
import org.stag.engine.front.Parser;
import org.stag.engine.front.Program;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Source;
import org.stag.engine.front.SourcePos;
import org.stag.engine.front.Trees;
import org.stag.engine.front.VarDecl;

/**
 * The semantic checker: names, types, shapes, reductions, level formats, calls, star calls, FormatRules and
 * loop orders. It stops at the first problem, in source order, with a {@link ProgramException}.
 *
 * <pre>{@code
 * CheckedProgram p = new Checker().check(Source.read(Path.of("bfs.stag")));
 * }</pre>
 */
public final class Checker {
    private final LevelCatalog levels;

    /** A checker that knows the standard level formats ({@link LevelCatalog#standard()}). */
    public Checker() {
        this(LevelCatalog.standard());
    }

    /** A checker that takes level names and capabilities from {@code levels}: the compiler's hook. */
    public Checker(LevelCatalog levels) {
        this.levels = levels;
    }

    /**
     * Parses and checks {@code source}.
     *
     * @throws ProgramException at the first problem
     */
    public CheckedProgram check(Source source) {
        return check(source, Parser.parse(source));
    }

    /**
     * Checks {@code program}, parsed from {@code source} (used for messages).
     *
     * @throws ProgramException at the first problem
     */
    public CheckedProgram check(Source source, Program program) {
        Reporter report = new Reporter(source);
        Facts facts = new Facts();
        DeclChecker decls = new DeclChecker(report, levels);

        Map<String, SourcePos> functionSites = new LinkedHashMap<>();
        Map<String, SourcePos> globalSites = new LinkedHashMap<>();
        for (Item item : program.items()) {
            // A Def is named like a function: a variable cannot reuse its name.
            Map<String, SourcePos> mine = item instanceof VarDecl ? globalSites : functionSites;
            Map<String, SourcePos> other = item instanceof VarDecl ? functionSites : globalSites;
            SourcePos first = mine.containsKey(item.name()) ? mine.get(item.name()) : other.get(item.name());
            if (first != null) {
                throw report.at(item.pos(), "'" + item.name() + "' is already declared at " + first);
            }
            mine.put(item.name(), item.pos());
        }

        // Defs first, in order: expressions anywhere may call them, and a Def may call the ones above it.
        ScalarDefChecker defs = new ScalarDefChecker(report, facts, decls);
        for (ScalarDef d : program.scalarDefs()) {
            defs.check(d, globalSites.keySet());
        }

        Map<String, Symbol> globals = new LinkedHashMap<>();
        // A default is evaluated before any tensor exists, from literals and the parameters above it.
        Map<String, Symbol> parameters = new LinkedHashMap<>();
        Map<String, String> unavailable = new LinkedHashMap<>();
        globalSites.forEach((name, pos) -> unavailable.put(name, "'" + name + "' is declared below (at " + pos
                + "); a default may only use parameters declared above it"));
        for (VarDecl g : program.globals()) {
            unavailable.put(g.name(), "'" + g.name() + "' cannot be used in its own default");
            VarType type = decls.type(g.type(), globals);
            if (g.init().isPresent()) {
                Scope scope = new Scope(parameters, unavailable, functionSites.keySet(), Map.of());
                ExprType t = ExprChecker.check(report, facts, ExprEnv.scalars(scope), g.init().get());
                if (!Types.assignable(t, type.elem())) {
                    throw report.at(Trees.start(g.init().get()), "'" + g.name() + "' is " + type + " but its default is "
                            + t);
                }
            }
            Symbol s = new Symbol(g.name(), type instanceof VarType.Tensor ? Symbol.Kind.INPUT : Symbol.Kind.PARAMETER,
                    type, g.pos());
            globals.put(g.name(), s);
            unavailable.remove(g.name());
            if (s.isTensor()) {
                unavailable.put(g.name(), "'" + g.name() + "' is a tensor; a default may only use literals and the"
                        + " parameters declared above it");
            } else {
                parameters.put(g.name(), s);
            }
        }

        FunctionDecl main = program.function(FunctionDecl.MAIN);
        if (main == null) {
            throw report.at(program.pos(), "no Main function; a program starts at 'Let Main() -> (results)'");
        }
        if (!main.inputs().isEmpty()) {
            throw report.at(main.inputs().get(0).pos(), "Main takes no inputs; the program's parameters are its"
                    + " global declarations");
        }

        Map<String, FunctionInfo> signatures = new LinkedHashMap<>();
        for (FunctionDecl f : program.functions()) {
            signatures.put(f.name(), signature(f, globals, functionSites, decls, report));
        }
        FunctionChecker bodies = new FunctionChecker(report, facts, levels, globals, signatures);
        Map<String, FunctionInfo> functions = new LinkedHashMap<>();
        for (FunctionDecl f : program.functions()) {
            functions.put(f.name(), bodies.check(f));
        }
        CallGraph.check(report, program);
        CheckedProgram checked = new CheckedProgram(source, program, levels, globals, functions, facts);
        AlgebraCheck.check(report, checked);
        return checked;
    }

    private static FunctionInfo signature(FunctionDecl f, Map<String, Symbol> globals,
                                          Map<String, SourcePos> functions, DeclChecker decls, Reporter report) {
        Map<String, Symbol> vars = new LinkedHashMap<>();
        List<Symbol> inputs = params(f.inputs(), Symbol.Kind.ARGUMENT, f, vars, globals, functions, decls, report);
        List<Symbol> outputs = params(f.outputs(), Symbol.Kind.RESULT, f, vars, globals, functions, decls, report);
        return new FunctionInfo(f, inputs, outputs, vars);
    }

    private static List<Symbol> params(List<Param> params, Symbol.Kind kind, FunctionDecl f, Map<String, Symbol> vars,
                                       Map<String, Symbol> globals, Map<String, SourcePos> functions,
                                       DeclChecker decls, Reporter report) {
        List<Symbol> out = new ArrayList<>();
        for (Param p : params) {
            if (vars.containsKey(p.name())) {
                throw report.at(p.pos(), "'" + p.name() + "' is already a parameter of " + f.name() + " (at "
                        + vars.get(p.name()).declared() + ")");
            }
            if (globals.containsKey(p.name())) {
                throw report.at(p.pos(), "'" + p.name() + "' is a global (declared at "
                        + globals.get(p.name()).declared() + "); a parameter cannot reuse its name");
            }
            if (functions.containsKey(p.name())) {
                throw report.at(p.pos(), "'" + p.name() + "' is a function, not a variable");
            }
            Symbol s = new Symbol(p.name(), kind, decls.type(p.type(), globals), p.pos());
            vars.put(p.name(), s);
            out.add(s);
        }
        return out;
    }
}
