package org.stag.engine.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.javagen.KernelPlan;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Trees;
import org.stag.engine.front.Printer;
import org.stag.engine.front.Reduction;
import org.stag.engine.plan.KernelVariant;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

/**
 * A definition run by a compiled kernel. Before each run it reads the current format of every tensor the
 * definition reads (a FormatRule or a caller may have changed it) and the value of every uniform
 * {@code ifelse} condition, and picks the kernel variant compiled for exactly those; the first time a
 * combination occurs it asks the {@link org.stag.engine.jit.DefinitionCompiler} (which caches kernels
 * across statements) and prepares a {@link Frame} with the variant's slot bindings. The hot path compares
 * formats by identity (they are interned or come from the same tensors), copies slots into the frame, and
 * runs the kernel; a dense result is written into a dead buffer of the target's type when one is free.
 */
final class KernelStep extends Step {
    private final Definition def;
    private final String function;
    private final Layout layout;
    private final CheckedProgram program;
    private final Layout.Var target;
    private final Format targetFormat;
    private final BufferPool pool;
    private final String[] operands;
    private final int[] operandRefs;
    private final UniformConditions uniform;
    /**
     * Whether the target is a sparse vector in one compressed level or a CSR matrix ({@code dense,compressed}): its
     * storage goes back to the pool when the variable dies, and the next result of the type is assembled over it
     * (in the dead tensor itself, refilled, when it fits: then the run allocates nothing).
     */
    private final boolean sparseVector;
    /** The ref of the input whose buffer the result may take ({@link org.stag.engine.pass.InPlace}), or -1. */
    private final int inPlaceRef;

    private final Format[] seen;
    private final boolean[] seenUniform;
    private final Format[] current;
    /** How each operand's values were read at the last run (checked allocation-free before every run). */
    private final ValueRead[] currentReads;
    private final boolean[] currentUniform;
    private final List<Variant> variants = new ArrayList<>();
    private Variant last;

    /** A kernel compiled for one combination of operand formats and uniform values, with its frame. */
    private static final class Variant {
        final Format[] formats;
        final ValueRead[] reads;
        final boolean[] uniform;
        final CompiledDefinition kernel;
        final Frame frame;
        final int[] tensorRefs;
        final int[] intRefs;
        final int[] realRefs;
        final String explain;
        /** Whether the kernel visits only a sparse operand's entries when it runs in place ({@link org.stag.engine.pass.ActiveSet}). */
        final boolean activeSet;

        Variant(Format[] formats, ValueRead[] reads, boolean[] uniform, CompiledDefinition kernel, Layout layout,
                String explain) {
            this.formats = formats;
            this.reads = reads;
            this.uniform = uniform;
            this.kernel = kernel;
            this.frame = kernel.newFrame();
            KernelPlan plan = kernel.plan();
            this.tensorRefs = refs(plan.tensors(), layout);
            this.intRefs = refs(plan.intScalars(), layout);
            this.realRefs = refs(plan.realScalars(), layout);
            this.explain = explain;
            this.activeSet = plan.notes().containsKey("active set");
        }

        private static int[] refs(List<String> names, Layout layout) {
            int[] r = new int[names.size()];
            for (int k = 0; k < r.length; k++) {
                r[k] = layout.ref(names.get(k));
            }
            return r;
        }

        boolean sameAs(Format[] f, ValueRead[] r, boolean[] u) {
            for (int k = 0; k < f.length; k++) {
                if (!formats[k].equals(f[k]) || !reads[k].equals(r[k])) {
                    return false;
                }
            }
            for (int k = 0; k < u.length; k++) {
                if (uniform[k] != u[k]) {
                    return false;
                }
            }
            return true;
        }
    }

    KernelStep(Definition d, String function, Layout layout, ScalarEval eval, Exec ex) {
        super(d.pos());
        this.def = d;
        this.function = function;
        this.layout = layout;
        this.program = ex.program;
        this.target = layout.local(d.target().name());
        if (target.isTensor()) {
            this.targetFormat = ex.format(target.symbol().tensor().levels());
            List<String> levels = target.symbol().tensor().levels();
            boolean dense = levels.stream().allMatch("dense"::equals);
            this.sparseVector = !dense && CompiledDefinition.assemblesOverDead(targetFormat);
            this.pool = dense || sparseVector ? ex.pool(target.symbol().tensor()) : null;
        } else {
            this.targetFormat = null;
            this.pool = null;
            this.sparseVector = false;
        }
        Set<String> read = new LinkedHashSet<>();
        Trees.tensorsRead(d.value(), read);
        for (Reduction r : d.reductions()) {
            Trees.tensorsRead(r.init(), read);
        }
        this.operands = read.toArray(new String[0]);
        this.operandRefs = new int[operands.length];
        for (int k = 0; k < operands.length; k++) {
            operandRefs[k] = layout.ref(operands[k]);
        }
        this.uniform = new UniformConditions(ex.program, d, eval);
        String self = ex.inPlace.get(d);
        this.inPlaceRef = self == null ? -1 : layout.ref(self);
        this.seen = new Format[operands.length];
        this.current = new Format[operands.length];
        this.currentReads = new ValueRead[operands.length];
        this.seenUniform = new boolean[uniform.size()];
        this.currentUniform = new boolean[uniform.size()];
    }

