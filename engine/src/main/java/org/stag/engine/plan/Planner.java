package org.stag.engine.plan;

import org.stag.engine.pass.InPlace;
import org.stag.engine.pass.PassThrough;
import org.stag.engine.pass.Passes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.StarCallInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Trees;
import org.stag.engine.front.Ident;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Reduction;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.check.VarType;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.FormatParser;

/**
 * Builds a {@link ProgramPlan} before anything runs. It follows the program from {@code Main} with the
 * formats (and value reads) of its inputs: a definition's target takes its declared format; a call runs its
 * callee on the arguments' formats; a star call runs its function until the states it can reach stop
 * changing (a fixed point), each FormatRule deciding both ways, which puts its argument in the rule's
 * {@code to} or {@code from} format and fixes the value of any uniform condition equal to the rule's
 * condition. Other uniform conditions are fixed when they are a literal or a given parameter, else planned
 * both ways. Each statement collects a kernel variant per tuple it meets, unless a fused group runs it.
 */
public final class Planner {
    private final CheckedProgram p;
    private final Map<String, Object> params;
    private final Map<String, Format> interned = new HashMap<>();
    private final Map<Stmt, StatementPlan> plans = new IdentityHashMap<>();
    private final Map<String, Fn> fns = new HashMap<>();
    private final Map<String, Set<List<Operand>>> memo = new HashMap<>();
    private final Map<String, Format> overrides;
    /** The operand of every input tensor of the program, as given to {@link #plan}. */
    private final Map<String, Operand> inputs = new HashMap<>();
    private final Passes passes;
    /** The definitions that may write into an input's buffer ({@link InPlace}), with that input. */
    private final Map<Definition, String> inPlace;
    /** The definitions that pass a tensor through ({@link PassThrough}), with that tensor. */
    private final Map<Definition, String> aliases;

    /** Uniform conditions a definition may leave open: each doubles its kernels. */
    public static final int MAX_FREE_CONDITIONS = 6;

    /** A function's body as the runtime prepares it, its scalar locals and fused groups. */
    private final class Fn {
        final FunctionInfo info;
        final List<Stmt> body = new ArrayList<>();
        final List<Definition> kernels = new ArrayList<>();
        final Map<String, Expr> scalars = new HashMap<>();
        final Map<Integer, int[]> groups = new HashMap<>();
        final Map<Integer, FusedVariant> fused = new HashMap<>();

        Fn(FunctionInfo info) {
            this.info = info;
            for (Stmt s : info.decl().body()) {
                if (s instanceof Definition d) {
                    if (scalarStep(d)) {
                        scalars.put(d.target().name(), d.value());
                        kernels.add(null);
                    } else {
                        kernels.add(d);
                    }
                } else if (s instanceof Call || s instanceof StarCall) {
                    kernels.add(null);
                } else {
                    continue;
                }
                body.add(s);
                plans.put(s, new StatementPlan(info.name(), s));
            }
            // A pass-through runs no kernel, so it joins no fused group (as in the runtime).
            List<Definition> groupable = new ArrayList<>(kernels);
            groupable.replaceAll(d -> d != null && aliases.containsKey(d) ? null : d);
            for (int[] g : FusionGroups.of(p, groupable, this::fusing, passes)) {
                List<Definition> defs = kernels.subList(g[0], g[1] + 1);
                Map<String, Format> formats = FusionGroups.formatsOf(defs, this::fusing);
                FusedVariant f = new FusedVariant(info.name(), defs, formats, FusionGroups.unstored(p, info, kernels, g),
                        FusionGroups.reads(defs, formats, n -> input(n) != null ? input(n).read() : declaredOperand(n).read()));
                groups.put(g[0], g);
                fused.put(g[0], f);
                for (int k = g[0]; k <= g[1]; k++) {
                    List<String> others = new ArrayList<>();
                    for (int o = g[0]; o <= g[1]; o++) {
                        if (o != k) {
                            others.add(kernels.get(o).target().name());
                        }
                    }
                    plans.get(body.get(k)).group(f, others, k == g[0]);
                }
            }
        }

        Symbol symbol(String name) {
            Symbol s = info.variables().get(name);
            return s != null ? s : p.globals().get(name);
        }

        Format declared(String name) {
            Symbol s = symbol(name);
            return s == null || !s.isTensor() ? null : overrides.getOrDefault(name, format(s.tensor().levels()));
        }

        /**
         * The format a fused group sees {@code name} in: an input of the program (the graph's tensors) in the
         * format it is given in, anything else as {@link #declared}. The runtime groups with the same rule
         * ({@code program.FunctionPlan}), so a graph whose format cannot fuse runs, and is planned, unfused.
         */
        Format fusing(String name) {
            return input(name) != null ? input(name).format() : declared(name);
        }

