package org.stag.engine.program;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.Symbol;
import org.stag.engine.jit.CompiledFusion;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Trees;
import org.stag.engine.front.Printer;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

/**
 * Consecutive definitions that walk the same dense index, run as one fused kernel ([Dima 2023] §6.2.1): the
 * first statement of the group computes every target in one pass; the others become {@link Done}. When a
 * tensor the group reads is not in its declared dense format at run time (a FormatRule or a caller changed
 * it), or its values are constant, or a matrix whose last level is dynamic is read otherwise than the kernel was
 * compiled for ({@code plan.FusionGroups.readCompiledIn}), the group falls back to its definitions' own kernels,
 * one after the other.
 */
final class FusedStep extends Step {
    private final List<Definition> defs;
    private final List<KernelStep> members;
    private final Map<String, Format> formats;
    private final String[] operands;
    private final int[] operandRefs;
    private final Layout.Var[] targets;
    private final BufferPool[] pools;
    private final String function;
    private final Layout layout;
    private CompiledFusion kernel;
    /** Per operand, the value read the kernel was compiled for, or null (its values are read as they come). */
    private org.stag.engine.cin.ValueRead[] reads;
    private Frame frame;
    private int[] tensorRefs;
    private int[] intRefs;
    private int[] realRefs;
    private int extentRef;
    private int extentLiteral;
    private String explain;
    private final Tensor[] reuse;
    private final Tensor[] out;
    private final Buffer[] taken;
    /** The targets the kernel keeps in locals only (nothing reads them after the group): no buffer, no binding. */
    private boolean[] unstored;

    /** A statement of a fused group after the first: its target was computed already. */
    static final class Done extends Step {
        Done(Definition d) {
            super(d.pos());
        }

        @Override
        void run(Env env, Exec ex) {
        }
    }

    FusedStep(List<Definition> defs, List<KernelStep> members, Map<String, Format> formats, Layout layout, Exec ex,
              String function) {
        super(defs.get(0).pos());
        this.defs = defs;
        this.members = members;
        this.formats = formats;
        this.function = function;
        this.layout = layout;
        Set<String> defined = new LinkedHashSet<>();
        Set<String> read = new LinkedHashSet<>();
        for (Definition d : defs) {
            Trees.tensorsReadOutside(d.value(), read, defined);
            defined.add(d.target().name());
        }
        this.operands = read.toArray(new String[0]);
        this.operandRefs = new int[operands.length];
        for (int k = 0; k < operands.length; k++) {
            operandRefs[k] = layout.ref(operands[k]);
        }
        this.targets = new Layout.Var[defs.size()];
        this.pools = new BufferPool[defs.size()];
        for (int k = 0; k < defs.size(); k++) {
            targets[k] = layout.local(defs.get(k).target().name());
            Symbol s = targets[k].symbol();
            pools[k] = s.isTensor() ? ex.pool(s.tensor()) : null;
        }
        this.reuse = new Tensor[defs.size()];
        this.out = new Tensor[defs.size()];
        this.taken = new Buffer[defs.size()];
    }