    @Override
    void run(Env env, Exec ex) {
        Variant v;
        try {
            boolean readsChanged = false;
            for (int k = 0; k < operandRefs.length; k++) {
                Tensor t = env.tensor(operandRefs[k]);
                current[k] = t.format();
                if (currentReads[k] == null || !currentReads[k].matches(t)) {
                    currentReads[k] = ValueRead.of(t);
                    readsChanged = true;
                }
            }
            uniform.evaluate(env, currentUniform);
            v = variant(ex, readsChanged);
        } catch (RuntimeException e) {
            throw failure(e, ex, "a condition of the definition of '" + target.name() + "'");
        }
        Frame f = v.frame;
        for (int k = 0; k < v.tensorRefs.length; k++) {
            f.tensors[k] = env.tensor(v.tensorRefs[k]);
        }
        for (int k = 0; k < v.intRefs.length; k++) {
            f.ints[k] = env.intAt(v.intRefs[k]);
        }
        for (int k = 0; k < v.realRefs.length; k++) {
            f.reals[k] = env.realAt(v.realRefs[k]);
        }
        if (ex.explaining()) {
            ex.explain(v.explain);
        }
        ex.stats.kernelRuns++;
        try {
            switch (v.kernel.plan().result()) {
                case SCALAR -> {
                    ex.run(v.kernel, f, null);
                    if (Scalars.inLong(target.type())) {
                        env.ints[target.slot()] = f.resultInt;
                    } else {
                        env.reals[target.slot()] = f.resultReal;
                    }
                }
                case DENSE -> {
                    Buffer self = inPlace(env, v);
                    Buffer b = self != null ? self : pool == null ? null : pool.take();
                    Tensor out = ex.run(v.kernel, f, b == null ? null : b.tensor);
                    if (b != null && out == b.tensor) {
                        ex.stats.buffersReused++;
                        if (b == self) {
                            ex.stats.inPlace++;
                            if (v.activeSet) {
                                ex.stats.activeSet++;
                            }
                        }
                    } else {
                        if (b != null && b != self) {
                            pool.give(b);
                        }
                        if (pool != null) {
                            b = new Buffer(out, pool);
                            ex.stats.buffersCreated++;
                        }
                    }
                    env.set(target.slot(), out, b);
                }
                case SPARSE -> {
                    if (!sparseVector) {
                        env.set(target.slot(), ex.run(v.kernel, f, null), null);
                        break;
                    }
                    // A dead result of the type lends its arrays (they belong to the new tensor from now on, whose
                    // own buffer takes them back to the pool when it dies) or is itself refilled, buffer and all.
                    Buffer dead = pool.take();
                    Tensor out = ex.run(v.kernel, f, dead == null ? null : dead.tensor);
                    if (dead != null) {
                        ex.stats.buffersReused++;
                    } else {
                        ex.stats.buffersCreated++;
                    }
                    env.set(target.slot(), out, dead != null && dead.tensor == out ? dead : new Buffer(out, pool));
                }
            }
        } catch (RuntimeException e) {
            throw failure(e, ex, "the definition of '" + target.name() + "' in " + function);
        } finally {
            for (int k = 0; k < f.tensors.length; k++) {
                f.tensors[k] = null;
            }
        }
    }

    /**
     * The buffer of the in-place input when the kernel may overwrite it and no other variable holds it (the
     * slot the input dies in is its only holder), else null.
     */
    private Buffer inPlace(Env env, Variant v) {
        if (inPlaceRef < 0 || !v.kernel.plan().notes().containsKey("in-place")) {
            return null;
        }
        Buffer o = env.owner(inPlaceRef);
        return o != null && o.refs == 1 && o.tensor == env.tensor(inPlaceRef) && o.pool == pool ? o : null;
    }

    /**
     * The variant for {@link #current} formats, value reads and uniform values; the same as last time unless one
     * changed.
     */
    private Variant variant(Exec ex, boolean readsChanged) {
        if (last != null && !readsChanged && sameAsSeen()) {
            return last;
        }
        Variant found = null;
        for (int k = 0; k < variants.size(); k++) {
            // indexed: an iterator would be an allocation each time a FormatRule switches the variant
            Variant v = variants.get(k);
            if (v.sameAs(current, currentReads, currentUniform)) {
                found = v;
                break;
            }
        }
        if (found == null) {
            found = compile(ex);
            variants.add(found);
        }
        System.arraycopy(current, 0, seen, 0, current.length);
        System.arraycopy(currentUniform, 0, seenUniform, 0, currentUniform.length);
        last = found;
        return found;
    }

