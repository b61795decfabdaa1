package org.stag.engine.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.FunctionDecl;
import org.stag.engine.front.Program;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.front.StarCall;

/**
 * A program that passed every check, with what checking established: the symbol of every variable, the
 * type of every expression, the index structure of every definition and the kind of every outer loop.
 * Lookups are by node identity, so pass the nodes of {@link #program()} itself.
 */
public final class CheckedProgram {
    private final Source source;
    private final Program program;
    private final LevelCatalog levels;
    private final Map<String, Symbol> globals;
    private final Map<String, FunctionInfo> functions;
    private final Facts facts;

    CheckedProgram(Source source, Program program, LevelCatalog levels, Map<String, Symbol> globals,
                   Map<String, FunctionInfo> functions, Facts facts) {
        this.source = source;
        this.program = program;
        this.levels = levels;
        this.globals = Collections.unmodifiableMap(new LinkedHashMap<>(globals));
        this.functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
        this.facts = facts;
    }

    /** The text the program was parsed from. */
    public Source source() {
        return source;
    }

    /** The syntax tree. */
    public Program program() {
        return program;
    }

    /** The level catalog the program was checked against. */
    public LevelCatalog levels() {
        return levels;
    }

    /** Global parameters and input tensors by name, in declaration order. */
    public Map<String, Symbol> globals() {
        return globals;
    }

    /** The global scalars, which the command line may set ({@code --param name=value}). */
    public List<Symbol> parameters() {
        return byKind(Symbol.Kind.PARAMETER);
    }

    /** The global tensors, which the runtime binds (such as the graph). */
    public List<Symbol> inputs() {
        return byKind(Symbol.Kind.INPUT);
    }

    private List<Symbol> byKind(Symbol.Kind kind) {
        List<Symbol> out = new ArrayList<>();
        for (Symbol s : globals.values()) {
            if (s.kind() == kind) {
                out.add(s);
            }
        }
        return out;
    }

    /** The default value expression of global parameter {@code name}, if it has one. */
    public Optional<Expr> defaultValue(String name) {
        return program.globals().stream().filter(g -> g.name().equals(name)).findFirst().flatMap(g -> g.init());
    }

    /** Functions by name, in source order. */
    public Map<String, FunctionInfo> functions() {
        return functions;
    }

    /** The function called {@code name}; fails if there is none. */
    public FunctionInfo function(String name) {
        FunctionInfo f = functions.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no function " + name);
        }
        return f;
    }

    /** {@code Main}, where the program starts; its outputs are the program's results. */
    public FunctionInfo main() {
        return function(FunctionDecl.MAIN);
    }

    /**
     * The type of expression {@code e} of this program. Number literals that met no other type are
     * {@code int} or {@code double}; the compiler converts a value to the type of the variable it is stored in.
     */
    public ScalarType typeOf(Expr e) {
        ScalarType t = facts.types.get(e);
        if (t == null) {
            throw new IllegalArgumentException("not a checked expression of this program: " + e);
        }
        return t;
    }

    /**
     * The descriptor of operator {@code name}: a built-in ({@code +}, {@code MIN}, ...) or one of the program's
     * {@code Def}s, as a reduction ({@link org.stag.engine.front.Reduction#op()}) or a call
     * ({@link Expr.BuiltinCall#function()}) names it.
     *
     * @throws IllegalArgumentException if the program has no such operator
     */
    public org.stag.engine.ops.Operator operator(String name) {
        org.stag.engine.ops.Operator op = facts.operators.get(name);
        if (op == null) {
            throw new IllegalArgumentException("no operator " + name + " in " + source.name());
        }
        return op;
    }

    /** The variable a name refers to, or empty for an index variable. */
    public Optional<Symbol> symbolOf(Expr.Name name) {
        return Optional.ofNullable(facts.symbols.get(name));
    }

    /** What checking established about definition {@code d} of this program. */
    public DefinitionInfo definition(Definition d) {
        DefinitionInfo info = facts.definitions.get(d);
        if (info == null) {
            throw new IllegalArgumentException("not a checked definition of this program: " + d);
        }
        return info;
    }

    /** What checking established about star call {@code c} of this program. */
    public StarCallInfo starCall(StarCall c) {
        StarCallInfo info = facts.starCalls.get(c);
        if (info == null) {
            throw new IllegalArgumentException("not a checked star call of this program: " + c);
        }
        return info;
    }
}