    @Override
    void run(Env env, Exec ex) {
        if (reads == null) {
            Map<String, org.stag.engine.cin.ValueRead> r = ex.planned.fusedReads(defs.get(0));
            reads = new org.stag.engine.cin.ValueRead[operands.length];
            for (int k = 0; k < operands.length; k++) {
                reads[k] = r.get(operands[k]);
            }
        }
        for (int k = 0; k < operandRefs.length; k++) {
            Tensor t = env.tensor(operandRefs[k]);
            Format now = t.format();
            Format want = formats.get(operands[k]);
            // The fused kernel reads vectors' value arrays (a row reduction's matrix may be constant, and one
            // whose last level is dynamic is read as the kernel was compiled); the members' kernels also read
            // constant vectors and other value reads.
            if ((now != want && !now.equals(want)) || t.values().isConstant() && t.order() == 1
                    || reads[k] != null && !reads[k].matches(t)
                    || reads[k] == null && t.order() > 1 && t.level(t.order() - 1) instanceof org.stag.formats.level.StaticLevel l
                    && l.mode() != org.stag.formats.dynamic.ValueMode.POSITION) {
                for (KernelStep m : members) {
                    m.run(env, ex);
                }
                return;
            }
        }
        if (kernel == null) {
            prepare(env, ex);
        }
        Frame f = frame;
        for (int k = 0; k < tensorRefs.length; k++) {
            f.tensors[k] = env.tensor(tensorRefs[k]);
        }
        for (int k = 0; k < intRefs.length; k++) {
            f.ints[k] = env.intAt(intRefs[k]);
        }
        for (int k = 0; k < realRefs.length; k++) {
            f.reals[k] = env.realAt(realRefs[k]);
        }
        if (ex.explaining()) {
            ex.explain(explain);
        }
        ex.stats.kernelRuns++;
        for (int k = 0; k < targets.length; k++) {
            taken[k] = pools[k] == null || unstored[k] ? null : pools[k].take();
            reuse[k] = taken[k] == null ? null : taken[k].tensor;
        }
        try {
            kernel.runWith(f, ex.runner, extentLiteral >= 0 ? extentLiteral : (int) env.intAt(extentRef), reuse, out);
        } catch (RuntimeException e) {
            throw failure(e, ex, "the definitions of " + names() + " in " + function);
        } finally {
            for (int k = 0; k < f.tensors.length; k++) {
                f.tensors[k] = null;
            }
        }
        for (int k = 0; k < targets.length; k++) {
            Layout.Var t = targets[k];
            if (unstored[k]) {
                continue;
            }
            if (!t.isTensor()) {
                if (Scalars.inLong(t.type())) {
                    env.ints[t.slot()] = f.resultsInt[k];
                } else {
                    env.reals[t.slot()] = f.resultsReal[k];
                }
                continue;
            }
            Buffer b = taken[k];
            if (b != null && out[k] == b.tensor) {
                ex.stats.buffersReused++;
            } else {
                if (b != null) {
                    pools[k].give(b);
                }
                b = pools[k] == null ? null : new Buffer(out[k], pools[k]);
                ex.stats.buffersCreated++;
            }
            env.set(t.slot(), out[k], b);
            taken[k] = null;
            reuse[k] = null;
            out[k] = null;
        }
    }

    private void prepare(Env env, Exec ex) {
        kernel = ex.planned.fused(defs.get(0), function);
        ex.stats.kernels.add(kernel.plan().source().qualifiedName());
        ex.stats.variants++;
        frame = kernel.newFrame();
        unstored = new boolean[targets.length];
        for (int k = 0; k < targets.length; k++) {
            unstored[k] = targets[k].isTensor() && kernel.plan().unstored().contains(targets[k].name());
        }
        tensorRefs = new int[kernel.plan().tensors().size()];
        for (int k = 0; k < tensorRefs.length; k++) {
            tensorRefs[k] = refOf(kernel.plan().tensors().get(k));
        }
        intRefs = new int[kernel.plan().intScalars().size()];
        for (int k = 0; k < intRefs.length; k++) {
            intRefs[k] = refOf(kernel.plan().intScalars().get(k));
        }
        realRefs = new int[kernel.plan().realScalars().size()];
        for (int k = 0; k < realRefs.length; k++) {
            realRefs[k] = refOf(kernel.plan().realScalars().get(k));
        }
        String extent = kernel.plan().extent();
        extentLiteral = Character.isDigit(extent.charAt(0)) ? Integer.parseInt(extent) : -1;
        extentRef = extentLiteral >= 0 ? 0 : refOf(extent);
        StringBuilder text = new StringBuilder("kernel " + function + ": fused pass over " + kernel.plan().extent() + ":");
        for (Definition d : defs) {
            text.append(" ").append(Printer.statement(d).trim()).append(";");
        }
        explain = text.toString();
    }

    private int refOf(String name) {
        return layout.ref(name);
    }

    private String names() {
        List<String> n = new ArrayList<>();
        defs.forEach(d -> n.add("'" + d.target().name() + "'"));
        return String.join(", ", n);
    }

    @Override
    void forget() {
        for (KernelStep m : members) {
            m.forget();
        }
    }
}
