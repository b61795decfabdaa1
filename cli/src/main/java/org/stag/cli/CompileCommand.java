package org.stag.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.ops.Constant;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.VarType;
import org.stag.engine.cin.ValueRead;
import org.stag.formats.graph.GraphTensor;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.CompiledFusion;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ProgramException;
import org.stag.engine.javagen.GeneratedSource;
import org.stag.engine.javagen.SourceEmitter;
import org.stag.engine.pass.Pass;
import org.stag.engine.pass.Passes;
import org.stag.engine.plan.FusedVariant;
import org.stag.engine.plan.KernelVariant;
import org.stag.engine.plan.Operand;
import org.stag.engine.plan.Planner;
import org.stag.engine.plan.ProgramPlan;
import org.stag.engine.plan.StatementPlan;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stag compile ALGORITHM|PROGRAM}: plans the program as {@code stag run} would run it (every format tuple
 * its FormatRules can reach, the fused groups, the buffers), prints the plan and compiles exactly its kernels.
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Plan a program as stag run runs it and compile its kernels to Java.",
            "ALGORITHM is a shipped algorithm (${bundle:help-algorithms.list}),",
            "PROGRAM a .stag file.",
            "The plan follows the program from Main: each FormatRule decides both ways, so a",
            "kernel is planned for every format tuple a statement can meet. --format LEVELS",
            "is the graph's format, as for `stag run` (the inputs A, AT and W; for an",
            "algorithm the default is " + RunSettings.DEFAULT_FORMAT + "); --format NAME=LEVELS",
            "compiles tensor NAME in LEVELS wherever it appears. A definition whose ifelse",
            "conditions use no index gets one kernel per combination of their values, except",
            "for literals, parameters set with --param and conditions a FormatRule decides.",
            "--constant compiles for a tensor whose entries all hold one value (a pattern).",
            "Prints one line per kernel, tab-separated: function, definition (with the",
            "condition values), loop order, class name, compile time; then the plan ('# '",
            "lines, one per statement). --emit-java writes the classes under DIR; without",
            "it, each kernel's Java follows its line (then a '// ' comment) on stdout.",
            "--emit-cin adds, after each kernel's line, its concrete index notation after the",
            "passes ('cin: forall i (y[i] = acc0 where (acc0 = 0.0; forall j acc0 += ...))')."})
final class CompileCommand implements Callable<Integer> {
    /** The inputs {@code stag run} binds in the graph's format. */
    static final List<String> GRAPH_INPUTS = List.of("A", "AT", "W");

    @Parameters(index = "0", paramLabel = "ALGORITHM|PROGRAM", description = "A shipped algorithm or a .stag program.")
    String what;

    @Option(names = "--format", paramLabel = "LEVELS|NAME=LEVELS", converter = FormatOptions.TensorConverter.class,
            description = "LEVELS: the graph's format, two levels (for example dense,ctree), as for stag run. NAME=LEVELS:"
                    + " compile for tensor NAME held in format LEVELS instead of its declared format, wherever a tensor of"
                    + " that name appears (repeatable).")
    List<FormatOptions.Tensor> formats = new ArrayList<>();

    @Option(names = "--constant", paramLabel = "NAME=VALUE",
            description = "Compile for input tensor NAME whose stored entries all hold VALUE (a pattern: A=true), read as"
                    + " a literal instead of from an array (repeatable).")
    List<String> constants = new ArrayList<>();

    @Option(names = "--weighted",
            description = "With a graph format: plan for a graph with edge weights (default: a pattern graph), as stag run"
                    + " holds it: W's values then come from the structure, not a constant 1.0.")
    boolean weighted;

    @Option(names = "--directed",
            description = "With a graph format: plan for a directed graph whose in-edges are a structure of their own"
                    + " (default: undirected, or directed with every edge mirrored, where AT is A).")
    boolean directed;

    @Option(names = "--emit-java", paramLabel = "DIR", description = "Write each kernel's Java under DIR (DIR/org/stag/gen/...).")
    Path emitJava;

