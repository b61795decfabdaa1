package org.stag.engine.program;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.check.StarCallInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.StarCall;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.ValueType;

/**
 * An outer loop, {@code outs = F*(args) | stop}. The current arguments live in a positional {@link Env}
 * ({@code #k} is slot {@code k - 1}). Each iteration applies the FormatRules to the coming arguments, moves
 * them into {@code F}'s activation, runs {@code F}, and moves its outputs back into the positional state,
 * where the stop condition reads them. Moving (not copying) hands each tensor's buffer to exactly one holder
 * at a time, so a value dies, and its buffer is recycled, as soon as {@code F} no longer reads it.
 */
final class StarCallStep extends Step {
    private final StarCall call;
    private final FunctionPlan f;
    private final Args args;
    private final Env state;
    private final Layout.Var[] positions;
    private final int[] inputSlots;
    private final Layout.Var[] outputVars;
    private final ScalarNode count;
    private final ScalarNode condition;
    private final Rule[] rules;
    private final CallStep.Outputs outputs;
    private final ScalarEval ruleEval;
    private final ScalarEval stopEval;

    /** A FormatRule, prepared: its argument, both formats interned, its condition over the coming arguments. */
    private record Rule(StarCallInfo.Rule info, int k, Format from, Format to, ScalarNode condition, String text,
                        BufferPool fromPool, BufferPool toPool) {
    }

    /**
     * The pool of dead conversion results in {@code levels} for argument {@code s}, when a conversion there reuses
     * them ({@link Tensor#convert(Format, Tensor)}: a vector into a bitmap), else null.
     */
    private static BufferPool conversionPool(Symbol s, List<String> levels, Exec ex) {
        if (!s.isTensor() || !levels.equals(List.of("bitmap"))) {
            return null;
        }
        VarType.Tensor t = s.tensor();
        return ex.pool(new VarType.Tensor(t.elem(), levels, t.sizes(), t.fill()));
    }

    StarCallStep(StarCall c, StarCallInfo info, FunctionPlan f, Layout layout, Exec ex) {
        super(c.pos());
        this.call = c;
        this.f = f;
        int n = f.info.inputs().size();
        int[] positional = new int[n];
        this.positions = new Layout.Var[n];
        for (int k = 0; k < n; k++) {
            positional[k] = k;
            Symbol s = f.info.inputs().get(k);
            positions[k] = new Layout.Var(s, s.isTensor() ? Layout.Kind.TENSOR
                    : Scalars.inLong(s.type().elem()) ? Layout.Kind.LONG : Layout.Kind.REAL, k);
        }
        this.state = new Env(null, n, n, n);
        this.inputSlots = f.inputSlots();
        this.outputVars = f.outputVars();
        ScalarEval plain = new ScalarEval(ex.program, layout, null);
        this.args = new Args(c.args(), f.info.inputs(), positional, layout, plain);
        List<VarType> ins = new ArrayList<>();
        for (Symbol s : f.info.inputs()) {
            ins.add(s.type());
        }
        List<VarType> outs = new ArrayList<>();
        for (Symbol s : f.info.outputs()) {
            outs.add(s.type());
        }
        this.stopEval = new ScalarEval(ex.program, layout, outs);
        if (info.stop() == StarCallInfo.Stop.COUNT) {
            this.count = plain.compile(c.stop(), ScalarType.LONG);
            this.condition = null;
        } else {
            this.count = null;
            this.condition = stopEval.compile(c.stop());
        }
        this.ruleEval = new ScalarEval(ex.program, layout, ins);
        this.rules = new Rule[info.rules().size()];
        for (int r = 0; r < rules.length; r++) {
            StarCallInfo.Rule ri = info.rules().get(r);
            Symbol arg = f.info.inputs().get(ri.argument());
            rules[r] = new Rule(ri, ri.argument(), ex.format(ri.from()), ex.format(ri.to()),
                    ruleEval.compile(ri.rule().condition()), Printer.formatRule(ri.rule()).trim(),
                    conversionPool(arg, ri.from(), ex), conversionPool(arg, ri.to(), ex));
        }
        this.outputs = new CallStep.Outputs(c.outputs(), positions, layout);
    }

    /** Moves the tensor arguments that die with this star call ({@link Args#move}). */
    void moveDying(java.util.Set<String> dying) {
        List<org.stag.engine.front.Expr> others = new ArrayList<>();
        others.add(call.stop());
        for (org.stag.engine.front.FormatRule r : call.rules()) {
            others.add(r.condition());
        }
        args.move(CallStep.movable(dying, call.args(), others), call.args());
    }

