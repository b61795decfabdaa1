package org.stag.engine.program;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.plan.Operand;
import org.stag.engine.plan.Planner;
import org.stag.engine.plan.ProgramPlan;
import org.stag.formats.tensor.Tensor;

/**
 * Runs a checked program: binds its parameters and inputs, then runs {@code Main}, statement by statement,
 * with every definition a compiled kernel (or, for an index-free scalar, a compiled scalar expression),
 * calls and star calls binding slots, FormatRules converting star-call arguments before each iteration,
 * and dense results written into the buffers of dead values.
 *
 * <pre>{@code
 * CheckedProgram p = new Checker().check(Source.read(Path.of("pagerank.stag")));
 * RunOptions o = new RunOptions().param("iterations", "20").input("A", a).input("AT", at);
 * Map<String, Object> out = new ProgramRunner(p, new DefinitionCompiler(), o).runMain();
 * Tensor rank = (Tensor) out.get("rank");
 * }</pre>
 *
 * <p>Everything is prepared once, here: slot layouts, scalar expressions, star-call state, and the program's
 * {@link ProgramPlan}, whose kernels (every format tuple the FormatRules can reach) are compiled up front in
 * parallel; a statement binds the planned kernel of each tuple it meets on first use, so after its first iteration an
 * outer loop allocates nothing but what sparse results and format conversions need. Not thread-safe: one
 * run at a time (kernels themselves use {@link RunOptions#threads} workers).
 *
 * @throws ProgramRunException from the constructor when a parameter value does not parse or names no
 *                             parameter, or an input is missing, unknown or of the wrong shape
 */
public final class ProgramRunner {
    private final CheckedProgram program;
    private final Exec ex;
    private final Layout globals;
    private final Env globalEnv;
    private final Map<String, FunctionPlan> plans = new LinkedHashMap<>();
    private final FunctionPlan main;
    private final ProgramPlan plan;
    /** The global tensor slots bound by {@link #give} for the next run, and their names. */
    private final Map<Integer, String> given = new LinkedHashMap<>();
    /** Inputs given to an earlier run and not bound again: no run until they are. */
    private final Map<Integer, String> consumed = new LinkedHashMap<>();

    /** Binds the globals and prepares every function of {@code program}. */
    public ProgramRunner(CheckedProgram program, DefinitionCompiler compiler, RunOptions options) {
        this.program = program;
        this.ex = new Exec(program, compiler, options);
        this.globals = new Layout(program.globals().values(), null);
        this.globalEnv = Globals.bind(program, globals, options, ex);
        for (FunctionInfo f : program.functions().values()) {
            plans.put(f.name(), new FunctionPlan(f, globals, globalEnv));
        }
        for (FunctionPlan f : plans.values()) {
            f.build(plans, ex);
        }
        this.main = plans.get(program.main().name());
        Map<String, Operand> inputs = new LinkedHashMap<>();
        options.inputs().forEach((name, t) -> inputs.put(name, new Operand(t.format(), ValueRead.of(t))));
        this.plan = Planner.plan(program, inputs, parameters(), Map.of(), ex.passes);
        ex.planned = new PlannedKernels(plan, ex);
    }

    /** What this runner runs: every kernel it may run, compiled before the first run. */
    public ProgramPlan plan() {
        return plan;
    }

    /** The checked program. */
    public CheckedProgram program() {
        return program;
    }

