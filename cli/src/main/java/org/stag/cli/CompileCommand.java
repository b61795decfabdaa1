package org.stag.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Constant;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.VarType;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.compile.CompiledDefinition;
import org.stag.engine.compile.DefinitionCompiler;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ProgramException;
import org.stag.engine.jit.GeneratedSource;
import org.stag.engine.jit.SourceEmitter;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code stag compile PROGRAM}: compiles every definition of a program to Java and shows or writes the kernels. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Compile every definition of a program to a Java kernel.",
            "Each kernel is specialised to the formats of its tensors: as declared, or as",
            "--format says. A definition whose ifelse conditions use no index gets one",
            "kernel per combination of their values, except for conditions that are",
            "literals or parameters set with --param. --constant compiles for a tensor",
            "whose entries all hold one value (a pattern), read as a literal.",
            "Prints one line per kernel, tab-separated: function, definition (with the",
            "condition values), loop order, class name, compile time. --emit-java writes",
            "the classes under DIR; without it, each kernel's Java follows its line",
            "(then a '// ' comment) on stdout."})
final class CompileCommand implements Callable<Integer> {
    /** Kernels one definition may expand to through its uniform conditions. */
    static final int MAX_VARIANTS = 64;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "A .stag program.")
    Path program;

    @Option(names = "--format", paramLabel = "NAME=LEVELS",
            description = "Compile for tensor NAME held in format LEVELS (for example A=dense,ctree) instead of its declared"
                    + " format, wherever a tensor of that name appears (repeatable).")
    List<String> formats = new ArrayList<>();

    @Option(names = "--constant", paramLabel = "NAME=VALUE",
            description = "Compile for tensor NAME whose stored entries all hold VALUE (a pattern: A=true), read as a"
                    + " literal instead of from an array (repeatable).")
    List<String> constants = new ArrayList<>();

    @Option(names = "--emit-java", paramLabel = "DIR", description = "Write each kernel's Java under DIR (DIR/org/stag/gen/...).")
    Path emitJava;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "Set a parameter; an ifelse condition that is this parameter is then compiled for its value only.")
    List<String> params = new ArrayList<>();

    @picocli.CommandLine.Mixin
    KernelCacheOptions kernelCache;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        kernelCache.apply();
        Map<String, String> formatArgs = Programs.assignments(formats, "--format", cl);
        Map<String, String> paramArgs = Programs.assignments(params, "--param", cl);
        Map<String, String> constantArgs = Programs.assignments(constants, "--constant", cl);
        Map<String, Format> overrides = new LinkedHashMap<>();
        formatArgs.forEach((name, levels) -> overrides.put(name, Programs.format(levels, "--format " + name)));
        try {
            CheckedProgram p = Programs.check(program);
            return compile(p, overrides, constantArgs, Programs.parameters(p, paramArgs, cl));
        } catch (ProgramException e) {
            return Programs.report(e, cl.getErr());
        }
    }

    private int compile(CheckedProgram p, Map<String, Format> overrides, Map<String, String> constantArgs,
                        Map<String, Object> given) {
        PrintWriter out = spec.commandLine().getOut();
        checkOverrides(p, overrides);
        checkConstants(p, constantArgs);
        DefinitionCompiler compiler = new DefinitionCompiler();
        SourceEmitter emitter = emitJava == null ? null : new SourceEmitter(emitJava);
        for (FunctionInfo f : p.functions().values()) {
            Map<String, Format> formatOf = new HashMap<>();
            Map<String, ValueRead> reads = new HashMap<>();
            Programs.tensors(p, f).forEach((name, type) -> {
                Format format = overrides.containsKey(name) ? overrides.get(name) : Programs.declared(name, type);
                formatOf.put(name, format);
                if (constantArgs.containsKey(name)) {
                    reads.put(name, constantRead(type, format, constantArgs.get(name)));
                }
            });
            for (Definition d : Programs.definitions(f)) {
                List<Expr.IfElse> conditions = KernelSpec.uniformConditions(p, d);
                List<Expr.IfElse> free = new ArrayList<>();
                Map<Expr.IfElse, Boolean> fixed = Programs.decided(conditions,
                        c -> Programs.literalOrParameter(p, c, given), free);
                if (free.size() > 31 || 1L << free.size() > MAX_VARIANTS) {
                    throw Programs.at(p, d, free.size() + " ifelse conditions without an index would need "
                            + "2^" + free.size() + " kernels; set some of them with --param");
                }
                for (long bits = 0; bits < 1L << free.size(); bits++) {
                    Map<Expr.IfElse, Boolean> uniform = new IdentityHashMap<>(fixed);
                    for (int k = 0; k < free.size(); k++) {
                        uniform.put(free.get(k), (bits >> (free.size() - 1 - k) & 1) == 0);
                    }
                    CompiledDefinition kernel;
                    try {
                        kernel = compiler.compile(p, d, formatOf, reads, uniform);
                    } catch (UnsupportedOperationException e) {
                        throw Programs.unsupported(p, d, formatOf, e);
                    }
                    GeneratedSource source = kernel.plan().source();
                    List<String> order = kernel.plan().loopOrder();
                    String line = f.name() + "\t" + Printer.statement(d).trim() + Programs.describe(uniform, conditions)
                            + "\tloop " + (order.isEmpty() ? "-" : String.join(",", order)) + "\t" + source.qualifiedName()
                            + "\t" + String.format(Locale.ROOT, "%.1f ms", kernel.compileNanos() / 1e6);
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
            }
        }
        return Stag.OK;
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
        boolean dynamicLast = format.level(format.order() - 1).dynamicFormat().isPresent();
        return new ValueRead(ValueRead.Kind.CONSTANT, dynamicLast ? ValueMode.NONE : ValueMode.POSITION, c);
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
            throw new BadInputException(Stag.oneLine(e.getMessage()));
        }
    }
}
