package org.stag.engine.jit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stag.engine.plan.Fusible;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.IteratorConversion;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.pass.KernelPasses;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.loopir.GroupDriver;
import org.stag.engine.loopir.KernelGenerator;
import org.stag.engine.javagen.FusedPlan;
import org.stag.engine.javagen.KernelPlan;
import org.stag.engine.javagen.KernelSource;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;
import org.stag.engine.loopir.LevelCodes;
import org.stag.engine.pass.Pass;
import org.stag.engine.pass.Passes;
import org.stag.engine.kernellib.KernelBody;
import org.stag.formats.tensor.Format;

/**
 * Compiles definitions of checked programs to Java kernels, specialised to the formats of their tensors and
 * the values of their uniform {@code ifelse} conditions, and caches them by {@link KernelKey}: the same
 * definition text over the same formats and types compiles once per compiler.
 */
public final class DefinitionCompiler {
    /** Bumped whenever generated code changes, so cached or emitted kernels are never stale. */
    public static final String GENERATOR_VERSION = "stag-codegen-4";
    /** The package of generated kernel classes. */
    public static final String PACKAGE = "org.stag.gen";

    private final KernelCache cache;
    private final Map<KernelKey, KernelPlan> plans = new ConcurrentHashMap<>();
    private final Map<KernelKey, FusedPlan> fusedPlans = new ConcurrentHashMap<>();

    /** A compiler with its own cache. */
    public DefinitionCompiler() {
        this(new KernelCache());
    }

    /** A compiler using {@code cache}. */
    public DefinitionCompiler(KernelCache cache) {
        this.cache = cache;
    }

    /** The cache (for statistics and {@code --emit-java}). */
    public KernelCache cache() {
        return cache;
    }

    /**
     * Compiles definition {@code d} of {@code p}.
     *
     * @param formats the format of every tensor the definition reads and of its target, by name
     * @param uniform the value of each of {@link KernelSpec#uniformConditions}; may be empty if there are none
     * @throws org.stag.engine.front.ProgramException if the formats cannot be iterated as the definition needs
     */
    public CompiledDefinition compile(CheckedProgram p, Definition d, Map<String, Format> formats,
                                      Map<Expr.IfElse, Boolean> uniform) {
        return compile(p, d, formats, Map.of(), uniform);
    }

    /**
     * Compiles definition {@code d} of {@code p} for operands whose values are read as {@code reads} says
     * (e.g. {@link ValueRead#of} of the tensors it will run on: a constant becomes a literal in the code).
     *
     * @param formats the format of every tensor the definition reads and of its target, by name
     * @param reads   how each tensor's values are read, by name; {@link ValueRead#declared} for a name not in it
     * @param uniform the value of each of {@link KernelSpec#uniformConditions}; may be empty if there are none
     * @throws org.stag.engine.front.ProgramException if the formats cannot be iterated as the definition needs
     */
    public CompiledDefinition compile(CheckedProgram p, Definition d, Map<String, Format> formats,
                                      Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform) {
        return compile(p, d, formats, reads, uniform, null);
    }

    /**
     * As {@link #compile(CheckedProgram, Definition, Map, Map, Map)}, for a definition that may write into the
     * buffer of its input {@code inPlace} ({@link org.stag.engine.pass.InPlace}; null for none): the kernel
     * then skips the stores that keep that input's value when its output is that input's values array.
     */
    public CompiledDefinition compile(CheckedProgram p, Definition d, Map<String, Format> formats,
                                      Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, String inPlace) {
        return compile(p, d, formats, reads, uniform, inPlace, Passes.fromSystem().on(Pass.CSE));
    }

    /**
     * As {@link #compile(CheckedProgram, Definition, Map, Map, Map, String)}, with common subexpressions computed
     * once per element when {@code cse}.
     */
    public CompiledDefinition compile(CheckedProgram p, Definition d, Map<String, Format> formats,
                                      Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, String inPlace,
                                      boolean cse) {
        return compile(p, d, formats, reads, uniform, inPlace, cse, Passes.fromSystem().on(Pass.ACTIVE_SET));
    }

    /**
     * As {@link #compile(CheckedProgram, Definition, Map, Map, Map, String, boolean)}; when {@code activeSet}, an
     * in-place kernel whose output is its input's buffer iterates only a sparse operand's stored coordinates
     * where that is exact ({@link org.stag.engine.pass.ActiveSet}).
     */
    public CompiledDefinition compile(CheckedProgram p, Definition d, Map<String, Format> formats,
                                      Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, String inPlace,
                                      boolean cse, boolean activeSet) {
        return compile(p, d, formats, reads, uniform, inPlace, cse, activeSet, Passes.fromSystem().on(Pass.CANONICAL));
    }