        /** The program's input {@code name} as given, or null when the name is the function's or overridden. */
        Operand input(String name) {
            return info.variables().containsKey(name) || overrides.containsKey(name) ? null : inputs.get(name);
        }

        Operand declaredOperand(String name) {
            Symbol s = symbol(name);
            Format f = declared(name);
            return new Operand(f, ValueRead.declared(f, s.tensor().elem()));
        }
    }

    private Planner(CheckedProgram p, Map<String, Object> params, Map<String, Format> overrides, Passes passes) {
        this.p = p;
        this.params = params;
        this.overrides = overrides;
        this.passes = passes;
        this.inPlace = InPlace.of(p, passes);
        this.aliases = PassThrough.of(p, passes);
    }

    /**
     * The plan of {@code program} run on inputs of these formats.
     *
     * @param inputs the operand of every input tensor, by name
     * @param params the known parameter values (a {@code Boolean} decides a condition that is that parameter)
     */
    public static ProgramPlan plan(CheckedProgram program, Map<String, Operand> inputs, Map<String, Object> params) {
        return plan(program, inputs, params, Map.of());
    }

    /**
     * As {@link #plan(CheckedProgram, Map, Map)}, with every tensor named in {@code overrides} (wherever it is
     * declared) taken in that format instead of its declared one ({@code stag compile --format NAME=LEVELS}).
     *
     * @throws ProgramException when a definition has more than {@link #MAX_FREE_CONDITIONS} uniform conditions
     *                          whose values cannot be known before running
     */
    public static ProgramPlan plan(CheckedProgram program, Map<String, Operand> inputs, Map<String, Object> params,
                                   Map<String, Format> overrides) {
        return plan(program, inputs, params, overrides, Passes.fromSystem());
    }

    /** As {@link #plan(CheckedProgram, Map, Map, Map)}, with only {@code passes} on. */
    public static ProgramPlan plan(CheckedProgram program, Map<String, Operand> inputs, Map<String, Object> params,
                                   Map<String, Format> overrides, Passes passes) {
        Planner pl = new Planner(program, params, overrides, passes);
        pl.inputs.putAll(inputs);
        for (FunctionInfo f : program.functions().values()) {
            pl.fns.put(f.name(), pl.new Fn(f));
        }
        for (Symbol s : program.inputs()) {
            if (!inputs.containsKey(s.name())) {
                throw new IllegalArgumentException("no format for input " + s.name());
            }
        }
        pl.analyze(program.main(), List.of(), Map.of(), new HashMap<>(inputs));
        List<StatementPlan> out = new ArrayList<>();
        Set<String> reached = new LinkedHashSet<>();
        pl.memo.keySet().forEach(k -> reached.add(k.substring(0, k.indexOf('|'))));
        for (FunctionInfo f : program.functions().values()) {
            if (!reached.contains(f.name())) {
                continue;
            }
            Fn fn = pl.fns.get(f.name());
            Set<String> unstored = new HashSet<>();
            fn.fused.values().forEach(v -> unstored.addAll(v.unstored()));
            Buffers.assign(program, fn.info, fn.body, fn.kernels, fn.groups, pl.plans, pl.inPlace, pl.aliases, unstored);
            fn.body.forEach(s -> out.add(pl.plans.get(s)));
        }
        return new ProgramPlan(out);
    }

    private Format format(List<String> levels) {
        return interned.computeIfAbsent(String.join(",", levels), FormatParser::parse);
    }

    private boolean scalarStep(Definition d) {
        return d.target().indices().isEmpty() && d.reductions().isEmpty() && KernelSpec.indexFree(p, d.value());
    }

    /** The outputs {@code f} may produce on these input operands (null for scalars) and known conditions. */
    private Set<List<Operand>> analyze(FunctionInfo f, List<Operand> ins, Map<String, Boolean> facts,
                                       Map<String, Operand> globals) {
        String key = f.name() + "|" + ins + "|" + facts;
        Set<List<Operand>> done = memo.get(key);
        if (done != null) {
            return done;
        }
        memo.put(key, new LinkedHashSet<>());
        Map<String, Operand> env = new HashMap<>(globals);
        for (int k = 0; k < ins.size(); k++) {
            if (ins.get(k) != null) {
                env.put(f.inputs().get(k).name(), ins.get(k));
            }
        }
        Set<List<Operand>> outs = new LinkedHashSet<>();
        walk(fns.get(f.name()), 0, env, facts, -1, outs);
        memo.put(key, outs);
        return outs;
    }

