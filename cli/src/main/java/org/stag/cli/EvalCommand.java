package org.stag.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.Call;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.front.Trees;
import org.stag.engine.program.ParameterDefaults;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.text.InputFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stag eval PROGRAM --input NAME=FILE[:LEVELS] ...}: compiles the definitions of a program's
 * {@code Main}, runs them in order on tensors read from files, and writes Main's result.
 */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"Run the definitions of a program's Main on tensors read from files.",
            "The definitions run in order, and Main's single result is written: a scalar",
            "as one line, a tensor as Matrix Market coordinate text (1-based; a vector as",
            "an N x 1 matrix; entries equal to the fill value are left out).",
            "Matrices: any graph file stag reads; a pattern file gives 1 (true).",
            "Vectors: a Matrix Market file with one column (1-based), or any other file",
            "as text, one 'index value' per line, 0-based like .el files ('#' and '%%'",
            "start comments). Tensors of any order: a FROSTT .tns file (1-based",
            "coordinates and a value per line); order 3 and more only so, and a result",
            "of order 3 or more is written as .tns text.",
            "Size parameters (N, ...) come from the shapes of the inputs declared with",
            "them, else from --param. An ifelse condition that uses no index must be a",
            "literal or a parameter. --threads also sets the threads of the kernels."})
