package org.stag.engine.program;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.plan.Buffers;

/**
 * A function prepared to run: its slot layout, its single activation (a function is never active twice),
 * its statements as {@link Step}s, and for each statement the tensor variables that die with it. A
 * variable dies after the last statement that reads it (or its definition, if nothing reads it); outputs
 * never die here, they are handed to the caller. Releasing a dead variable recycles its buffer when no
 * other slot holds it, so the next dense result of the same type can be written into it.
 */
final class FunctionPlan {
    final FunctionInfo info;
    final Layout layout;
    final Env env;
    private Step[] steps;
    private int[][] releaseAfter;
    /** Global tensor slots whose last use is each statement, released there when given to the run. */
    private int[][] releaseGlobalsAfter;
    private int[] releaseAtEntry;

    FunctionPlan(FunctionInfo info, Layout globals, Env globalEnv) {
        this.info = info;
        this.layout = new Layout(info.variables().values(), globals);
        this.env = layout.newEnv(globalEnv);
    }

    /** The slot of each input, in order (of the input's kind). */
    int[] inputSlots() {
        int[] s = new int[info.inputs().size()];
        for (int k = 0; k < s.length; k++) {
            s[k] = layout.local(info.inputs().get(k).name()).slot();
        }
        return s;
    }

    /** The variable of each output, in order. */
    Layout.Var[] outputVars() {
        Layout.Var[] v = new Layout.Var[info.outputs().size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = layout.local(info.outputs().get(k).name());
        }
        return v;
    }

    /** Prepares the statements; {@code plans} has every function, for calls. */
    void build(Map<String, FunctionPlan> plans, Exec ex) {
        ScalarEval eval = new ScalarEval(ex.program, layout, null);
        List<Stmt> body = new ArrayList<>();
        for (Stmt s : info.decl().body()) {
            if (s instanceof Definition || s instanceof Call || s instanceof StarCall) {
                body.add(s);
            }
        }
        Map<String, Integer> lastUse = lastUses(body);
        Set<String> outputs = new HashSet<>();
        for (Symbol o : info.outputs()) {
            outputs.add(o.name());
        }
        // The globals this body may release after their last use: Main's, when no other function reads them.
        Set<String> ownGlobals = new HashSet<>();
        if (info.name().equals(ex.program.main().name())) {
            ownGlobals.addAll(ex.program.globals().keySet());
            for (FunctionInfo f : ex.program.functions().values()) {
                if (f != info) {
                    for (Stmt s : f.decl().body()) {
                        Set<String> used = new HashSet<>();
                        Buffers.uses(s, used);
                        ownGlobals.removeAll(used);
                    }
                }
            }
        }
        List<Step> out = new ArrayList<>();
        for (int k = 0; k < body.size(); k++) {
            Stmt s = body.get(k);
            Set<String> dying = new HashSet<>();
            for (Map.Entry<String, Integer> e : lastUse.entrySet()) {
                String n = e.getKey();
                Layout.Var v = layout.local(n);
                boolean local = v != null && v.isTensor() && !outputs.contains(n);
                if (e.getValue() == k && (local || v == null && ownGlobals.contains(n))) {
                    dying.add(n);
                }
            }
            if (s instanceof Definition d) {
                boolean scalar = d.target().indices().isEmpty() && d.reductions().isEmpty()
                        && KernelSpec.indexFree(ex.program, d.value());
                String alias = ex.aliases.get(d);
                Step st = scalar ? new ScalarStep(d, layout, eval) : new KernelStep(d, info.name(), layout, eval, ex);
                out.add(alias == null || scalar ? st : new AliasStep(d, alias, (KernelStep) st, layout, ex));
            } else if (s instanceof Call c) {
                CallStep st = new CallStep(c, plans.get(c.function().name()), layout, eval);
                st.moveDying(dying);
                out.add(st);
            } else if (s instanceof StarCall c) {
                StarCallStep st = new StarCallStep(c, ex.program.starCall(c), plans.get(c.function().name()), layout, ex);
                st.moveDying(dying);
                out.add(st);
            }
        }
        fuse(out, body, ex);
        this.steps = out.toArray(new Step[0]);
        liveness(body, lastUse, outputs, ownGlobals);
    }