    private void walk(Fn fn, int from, Map<String, Operand> env, Map<String, Boolean> facts, int fusedTo,
                      Set<List<Operand>> outs) {
        for (int s = from; s < fn.body.size(); s++) {
            Stmt st = fn.body.get(s);
            if (st instanceof Definition d) {
                if (fn.kernels.get(s) == null) {
                    continue;
                }
                if (s > fusedTo && fn.groups.containsKey(s) && fn.fused.get(s).runsFor(env)) {
                    plans.get(st).fusedReached();
                    fusedTo = fn.groups.get(s)[1];
                }
                String alias = aliases.get(d);
                boolean ran = false;
                if (s > fusedTo && alias != null && aliases(fn, d, env.get(alias))) {
                    plans.get(st).passesThrough(alias);
                } else if (s > fusedTo) {
                    kernel(fn, d, env, facts);
                    ran = true;
                }
                Symbol t = fn.symbol(d.target().name());
                if (t.isTensor()) {
                    Operand o = fn.declaredOperand(t.name());
                    env.put(t.name(), ran ? new Operand(o.format(), ValueRead.written(o.format(), t.tensor(), o.read())) : o);
                }
            } else if (st instanceof Call c) {
                FunctionInfo callee = p.function(c.function().name());
                for (List<Operand> r : analyze(callee, args(c.args(), callee, env), Map.of(), globals(env))) {
                    Map<String, Operand> next = new HashMap<>(env);
                    bind(c.outputs(), r, next);
                    walk(fn, s + 1, next, facts, fusedTo, outs);
                }
                return;
            } else if (st instanceof StarCall c) {
                for (List<Operand> r : starCall(c, env)) {
                    Map<String, Operand> next = new HashMap<>(env);
                    bind(c.outputs(), r, next);
                    walk(fn, s + 1, next, facts, fusedTo, outs);
                }
                return;
            }
        }
        List<Operand> result = new ArrayList<>();
        for (Symbol o : fn.info.outputs()) {
            result.add(o.isTensor() ? env.get(o.name()) : null);
        }
        outs.add(result);
    }

    /** Whether the runtime binds {@code d}'s target to its source, an operand {@code o} (see {@code AliasStep}). */
    private static boolean aliases(Fn fn, Definition d, Operand o) {
        return o != null && o.format().equals(fn.declared(d.target().name())) && !o.read().isConstant();
    }

    /** The states a star call can leave, iterating its function to a fixed point over the reachable states. */
    private Set<List<Operand>> starCall(StarCall c, Map<String, Operand> env) {
        StarCallInfo info = p.starCall(c);
        FunctionInfo f = info.function();
        List<Operand> init = args(c.args(), f, env);
        Set<List<Operand>> finals = new LinkedHashSet<>();
        if (info.stop() == StarCallInfo.Stop.COUNT) {
            finals.add(init);       // zero iterations leave the arguments
        }
        Set<List<Operand>> seen = new LinkedHashSet<>();
        ArrayDeque<List<Operand>> work = new ArrayDeque<>();
        seen.add(init);
        work.add(init);
        List<StarCallInfo.Rule> rules = info.rules();
        while (!work.isEmpty()) {
            List<Operand> state = work.poll();
            for (long bits = 0; bits < 1L << rules.size(); bits++) {
                List<Operand> in = new ArrayList<>(state);
                Map<String, Boolean> facts = new LinkedHashMap<>();
                for (int r = 0; r < rules.size(); r++) {
                    StarCallInfo.Rule rule = rules.get(r);
                    boolean holds = (bits >> r & 1) == 1;
                    Format want = format(holds ? rule.to() : rule.from());
                    Operand o = in.get(rule.argument());
                    if (!o.format().equals(want)) {
                        // A converted tensor is built from arrays; a constant stays a constant, and a bool one
                        // becomes a pattern (Tensor.convertPattern, as StarCallStep converts).
                        in.set(rule.argument(), new Operand(want, o.read().isConstant() ? o.read()
                                : converted(want, f.inputs().get(rule.argument()).tensor())));
                    }
                    facts.put(Conditions.key(rule.rule().condition(), Map.of(), f.inputs()), holds);
                }
                for (List<Operand> out : analyze(f, in, facts, globals(env))) {
                    finals.add(out);
                    if (seen.add(out)) {
                        work.add(out);
                    }
                }
            }
        }
        return finals;
    }