    @Override
    void run(Env env, Exec ex) {
        long n;
        try {
            args.bind(env, state);
            n = count == null ? -1 : count.l(env, null);
        } catch (RuntimeException e) {
            throw failure(e, ex, "the arguments of " + f.info.name() + "*");
        }
        if (count != null && n < 0) {
            throw ex.error(call.stop().pos(), "the iteration count of " + f.info.name() + "* is " + n
                    + "; it cannot be negative");
        }
        if (ex.explaining()) {
            ex.explain("star call " + f.info.name() + "* at line " + pos.line() + ": " + (count != null ? n + " iterations"
                    : "until " + Printer.print(call.stop())));
        }
        ex.depth++;
        ex.nesting++;
        try {
            long it = 0;
            while (count == null || it < n) {
                it++;
                if (ex.explaining()) {
                    ex.explain("iteration " + it + ":");
                }
                boolean stop;
                ex.depth++;
                try {
                    applyRules(env, ex);
                    for (int k = 0; k < positions.length; k++) {
                        move(state, k, f.env, inputSlots[k], positions[k].kind());
                    }
                    f.execute(ex);
                    for (int k = 0; k < positions.length; k++) {
                        move(f.env, outputVars[k].slot(), state, k, positions[k].kind());
                    }
                    f.env.releaseAll();
                    ex.stats.iterations++;
                    if (ex.listener != null) {
                        ex.listener.iterationDone(call, ex.nesting - 1, it);
                    }
                    stop = condition != null && stops(env, ex, it);
                } finally {
                    ex.depth--;
                }
                if (stop) {
                    break;
                }
                if (condition != null && it >= ex.maxIterations) {
                    throw ex.error(pos, "star call " + describe() + " did not meet its stop condition '"
                            + Printer.print(call.stop()) + "' after " + it + (it == 1 ? " iteration" : " iterations")
                            + " (the limit; raise it with --max-iterations)");
                }
            }
        } finally {
            ex.depth--;
            ex.nesting--;
        }
        outputs.bind(state, env);
        state.releaseAll();
    }

    /** {@code labels = Step*}: the star call by its outputs and function, as the program writes it. */
    private String describe() {
        List<String> outs = new ArrayList<>();
        for (Ident o : call.outputs()) {
            outs.add(o.name());
        }
        return "'" + String.join(", ", outs) + " = " + f.info.name() + "*'";
    }

    @Override
    void forget() {
        state.forgetAll();
    }

    private boolean stops(Env env, Exec ex, long it) {
        boolean stop;
        try {
            stop = condition.b(env, state);
        } catch (RuntimeException e) {
            throw failure(e, ex, "the stop condition of " + f.info.name() + "*");
        }
        if (ex.explaining()) {
            ex.explain("stop " + Printer.print(call.stop()) + ": " + stopEval.operands(call.stop(), env, state) + " -> "
                    + (stop ? "stop after "
                    + it + (it == 1 ? " iteration" : " iterations") : "continue"));
        }
        return stop;
    }

    /** Moves position/slot {@code from} of {@code src} to slot {@code to} of {@code dst}, emptying the source. */
    private static void move(Env src, int from, Env dst, int to, Layout.Kind kind) {
        switch (kind) {
            case TENSOR -> {
                dst.set(to, src.tensors[from], src.owners[from]);
                src.release(from);
            }
            case LONG -> dst.ints[to] = src.ints[from];
            case REAL -> dst.reals[to] = src.reals[from];
        }
    }

    /** Puts every rule's argument in the format its condition decides for the coming run, converting on a change. */
    private void applyRules(Env env, Exec ex) {
        for (Rule r : rules) {
            boolean holds;
            try {
                holds = r.condition().b(env, state);
            } catch (RuntimeException e) {
                throw failure(e, ex, "the condition of " + r.text());
            }
            Format want = holds ? r.to() : r.from();
            Tensor t = state.tensors[r.k()];
            Format now = t.format();
            boolean convert = now != want && !now.equals(want);
            if (convert) {
                // A bitmap the argument was converted into before and that has died since lends its storage.
                BufferPool pool = holds ? r.toPool() : r.fromPool();
                Buffer dead = pool == null ? null : pool.take();
                // A bool argument becomes a pattern: its values, all the fill's negation, are a constant.
                Tensor c = t.values().type() == ValueType.BOOL && Tensor.patternFormat(want)
                        ? t.convertPattern(want, dead == null ? null : dead.tensor)
                        : t.convert(want, dead == null ? null : dead.tensor);
                state.set(r.k(), c, pool == null ? null : dead != null && dead.tensor == c ? dead : new Buffer(c, pool));
                if (holds) {
                    ex.stats.conversionsTo++;
                } else {
                    ex.stats.conversionsFrom++;
                }
            }
            if (ex.explaining()) {
                ex.explain(r.text() + ": " + ruleEval.operands(r.info().rule().condition(), env, state) + " -> " + want
                        + (convert ? " (converted from " + now + ")" : " (kept)"));
            }
        }
        if (ex.explaining() && rules.length > 0) {
            List<String> fm = new ArrayList<>();
            for (Rule r : rules) {
                String arg = Printer.print(call.args().get(r.k()));
                fm.add("#" + (r.k() + 1) + " (" + arg + ") = " + state.tensors[r.k()].format());
            }
            ex.explain("formats: " + String.join(", ", fm));
        }
    }
}