    /** The index of the last statement of {@code body} that uses each variable ({@link Buffers#uses}). */
    private static Map<String, Integer> lastUses(List<Stmt> body) {
        Map<String, Integer> lastUse = new HashMap<>();
        for (int s = 0; s < body.size(); s++) {
            Set<String> used = new HashSet<>();
            Buffers.uses(body.get(s), used);
            for (String n : used) {
                lastUse.put(n, s);
            }
        }
        return lastUse;
    }

    private void liveness(List<Stmt> body, Map<String, Integer> lastUse, Set<String> outputs, Set<String> ownGlobals) {
        List<List<Integer>> after = new ArrayList<>();
        List<List<Integer>> globalsAfter = new ArrayList<>();
        for (int s = 0; s < body.size(); s++) {
            after.add(new ArrayList<>());
            globalsAfter.add(new ArrayList<>());
        }
        List<Integer> atEntry = new ArrayList<>();
        for (Layout.Var v : layout.vars()) {
            if (!v.isTensor() || outputs.contains(v.name())) {
                continue;
            }
            Integer last = lastUse.get(v.name());
            if (last == null) {
                atEntry.add(v.slot());
            } else {
                after.get(last).add(v.slot());
            }
        }
        for (String g : ownGlobals) {
            Integer last = lastUse.get(g);
            Layout.Var v = layout.lookup(g);
            if (last != null && v.isTensor() && layout.local(g) == null) {
                globalsAfter.get(last).add(v.slot());
            }
        }
        releaseAfter = new int[body.size()][];
        releaseGlobalsAfter = new int[body.size()][];
        for (int s = 0; s < body.size(); s++) {
            releaseAfter[s] = after.get(s).stream().mapToInt(Integer::intValue).toArray();
            releaseGlobalsAfter[s] = globalsAfter.get(s).stream().mapToInt(Integer::intValue).toArray();
        }
        releaseAtEntry = atEntry.stream().mapToInt(Integer::intValue).toArray();
    }

    /** After a failed run: empties the activation and every star call's state without recycling buffers. */
    void forget() {
        env.forgetAll();
        for (Step s : steps) {
            s.forget();
        }
    }

    /**
     * Runs the body with the inputs already bound in {@link #env}. Afterwards the outputs are in their
     * slots and every other tensor slot is empty; the caller takes the outputs and clears the activation.
     */
    void execute(Exec ex) {
        for (int slot : releaseAtEntry) {
            env.release(slot);
        }
        for (int s = 0; s < steps.length; s++) {
            steps[s].run(env, ex);
            for (int slot : releaseAfter[s]) {
                env.release(slot);
            }
            for (int slot : releaseGlobalsAfter[s]) {
                env.globals.releaseGiven(slot);
            }
        }
    }

    /**
     * Replaces runs of consecutive definitions that walk the same dense index by one fused kernel: the first
     * statement's step runs the group, the others do nothing (their statements keep their place, so the
     * liveness of every variable is unchanged).
     */
    private void fuse(List<Step> steps, List<Stmt> body, Exec ex) {
        List<Definition> defs = new ArrayList<>();
        for (int k = 0; k < steps.size(); k++) {
            defs.add(steps.get(k) instanceof KernelStep ? (Definition) body.get(k) : null);
        }
        // An input of the program (the graph's tensors) is seen in the format it is given in, as the plan's
        // groups see it (plan.Planner: fusing), so a graph whose format cannot fuse runs unfused.
        java.util.function.Function<String, org.stag.formats.tensor.Format> declared = n -> {
            org.stag.engine.check.Symbol sym = info.variables().get(n);
            if (sym == null) {
                org.stag.formats.tensor.Format given = ex.inputFormats.get(n);
                if (given != null) {
                    return given;
                }
                sym = ex.program.globals().get(n);
            }
            return sym != null && sym.isTensor() ? ex.format(sym.tensor().levels()) : null;
        };
        for (int[] g : org.stag.engine.plan.FusionGroups.of(ex.program, defs, declared, ex.passes)) {
            List<Definition> group = defs.subList(g[0], g[1] + 1);
            List<KernelStep> members = new ArrayList<>();
            for (int k = g[0]; k <= g[1]; k++) {
                members.add((KernelStep) steps.get(k));
            }
            steps.set(g[0], new FusedStep(new ArrayList<>(group), members, org.stag.engine.plan.FusionGroups.formatsOf(group, declared),
                    layout, ex, info.name()));
            for (int k = g[0] + 1; k <= g[1]; k++) {
                steps.set(k, new FusedStep.Done(defs.get(k)));
            }
        }
    }
}