    @Option(names = "--emit-cin",
            description = "After each kernel's line, print its concrete index notation after the passes (a line 'cin: ...').")
    boolean emitCin;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "Set a parameter; an ifelse condition that is this parameter is then compiled for its value only.")
    List<String> params = new ArrayList<>();

    @picocli.CommandLine.Mixin
    KernelCacheOptions kernelCache;

    @picocli.CommandLine.Mixin
    PassOptions passes;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        kernelCache.apply();
        passes.apply();
        List<Format> graph = new ArrayList<>();
        Map<String, Format> overrides = new LinkedHashMap<>();
        for (FormatOptions.Tensor f : formats) {
            if (f.name() == null) {
                graph.add(f.format());
            } else if (overrides.put(f.name(), f.format()) != null) {
                throw new CommandLine.ParameterException(cl, "--format " + f.name() + " is given twice");
            }
        }
        if (graph.size() > 1) {
            throw new CommandLine.ParameterException(cl, "--format: the graph's format is given twice ("
                    + graph.stream().map(Format::toString).collect(java.util.stream.Collectors.joining(", ")) + ")");
        }
        Map<String, String> paramArgs = Programs.assignments(params, "--param", cl);
        Map<String, String> constantArgs = Programs.assignments(constants, "--constant", cl);
        Algorithm algorithm = Algorithm.byName(what).orElse(null);
        Format graphFormat = !graph.isEmpty() ? graph.get(0) : algorithm != null ? new RunSettings().format() : null;
        try {
            CheckedProgram p = algorithm != null ? algorithm.program() : ProgramFiles.check(RunCommand.programFile(what));
            return compile(p, graphFormat, overrides, constantArgs, Programs.parameters(p, paramArgs, cl));
        } catch (ProgramException e) {
            return Programs.report(e, cl.getErr());
        }
    }

    private int compile(CheckedProgram p, Format graphFormat, Map<String, Format> overrides,
                        Map<String, String> constantArgs, Map<String, Object> given) {
        PrintWriter out = spec.commandLine().getOut();
        checkOverrides(p, overrides);
        checkConstants(p, constantArgs);
        Map<String, Operand> inputs = new LinkedHashMap<>();
        // The views a run builds for a graph of this kind: the kernels read them the same way.
        GraphTensor graphViews = graphFormat == null ? null : GraphTensor.sample(graphFormat, weighted, directed);
        boolean graphInput = false;
        for (Symbol s : p.inputs()) {
            VarType.Tensor type = s.tensor();
            Format format = Programs.declared(s.name(), type);
            if (graphFormat != null && GRAPH_INPUTS.contains(s.name())) {
                format = graphFormat;
                graphInput = true;
            }
            format = overrides.getOrDefault(s.name(), format);
            ValueRead read = constantArgs.containsKey(s.name()) ? constantRead(type, format, constantArgs.get(s.name()))
                    : graphViews != null && GRAPH_INPUTS.contains(s.name()) && format.equals(graphFormat)
                    ? ValueRead.of(view(graphViews, s.name()))
                    : ValueRead.declared(format, type.elem());
            inputs.put(s.name(), new Operand(format, read));
        }
        if (graphFormat != null && !graphInput) {
            throw new BadInputException("--format " + graphFormat + ": " + p.source().name() + " has no graph input ("
                    + String.join(", ", GRAPH_INPUTS) + "); name the tensor: --format NAME=LEVELS");
        }
        ProgramPlan plan = Planner.plan(p, inputs, given, overrides);
        DefinitionCompiler compiler = new DefinitionCompiler();
        SourceEmitter emitter = emitJava == null ? null : new SourceEmitter(emitJava);
        for (StatementPlan sp : plan.statements()) {
            if (sp.fused() != null) {
                FusedVariant f = sp.fused();
                long t0 = System.nanoTime();
                CompiledFusion k = compiler.compileFused(p, f.definitions(), f.formats(), f.reads(), Map.of(), f.unstored(),
                        Passes.fromSystem().on(Pass.CSE));
                List<String> texts = new ArrayList<>();
                f.definitions().forEach(d -> texts.add(Printer.statement(d).trim()));
                show(out, emitter, f.function() + "\tfused: " + String.join("; ", texts) + "\tloop " + k.plan().extent(),
                        k.plan().source(), System.nanoTime() - t0);
                showCin(out, k.plan().cin());
            }
            for (KernelVariant v : sp.variants().values()) {
                Definition d = v.definition();
                CompiledDefinition kernel;
                try {
                    kernel = compiler.compile(p, d, v.formats(), v.reads(), v.uniform(), v.inPlace(),
                            Passes.fromSystem().on(Pass.CSE), Passes.fromSystem().on(Pass.ACTIVE_SET),
                            Passes.fromSystem().on(Pass.CANONICAL));
                } catch (UnsupportedOperationException e) {
                    throw Programs.unsupported(p, d, v.formats(), e);
                }
                List<String> order = kernel.plan().loopOrder();
                show(out, emitter, v.function() + "\t" + Printer.statement(d).trim()
                        + Programs.describe(v.uniform(), v.conditions())
                        + "\tloop " + (order.isEmpty() ? "-" : String.join(",", order))
                        + activeSet(kernel.plan().notes().get("active set"))
                        + canonical(kernel.plan().notes()), kernel.plan().source(),
                        kernel.compileNanos());
                showCin(out, kernel.plan().notes().get("cin"));
            }
        }
        plan.toString().lines().forEach(l -> out.println("# " + l));
        out.flush();
        return Exit.OK;
    }

    /** With --emit-cin, the kernel's concrete index notation on a line of its own. */
    private void showCin(PrintWriter out, String cin) {
        if (emitCin) {
            out.println("cin: " + cin);
            out.flush();
        }
    }

    /** How the loop runs when the output is the in-place input's buffer: over the stored entries of one operand. */
    private static String activeSet(String operand) {
        return operand == null ? "" : " (in place: active set of " + operand + ")";
    }

    /** The loops that run one loop per monomial of the canonical form, e.g. {@code (canonical: loop j iterate+iterate)}. */
    private static String canonical(Map<String, String> notes) {
        if (!notes.containsKey("canonical")) {
            return "";
        }
        List<String> loops = new ArrayList<>();
        notes.forEach((k, v) -> {
            if (k.startsWith("loop ") && v.contains("canonical ")) {
                loops.add(k + " " + v.replace("canonical ", ""));
            }
        });
        return " (canonical: " + String.join(", ", loops) + ")";
    }

    /** One kernel's line (and, without --emit-java, its source) on stdout; its class under DIR with it. */
    private static void show(PrintWriter out, SourceEmitter emitter, String head, GeneratedSource source, long nanos) {
        String line = head + "\t" + source.qualifiedName() + "\t" + String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        if (emitter != null) {
            emit(emitter, source);
            out.println(line);
        } else {
            out.println("// " + line);
            out.println(source.text().stripTrailing());
            out.println();
        }
        out.flush();
    }

    /** Every --format names a tensor of the program and has one level per dimension of every tensor of that name. */
    private static void checkOverrides(CheckedProgram p, Map<String, Format> overrides) {
        overrides.forEach((name, format) -> {
            boolean found = false;
            for (FunctionInfo f : p.functions().values()) {
                VarType.Tensor t = Programs.tensors(p, f).get(name);
                if (t == null) {
                    continue;
                }
                found = true;
                if (t.order() != format.order()) {
                    throw new BadInputException("--format " + name + "=" + format + ": " + format.order()
                            + " level(s), but " + name + " is " + t + " with " + t.order());
                }
            }
            if (!found) {
                List<String> names = new ArrayList<>();
                for (FunctionInfo f : p.functions().values()) {
                    Programs.tensors(p, f).keySet().stream().filter(n -> !names.contains(n)).forEach(names::add);
                }
                throw new BadInputException("--format " + name + ": " + p.source().name() + " has no tensor " + name
                        + " (tensors: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
            }
        });
    }

    /**
     * How a kernel reads a tensor whose entries all hold {@code text}: a literal, over a dynamic last level that
     * stores coordinates only (as {@code Tensor.build} holds constant values).
     */
    private static ValueRead constantRead(VarType.Tensor type, Format format, String text) {
        Constant c = switch (type.elem()) {
            case BOOL -> Constant.ofBool((Boolean) Programs.parseValue(type.elem(), text));
            case INT, LONG -> Constant.ofInteger(type.elem(), ((Number) Programs.parseValue(type.elem(), text)).longValue());
            case FLOAT, DOUBLE -> Constant.ofReal(type.elem(), ((Number) Programs.parseValue(type.elem(), text)).doubleValue());
        };
        boolean dynamicLast = format.level(format.depth() - 1).dynamicFormat().isPresent();
        return new ValueRead(ValueRead.Kind.CONSTANT, dynamicLast ? ValueMode.NONE : ValueMode.POSITION, c);
    }

    /** The view of a graph tensor that input {@code name} (A, AT or W) binds. */
    private static org.stag.formats.tensor.Tensor view(GraphTensor g, String name) {
        return switch (name) {
            case "A" -> g.a();
            case "AT" -> g.at();
            default -> g.w();
        };
    }

    /** Every --constant names a tensor of the program and holds a value of its element type. */
    private static void checkConstants(CheckedProgram p, Map<String, String> constants) {
        constants.forEach((name, text) -> {
            List<String> names = new ArrayList<>();
            for (FunctionInfo f : p.functions().values()) {
                VarType.Tensor t = Programs.tensors(p, f).get(name);
                if (t != null && Programs.parseValue(t.elem(), text) == null) {
                    throw new BadInputException("--constant " + name + "=" + text + ": " + name + " is " + t + " and '"
                            + text + "' is not " + (t.elem() == org.stag.engine.front.ScalarType.INT ? "an " : "a ") + t.elem().keyword());
                }
                Programs.tensors(p, f).keySet().stream().filter(n -> !names.contains(n)).forEach(names::add);
            }
            if (!names.contains(name)) {
                throw new BadInputException("--constant " + name + ": " + p.source().name() + " has no tensor " + name
                        + " (tensors: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
            }
        });
    }

    private static void emit(SourceEmitter emitter, GeneratedSource source) {
        try {
            emitter.emit(source);
        } catch (IOException e) {
            throw new BadInputException(Exit.oneLine(e.getMessage()));
        }
    }
}