    private boolean sameAsSeen() {
        for (int k = 0; k < current.length; k++) {
            if (current[k] != seen[k]) {
                return false;
            }
        }
        for (int k = 0; k < currentUniform.length; k++) {
            if (currentUniform[k] != seenUniform[k]) {
                return false;
            }
        }
        return true;
    }

    private Variant compile(Exec ex) {
        Map<String, Format> formats = new LinkedHashMap<>();
        for (int k = 0; k < operands.length; k++) {
            formats.put(operands[k], current[k]);
        }
        if (targetFormat != null) {
            formats.put(target.name(), targetFormat);
        }
        Map<String, ValueRead> reads = new LinkedHashMap<>();
        for (int k = 0; k < operands.length; k++) {
            reads.put(operands[k], currentReads[k]);
        }
        List<Boolean> values = new ArrayList<>();
        for (boolean b : currentUniform) {
            values.add(b);
        }
        String decided = values.isEmpty() ? "" : "; " + uniform.describe(currentUniform);
        // Every kernel comes from the plan, compiled before the run; a tuple it lacks is a planner bug.
        PlannedKernels.Entry e = ex.planned.kernel(def, function, KernelVariant.key(formats, reads, values),
                describe(formats) + constants(reads) + decided);
        CompiledDefinition kernel = e.kernel();
        if (e.note() != null) {
            decided = e.note();
        }
        ex.stats.variants++;
        ex.stats.kernels.add(kernel.plan().source().qualifiedName());
        if (kernel.plan().notes().containsKey("canonical")) {
            ex.stats.canonical++;
        }
        String text = "kernel " + function + ": " + Printer.statement(def).trim() + "  [" + describe(formats)
                + constants(reads) + decided
                + "] loop order " + String.join(", ", kernel.plan().loopOrder());
        return new Variant(current.clone(), currentReads.clone(), currentUniform.clone(), kernel, layout, text);
    }

    /**
     * Compiles {@code def} for one tuple, as the plan asks before the run: a format the compiler cannot handle
     * is the program's error at the definition; a uniform condition the compiler cannot specialise yet is tested
     * per element instead (the entry's note says so).
     */
    static PlannedKernels.Entry compile(Exec ex, Definition def, String function, Map<String, Format> formats,
                                        Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> values, String inPlace) {
        String name = def.target().name();
        try {
            return new PlannedKernels.Entry(ex.compiler.compile(ex.program, def, formats, reads, values, inPlace, cse(ex), ex.passes.on(org.stag.engine.pass.Pass.ACTIVE_SET), ex.passes.on(org.stag.engine.pass.Pass.CANONICAL)), null, null);
        } catch (UnsupportedOperationException e) {
            throw ex.error(def.pos(), "cannot compile the definition of '" + name + "' in " + function + " for "
                    + describe(formats) + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            if (values.isEmpty()) {
                throw e;
            }
            // The compiler cannot yet specialise every uniform condition (it still looks into the branch not
            // taken); a kernel that tests the condition per element computes the same values.
            try {
                return new PlannedKernels.Entry(ex.compiler.compile(ex.program, def, formats, reads, Map.of(), inPlace, cse(ex), ex.passes.on(org.stag.engine.pass.Pass.ACTIVE_SET), ex.passes.on(org.stag.engine.pass.Pass.CANONICAL)),
                        "; uniform conditions tested per element: " + e.getMessage(), null);
            } catch (RuntimeException again) {
                again.addSuppressed(e);
                throw ex.error(def.pos(), "cannot compile the definition of '" + name + "' in " + function
                        + " for " + describe(formats) + ": " + e.getMessage(), again);
            }
        }
    }

    private static boolean cse(Exec ex) {
        return ex.passes.on(org.stag.engine.pass.Pass.CSE);
    }

    /** The operands whose values are constant, as {@code "; A values constant true over none"}, or "". */
    private static String constants(Map<String, ValueRead> reads) {
        StringBuilder out = new StringBuilder();
        reads.forEach((n, r) -> {
            if (r.isConstant()) {
                out.append("; ").append(n).append(" values ").append(r);
            }
        });
        return out.toString();
    }

    private static String describe(Map<String, Format> formats) {
        List<String> out = new ArrayList<>();
        formats.forEach((n, f) -> out.add(n + " = " + f));
        return String.join("; ", out);
    }
}