    /**
     * As {@link #compile(CheckedProgram, Definition, Map, Map, Map, String, boolean, boolean)}; when
     * {@code canonical}, a loop whose merge would be a union of sparse operands runs one loop per monomial of
     * the right-hand side's canonical form where that is exact and each such loop is an intersection
     * ({@link org.stag.engine.pass.Canonical}).
     */
    public CompiledDefinition compile(CheckedProgram p, Definition d, Map<String, Format> formats,
                                      Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, String inPlace,
                                      boolean cse, boolean activeSet, boolean canonical) {
        return compile(new CompileRequest(p, d, formats, reads, uniform, inPlace, cse, activeSet, canonical));
    }

    /** Compiles the kernel {@code r} describes (see the overloads above for its parts). */
    public CompiledDefinition compile(CompileRequest r) {
        CheckedProgram p = r.program();
        Definition d = r.definition();
        Map<String, Format> formats = r.formats();
        Map<String, ValueRead> reads = r.reads();
        Map<Expr.IfElse, Boolean> uniform = r.uniform();
        String inPlace = r.inPlace();
        boolean cse = r.cse();
        boolean activeSet = r.activeSet();
        boolean canonical = r.canonical();
        String target = p.definition(d).target().name();
        Map<String, Format> effective = new java.util.HashMap<>();
        formats.forEach((name, f) -> effective.put(name, name.equals(target) ? f : unique(f)));
        KernelSpec spec = specOf(p, d, effective, reads, uniform, target);
        KernelPasses passes = new KernelPasses(inPlace, cse, activeSet, canonical);
        KernelKey key = key(spec, uniform, passes);
        long t0 = System.nanoTime();
        KernelPlan plan = plans.get(key);
        if (plan == null) {
            String name = key.className("Kernel");
            plan = KernelSource.kernel(KernelGenerator.lower(spec, passes.on(spec), LevelCodes::of, name), PACKAGE, name);
            plans.putIfAbsent(key, plan);
        }
        KernelPlan fixed = plan;
        CompiledKernel ck = cache.get(key, k -> fixed.source());
        KernelBody body = ck.newInstance(KernelBody.class);
        return new CompiledDefinition(spec, plan, body, System.nanoTime() - t0, r);
    }

    /**
     * Compiles consecutive definitions into one pass when {@link Fusible#whyNot} allows it.
     *
     * @param formats the format of every tensor read and of every dense target, by name
     * @throws IllegalArgumentException naming why the definitions cannot be fused
     */
    public CompiledFusion compileFused(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                       Map<Expr.IfElse, Boolean> uniform) {
        return compileFused(p, defs, formats, uniform, java.util.Set.of(), Passes.fromSystem().on(Pass.CSE));
    }

    /**
     * As {@link #compileFused(CheckedProgram, List, Map, Map)}; the dense targets in {@code unstored} are kept in
     * locals within the pass and never written (nothing reads them after the group).
     */
    public CompiledFusion compileFused(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                       Map<Expr.IfElse, Boolean> uniform, java.util.Set<String> unstored, boolean cse) {
        return compileFused(p, defs, formats, Map.of(), uniform, unstored, cse);
    }