    /** The value of every parameter for this run (as given, defaulted or taken from an input's shape), by name. */
    public Map<String, Object> parameters() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Symbol s : program.parameters()) {
            out.put(s.name(), Globals.value(globalEnv, globals.local(s.name())));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * Runs {@code Main} and returns its outputs by name: a {@link org.stag.formats.tensor.Tensor} for a tensor
     * output, a {@code Boolean}, {@code Integer}, {@code Long}, {@code Float} or {@code Double} for a scalar.
     * May be called again; each run starts from the same parameters and inputs.
     *
     * @throws ProgramRunException when the program fails at run time (a computed coordinate out of range, a
     *                             negative iteration count, integer division by zero, ...)
     */
    public Map<String, Object> runMain() {
        if (!consumed.isEmpty()) {
            String names = String.join("', '", consumed.values());
            throw ex.error(null, "input tensor '" + names + "' was given to the previous run (ProgramRunner.give),"
                    + " which may have overwritten it; bind it again with rebind or give before running again");
        }
        ex.depth = 0;
        ex.nesting = 0;
        try {
            main.execute(ex);
        } catch (RuntimeException e) {
            // Some slots may hold a buffer twice over mid-statement: drop them all rather than recycle.
            for (FunctionPlan f : plans.values()) {
                f.forget();
            }
            throw e;
        } finally {
            // A given input is the run's for this run only: whatever still holds it is dropped (it may be an
            // output that escapes), and the input must be bound again.
            for (Map.Entry<Integer, String> g : given.entrySet()) {
                globalEnv.tensors[g.getKey()] = null;
                globalEnv.owners[g.getKey()] = null;
            }
            consumed.putAll(given);
            given.clear();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Layout.Var v : main.outputVars()) {
            out.put(v.name(), switch (v.kind()) {
                case TENSOR -> main.env.tensors[v.slot()];
                case LONG -> Scalars.boxLong(main.env.ints[v.slot()], v.type());
                case REAL -> Scalars.boxReal(main.env.reals[v.slot()], v.type());
            });
        }
        // The results escape: their buffers are never recycled.
        main.env.forgetAll();
        return out;
    }

    /**
     * Binds input tensor {@code name} to {@code t} for the runs that follow, in place of what it was bound to:
     * an input that changes between runs (an incremental program's previous result) without preparing the
     * program again. {@code t} is checked as the constructor checks inputs; its sizes must equal the bound
     * parameters' values (a size that changes needs a new runner). A format other than the one planned gets
     * its kernels when a statement first meets it.
     *
     * @throws ProgramRunException for an unknown input or a tensor that does not fit its declaration; the
     *                             input then keeps its tensor
     */
    public void rebind(String name, Tensor t) {
        checkShared(name, t, false);
        int slot = Globals.rebind(program, globals, globalEnv, name, t, false, ex);
        given.remove(slot);
        consumed.remove(slot);
    }

    /**
     * Binds input tensor {@code name} to {@code t} for the next run only and hands {@code t} over to the
     * runner, checked as {@link #rebind} checks it. Unlike a borrowed input, which no run ever writes, a given
     * dense {@code t} (every level dense, a plain values array, as a kernel's result would be) belongs to the
     * run: once no statement needs its values as they were, a definition may update it in place (the
     * in-place and active-set passes then apply from the first statement that can use them; an incremental
     * program's previous result is updated instead of copied), its buffer may hold a later result, and an
     * output may be {@code t} itself. So after {@link #runMain} the caller reads {@code t} only through the
     * outputs, and the input is unbound: the next run fails until {@code name} is given or bound again.
     *
     * @throws ProgramRunException for an unknown input or a tensor that does not fit its declaration; the
     *                             input then keeps what it was bound to
     */
    public void give(String name, Tensor t) {
        checkShared(name, t, true);
        int slot = Globals.rebind(program, globals, globalEnv, name, t, true, ex);
        given.put(slot, name);
        consumed.remove(slot);
    }

    /**
     * A tensor given to the run may be overwritten, so it must not also be another input: refuses {@code t}
     * for {@code name} when another input holds it and either binding is a gift.
     */
    private void checkShared(String name, Tensor t, boolean giving) {
        for (Symbol in : program.inputs()) {
            int slot = globals.local(in.name()).slot();
            if (!in.name().equals(name) && globalEnv.tensors[slot] == t && (giving || given.containsKey(slot))) {
                throw ex.error(null, "input tensor '" + name + "' cannot be bound to the tensor of '" + in.name()
                        + "', which " + (giving ? "is bound to it" : "was given to the run")
                        + ": a run may overwrite a given tensor, so give it to one input only");
            }
        }
    }

    /** What this runner has done so far (kernel runs, conversions, buffers...), updated in place. */
    public RunStats stats() {
        return ex.stats;
    }
}