    /** How a kernel reads a tensor of type {@code t} that a FormatRule converted into {@code want} from arrays. */
    static ValueRead converted(Format want, VarType.Tensor t) {
        if (t.elem() == ScalarType.BOOL && Tensor.patternFormat(want)) {
            return new ValueRead(ValueRead.Kind.CONSTANT, ValueMode.POSITION, Constant.ofBool(!t.fill().bool()));
        }
        return ValueRead.declared(want, t.elem());
    }

    private Map<String, Operand> globals(Map<String, Operand> env) {
        Map<String, Operand> g = new HashMap<>();
        for (Symbol s : p.inputs()) {
            g.put(s.name(), env.get(s.name()));
        }
        return g;
    }

    private static List<Operand> args(List<Expr> args, FunctionInfo callee, Map<String, Operand> env) {
        List<Operand> out = new ArrayList<>();
        for (int k = 0; k < args.size(); k++) {
            boolean tensor = callee.inputs().get(k).isTensor();
            out.add(tensor && args.get(k) instanceof Expr.Name n ? env.get(n.name()) : null);
        }
        return out;
    }

    private static void bind(List<Ident> names, List<Operand> values, Map<String, Operand> env) {
        for (int k = 0; k < names.size(); k++) {
            if (!names.get(k).isWildcard() && values.get(k) != null) {
                env.put(names.get(k).name(), values.get(k));
            }
        }
    }

    /** Adds the variants of {@code d} for the operands in {@code env}: one per value of its free conditions. */
    private void kernel(Fn fn, Definition d, Map<String, Operand> env, Map<String, Boolean> facts) {
        Map<String, Format> formats = new LinkedHashMap<>();
        Map<String, ValueRead> reads = new LinkedHashMap<>();
        for (String n : tensorsRead(d)) {
            Operand o = env.get(n);
            if (o == null) {
                throw new IllegalStateException("internal error: no format for " + n + " at " + d.pos());
            }
            formats.put(n, o.format());
            reads.put(n, o.read());
        }
        Format target = fn.declared(d.target().name());
        if (target != null) {
            formats.put(d.target().name(), target);
        }
        List<Expr.IfElse> conds = KernelSpec.uniformConditions(p, d);
        List<Integer> parent = new ArrayList<>();
        List<Boolean> branch = new ArrayList<>();
        Conditions.nesting(p, d, parent, branch);
        Boolean[] fixed = new Boolean[conds.size()];
        List<Integer> free = new ArrayList<>();
        for (int k = 0; k < conds.size(); k++) {
            fixed[k] = decide(conds.get(k).condition(), fn.scalars, facts);
            if (fixed[k] == null) {
                free.add(k);
            }
        }
        if (free.size() > MAX_FREE_CONDITIONS) {
            throw new ProgramException(p.source(), d.pos(), free.size() + " ifelse conditions without an index would"
                    + " need 2^" + free.size() + " kernels; set some of them with --param");
        }
        StatementPlan sp = plans.get(d);
        for (long bits = 0; bits < 1L << free.size(); bits++) {
            boolean[] v = new boolean[conds.size()];
            for (int k = 0; k < conds.size(); k++) {
                v[k] = fixed[k] != null && fixed[k];
            }
            for (int k = 0; k < free.size(); k++) {
                v[free.get(k)] = (bits >> (free.size() - 1 - k) & 1) == 0;
            }
            boolean[] reached = new boolean[conds.size()];
            List<Boolean> values = new ArrayList<>();
            for (int k = 0; k < conds.size(); k++) {
                int par = parent.get(k);
                reached[k] = par < 0 || (reached[par] && v[par] == branch.get(k));
                values.add(reached[k] && v[k]);
            }
            sp.add(new KernelVariant(fn.info.name(), d, formats, reads, conds, values, inPlace.get(d)));
        }
    }

    /** The value of a uniform condition known before running, or null. */
    private Boolean decide(Expr condition, Map<String, Expr> scalars, Map<String, Boolean> facts) {
        Expr e = Conditions.inline(condition, scalars, null);
        if (e instanceof Expr.BoolLiteral b) {
            return b.value();
        }
        if (e instanceof Expr.Name n && params.get(n.name()) instanceof Boolean b) {
            return b;
        }
        return facts.get(Conditions.key(e, Map.of(), null));
    }

    /** The tensors {@code d} reads, in the order the runtime lists its operands. */
    static List<String> tensorsRead(Definition d) {
        Set<String> read = new LinkedHashSet<>();
        Trees.tensorsRead(d.value(), read);
        for (Reduction r : d.reductions()) {
            Trees.tensorsRead(r.init(), read);
        }
        return new ArrayList<>(read);
    }
}