    /**
     * As {@link #compileFused(CheckedProgram, List, Map, Map, java.util.Set, boolean)}, reading the operands named in
     * {@code reads} as given (a matrix whose last level is dynamic: its elements' layout and a constant are compiled
     * in, see {@code plan.FusionGroups.readCompiledIn}); the others as declared, a static matrix's values an array or
     * a constant decided per run.
     */
    public CompiledFusion compileFused(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                       Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform,
                                       java.util.Set<String> unstored, boolean cse) {
        String why = Fusible.whyNot(p, defs, formats);
        if (why != null) {
            throw new IllegalArgumentException("cannot fuse: " + why);
        }
        StringBuilder text = new StringBuilder("fused:");
        List<String> fm = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (Definition d : defs) {
            text.append('\n').append(Printer.statement(d).trim());
            for (Expr.IfElse i : KernelSpec.uniformConditions(p, d)) {
                text.append(" | ").append(Printer.print(i.condition())).append('=').append(uniform.get(i));
            }
        }
        formats.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> fm.add(e.getKey() + "=" + e.getValue()
                + (reads.containsKey(e.getKey()) ? " values " + reads.get(e.getKey()) : "")));
        for (org.stag.engine.check.Symbol s : p.globals().values()) {
            types.add(s.name() + ":" + s.type());
        }
        for (Definition d : defs) {
            for (var e : p.definition(d).extents().entrySet()) {
                types.add(e.getKey() + ":" + e.getValue());
            }
            types.add(p.definition(d).target().name() + ":" + p.definition(d).target().type());
        }
        // The fused tree (pass.Fusion) says what the passes changed: unstored targets, common subexpressions.
        GroupDriver.FusedGroup group = GroupDriver.group(p, defs, formats, reads, uniform, unstored, cse);
        text.append("\ncin: ").append(CinPrinter.print(group.tree()));
        KernelKey key = new KernelKey(text.toString(), fm, types, GENERATOR_VERSION);
        FusedPlan plan = fusedPlans.computeIfAbsent(key,
                k -> KernelSource.fused(GroupDriver.lower(group), PACKAGE, k.className("Fused")));
        CompiledKernel ck = cache.get(key, k -> plan.source());
        return new CompiledFusion(plan, ck.newInstance(KernelBody.class), Map.copyOf(formats));
    }

    /**
     * The kernel's specification over {@code effective}; where it cannot read an operand with a slot level (DIA, ELL)
     * level by level ({@link IteratorConversion}: its slot index cannot be summed away, as in {@code A + B}), the
     * operand's format in {@code effective} becomes {@link IteratorConversion#target} (CSR), which {@link
     * CompiledDefinition#run} converts the operand to before the loops see it ([Chou 2018] §4.3, as a stage before
     * the kernel).
     */
    private static KernelSpec specOf(CheckedProgram p, Definition d, Map<String, Format> effective,
                                     Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, String target) {
        while (true) {
            try {
                return new KernelSpec(p, d, effective, reads, uniform);
            } catch (IteratorConversion e) {
                Format now = effective.get(e.operand());
                Format to = IteratorConversion.target(now);
                if (e.operand().equals(target) || to.equals(now)) {
                    throw new IllegalStateException("cannot convert " + e.getMessage(), e);
                }
                effective.put(e.operand(), to);
            }
        }
    }

    /**
     * Iterator conversion for non-unique levels (COO's {@code compressed(nonunique), singleton}): the kernel
     * is compiled for the same tensor with unique compressed levels, and {@link CompiledDefinition#run}
     * converts such an operand once per run (O(nnz)) before the loops see it.
     */
    static Format unique(Format f) {
        if (f.slots() > 0) {
            // ELL's singleton under a unique level is its own non-compact level (padding), not COO's.
            return f;
        }
        boolean changed = false;
        List<org.stag.formats.level.LevelFormat> levels = new ArrayList<>();
        for (org.stag.formats.level.LevelFormat l : f.levels()) {
            if (l instanceof org.stag.formats.level.StaticLevelFormat s
                    && (!s.is(org.stag.formats.level.Property.UNIQUE) || s.type() == org.stag.formats.level.LevelType.SINGLETON)) {
                levels.add(org.stag.formats.level.StaticLevelFormat.COMPRESSED);
                changed = true;
            } else {
                levels.add(l);
            }
        }
        return changed ? new Format(levels, f.modeOrder()) : f;
    }

    private static KernelKey key(KernelSpec spec, Map<Expr.IfElse, Boolean> uniform, KernelPasses passes) {
        StringBuilder text = new StringBuilder(Printer.statement(spec.definition()).trim());
        List<String> formats = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (KernelSpec.Operand o : spec.operands().values()) {
            formats.add(o.name() + "=" + o.format() + " values " + o.read());
            types.add(o.name() + ":" + o.elem() + " fill " + o.fill() + " " + o.sizes());
        }
        if (spec.targetFormat() != null) {
            formats.add(spec.target().name() + "=" + spec.targetFormat());
        }
        types.add(spec.target().name() + ":" + spec.target().type());
        spec.scalars().forEach((n, t) -> types.add(n + ":" + t));
        for (Expr.IfElse i : KernelSpec.uniformConditions(spec.program(), spec.definition())) {
            text.append(" | ").append(Printer.print(i.condition())).append('=').append(uniform.get(i));
        }
        text.append(passes.key(spec));
        return new KernelKey(text.toString(), formats, types, GENERATOR_VERSION);
    }
}