final class EvalCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "A .stag program whose Main holds only definitions.")
    Path program;

    @Option(names = "--input", paramLabel = "NAME=FILE[:LEVELS]",
            description = "Read input tensor NAME from FILE, held in format LEVELS (e.g. A=g.mtx:dense,compressed;"
                    + " default: the declared format). Repeat for every input tensor Main reads.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "Set a parameter (repeatable); parameters not set take their default.")
    List<String> params = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result to FILE instead of stdout.")
    Path output;

    @Option(names = "--output-format", paramLabel = "F",
            description = "The result as text (Matrix Market; the default), tsv or csv (one line per entry,"
                    + " 1-based coordinates, then the value; csv with a header) or json (one object; Infinity and"
                    + " NaN as null).")
    ResultFormat outputFormat = ResultFormat.TEXT;

    @Mixin
    InputOptions input;

    @Mixin
    ProgressOption progress;

    @Spec
    CommandSpec spec;

    /** An input as given: the file and its format. */
    private record Input(String name, Symbol symbol, Path file, Format format) {
        boolean textVector() {
            return symbol.tensor().order() == 1 && !InputFiles.baseName(file).endsWith(".mtx") && !TnsFiles.isTns(file);
        }
    }

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        if (outputFormat == ResultFormat.PARQUET) {
            throw new CommandLine.ParameterException(cl, "--output-format parquet is written by 'stag run --spark' only");
        }
        Map<String, String> inputArgs = Programs.assignments(inputs, "--input", cl);
        Map<String, String> paramArgs = Programs.assignments(params, "--param", cl);
        LoadOptions options = input.toLoadOptions();
        // Every file read: the program, and each --input's FILE (with or without its ':LEVELS' suffix).
        List<Path> read = new ArrayList<>(List.of(program));
        for (String v : inputArgs.values()) {
            read.add(Path.of(v));
            if (v.lastIndexOf(':') > 0) {
                read.add(Path.of(v.substring(0, v.lastIndexOf(':'))));
            }
        }
        Ranges.notAnInput(cl, "-o", output, read.toArray(Path[]::new));
        try {
            CheckedProgram p = ProgramFiles.check(program);
            return run(p, inputArgs, paramArgs, options);
        } catch (ProgramException e) {
            return Programs.report(e, cl.getErr());
        }
    }

    private int run(CheckedProgram p, Map<String, String> inputArgs, Map<String, String> paramArgs, LoadOptions options) {
        CommandLine cl = spec.commandLine();
        FunctionInfo main = p.main();
        for (Stmt s : main.decl().body()) {
            if (s instanceof Call || s instanceof StarCall) {
                throw new ProgramException(p.source(), s.pos(), "stag eval runs the definitions of Main in order;"
                        + " calls and star calls need a program runner, which stag does not have yet");
            }
        }
        if (main.outputs().size() != 1) {
            throw new BadInputException(p.source().name(), 0, "Main has " + main.outputs().size() + " outputs ("
                    + String.join(", ", main.outputs().stream().map(Symbol::name).toList())
                    + "); stag eval writes a single result");
        }
        Symbol result = main.outputs().get(0);
        List<Definition> definitions = Programs.definitions(main);
        Map<String, Object> given = Programs.parameters(p, paramArgs, cl);

        // Inputs: every one named must be an input tensor; every input tensor Main reads must be named.
        Map<String, Input> in = new LinkedHashMap<>();
        inputArgs.forEach((name, value) -> in.put(name, input(p, name, value, cl)));
        for (Map.Entry<String, Expr.Access> read : inputsRead(p, definitions).entrySet()) {
            if (!in.containsKey(read.getKey())) {
                Symbol s = p.globals().get(read.getKey());
                throw new CommandLine.ParameterException(cl, "missing --input " + s.name() + "=FILE: Main reads input "
                        + s.name() + " (" + s.tensor() + ") at " + p.source().name() + ":" + read.getValue().pos());
            }
        }

        // Load matrices and Matrix Market vectors first: a text vector's length may come from their shapes.
        Sizes sizes = new Sizes(given);
        Map<String, Object> bindings = new HashMap<>();
        List<Input> ordered = new ArrayList<>();
        in.values().stream().filter(i -> !i.textVector()).forEach(ordered::add);
        in.values().stream().filter(Input::textVector).forEach(ordered::add);
        for (Input i : ordered) {
            VarType.Tensor type = i.symbol().tensor();
            Tensor t;
            Progress shown = progress.start();
            try {
                if (TnsFiles.isTns(i.file())) {
                    int[] known = new int[type.order()];
                    for (int m = 0; m < known.length; m++) {
                        known[m] = sizes.known(type.sizes().get(m));
                    }
                    t = TnsFiles.read(i.file(), type, i.format(), known);
                } else if (type.order() == 2) {
                    t = TensorFiles.matrix(i.file(), type, i.format(), options);
                } else {
                    t = TensorFiles.vector(i.file(), type, i.format(), options, sizes.known(type.sizes().get(0)));
                }
            } finally {
                shown.clear();
            }
            sizes.bind(i, t.dimensions());
            bindings.put(i.name(), t);
        }

        // Parameters: --param, else an input's shape, else the default (which may use the parameters above it).
        Map<String, Object> values = new LinkedHashMap<>();
        Set<String> unset = new LinkedHashSet<>();
        for (Symbol s : p.parameters()) {
            Object v = given.get(s.name());
            if (v == null && sizes.known(s.name()) >= 0) {
                v = ParameterDefaults.of(sizes.known(s.name()), s.type().elem());
            }
            if (v == null && p.defaultValue(s.name()).isPresent()) {
                try {
                    v = ParameterDefaults.evaluate(p, s.name(), values);
                } catch (ParameterDefaults.Unbound e) {
                    v = null;
                } catch (ArithmeticException e) {
                    throw new BadInputException(p.source().name(), s.declared().line(), "the default of " + s.name()
                            + " divides by zero");
                }
            }
            if (v == null) {
                unset.add(s.name());
            } else {
                values.put(s.name(), v);
            }
        }
        bindings.putAll(values);

        Map<String, Format> formats = new HashMap<>();
        Programs.tensors(p, main).forEach((name, type) -> formats.put(name, Programs.declared(name, type)));
        in.values().forEach(i -> formats.put(i.name(), i.format()));

        DefinitionCompiler compiler = new DefinitionCompiler();
        for (Definition d : definitions) {
            Map<Expr.IfElse, Boolean> uniform = new IdentityHashMap<>();
            for (Expr.IfElse i : KernelSpec.uniformConditions(p, d)) {
                Boolean v = Programs.literalOrParameter(p, i.condition(), values);
                if (v == null) {
                    String c = Printer.print(i.condition());
                    String why = i.condition() instanceof Expr.Name n && unset.contains(n.name())
                            ? "parameter " + n.name() + " has no value; give --param " + n.name() + "=true or =false"
                            : "stag eval decides an ifelse condition that uses no index only when it is a literal or a"
                                    + " parameter, and '" + c + "' is neither; make it a parameter and pass --param";
                    throw new ProgramException(p.source(), Trees.start(i.condition()), why);
                }
                uniform.put(i, v);
            }
            CompiledDefinition kernel;
            try {
                kernel = compiler.compile(p, d, formats, uniform);
            } catch (UnsupportedOperationException e) {
                throw Programs.unsupported(p, d, formats, e);
            }
            requireBound(p, d, kernel, bindings, unset);
            bindings.put(d.target().name(), kernel.run(bindings, options.threads()));
        }

        Object value = bindings.get(result.name());
        write(result, value);
        return Exit.OK;
    }

    /** Parses {@code NAME=FILE[:LEVELS]}. */
    private static Input input(CheckedProgram p, String name, String value, CommandLine cl) {
        Symbol s = p.globals().get(name);
        if (s == null || s.kind() != Symbol.Kind.INPUT) {
            List<String> names = p.inputs().stream().map(Symbol::name).toList();
            throw new CommandLine.ParameterException(cl, "--input " + name + ": " + p.source().name()
                    + " has no input tensor " + name + (s != null ? " (it is a parameter; use --param)" : "")
                    + " (inputs: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
        }
        VarType.Tensor type = s.tensor();
        String file = value;
        String levels = null;
        int colon = value.lastIndexOf(':');
        if (colon > 0 && colon < value.length() - 1 && value.indexOf('/', colon) < 0) {
            file = value.substring(0, colon);
            levels = value.substring(colon + 1);
        }
        Format format = levels == null ? Programs.declared(name, type) : FormatOptions.levels(levels, "--input " + name);
        if (format.order() != type.order()) {
            throw new BadInputException("--input " + name + ": format " + format + " has " + format.order()
                    + " mode(s), but " + name + " is " + type + " with " + type.order());
        }
        if (type.order() > 2 && !TnsFiles.isTns(Path.of(file))) {
            throw new BadInputException("--input " + name + ": " + name + " is " + type + "; stag eval reads a tensor of"
                    + " order " + type.order() + " from a FROSTT .tns file, not " + file);
        }
        return new Input(name, s, Path.of(file), format);
    }

    /** The input tensors the definitions read, each with its first read. */
    private static Map<String, Expr.Access> inputsRead(CheckedProgram p, List<Definition> definitions) {
        Map<String, Expr.Access> out = new LinkedHashMap<>();
        for (Definition d : definitions) {
            for (var node : Trees.nodes(d)) {
                if (node instanceof Expr.Access a && a.tensor() instanceof Expr.Name n) {
                    p.symbolOf(n).filter(s -> s.kind() == Symbol.Kind.INPUT).ifPresent(s -> out.putIfAbsent(s.name(), a));
                }
            }
        }
        return out;
    }

    /** Fails with a clear message when the kernel needs a value nothing gave. */
    private static void requireBound(CheckedProgram p, Definition d, CompiledDefinition kernel, Map<String, Object> bindings,
                                     Set<String> unset) {
        List<String> needed = new ArrayList<>(kernel.plan().tensors());
        needed.addAll(kernel.spec().scalars().keySet());
        for (String name : needed) {
            if (!bindings.containsKey(name)) {
                String how = unset.contains(name) ? "give --param " + name + "=VALUE"
                        + (isSize(p, name) ? ", or an input whose declared shape has " + name : "")
                        : "nothing defines it";
                throw Programs.at(p, d, name + " has no value: " + how);
            }
        }
    }

    private static boolean isSize(CheckedProgram p, String name) {
        return p.inputs().stream().anyMatch(s -> s.tensor().sizes().contains(name));
    }

    private void write(Symbol result, Object value) {
        if (output == null) {
            EvalOutput.write(result, value, outputFormat, spec.commandLine().getOut());
            return;
        }
        OutputFiles.print(output, p -> EvalOutput.write(result, value, outputFormat, p));
    }

    /** Size parameters: set by --param or by the shape of the first input declared with them, checked against the rest. */
    private static final class Sizes {
        private final Map<String, Integer> value = new HashMap<>();
        private final Map<String, String> from = new HashMap<>();

        Sizes(Map<String, Object> given) {
            given.forEach((name, v) -> {
                if (v instanceof Integer n) {
                    value.put(name, n);
                    from.put(name, "--param " + name + "=" + n);
                }
            });
        }

        /** The value of a size (a parameter name or a number), or -1 when nothing set it yet. */
        int known(String size) {
            if (Character.isDigit(size.charAt(0))) {
                return Integer.parseInt(size);
            }
            Integer v = value.get(size);
            return v == null ? -1 : v;
        }

        void bind(Input i, int[] dims) {
            VarType.Tensor type = i.symbol().tensor();
            String shape = dims.length == 1 ? "a vector of " + dims[0] : dims.length == 2 ? "a " + dims[0] + " x " + dims[1]
                    + " matrix" : "a tensor of " + java.util.Arrays.stream(dims).mapToObj(Integer::toString)
                    .collect(java.util.stream.Collectors.joining(" x "));
            for (int m = 0; m < dims.length; m++) {
                String size = type.sizes().get(m);
                int expected = known(size);
                if (expected < 0) {
                    value.put(size, dims[m]);
                    from.put(size, i.name() + " (" + i.file() + ")");
                } else if (expected != dims[m]) {
                    String was = Character.isDigit(size.charAt(0)) ? "" : ", " + size + " = " + expected + " (from "
                            + from.get(size) + ")";
                    throw new BadInputException(i.file().toString(), 0, "shape mismatch: the file holds " + shape
                            + ", but " + i.name() + " is declared " + type + was);
                }
            }
        }
    }
}
