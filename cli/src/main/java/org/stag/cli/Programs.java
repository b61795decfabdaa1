package org.stag.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Node;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Trees;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import picocli.CommandLine;

/** What {@code stag compile} and {@code stag eval} share: reading programs, their errors, formats and parameters. */
final class Programs {
    private Programs() {
    }

    /**
     * Prints a program error as {@code stag: FILE:LINE:COLUMN: reason}, then the source line and a caret under
     * the column, and returns exit status 2.
     */
    static int report(ProgramException e, PrintWriter err) {
        err.println("stag: " + e.getMessage());
        err.println(e.snippet());
        err.flush();
        return Exit.BAD_INPUT;
    }

    /** An error located at a definition, shown like a checker error. */
    static ProgramException at(CheckedProgram p, Definition d, String reason) {
        return new ProgramException(p.source(), d.pos(), reason);
    }

    /** The compiler cannot handle a definition over these formats yet (e.g. no schema code for a dynamic level). */
    static ProgramException unsupported(CheckedProgram p, Definition d, Map<String, Format> formats,
                                        UnsupportedOperationException e) {
        Map<String, String> used = new LinkedHashMap<>();
        used.put(d.target().name(), null);
        for (Node n : Trees.nodes(d)) {
            if (n instanceof Expr.Access a && a.tensor() instanceof Expr.Name name) {
                used.put(name.name(), null);
            }
        }
        List<String> parts = new ArrayList<>();
        used.keySet().forEach(name -> {
            if (formats.containsKey(name)) {
                parts.add(name + "=" + formats.get(name));
            }
        });
        return at(p, d, "not supported yet for " + String.join(" ", parts) + ": " + Exit.oneLine(e.getMessage()));
    }

    /**
     * {@code NAME=VALUE} arguments of a repeatable option, by name in the order given. The value is everything
     * after the first '='.
     */
    static Map<String, String> assignments(List<String> items, String option, CommandLine cl) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0 || eq == item.length() - 1) {
                throw new CommandLine.ParameterException(cl, option + " '" + item + "': expected NAME=VALUE");
            }
            String name = item.substring(0, eq).strip();
            if (out.put(name, item.substring(eq + 1).strip()) != null) {
                throw new CommandLine.ParameterException(cl, option + " " + name + " is given twice");
            }
        }
        return out;
    }

    /** The format a tensor is declared with, e.g. {@code dense,compressed} for {@code double[N][compressed[N]]}. */
    static Format declared(String name, VarType.Tensor t) {
        Format f = FormatOptions.levels(String.join(",", t.levels()), "tensor " + name + " (" + t + ")");
        if (f.slots() > 0) {
            // A declared type has one level per mode; DIA and ELL store a matrix in three (a slot level on top).
            throw new BadInputException("tensor " + name + " (" + t + "): format " + f + " has a slot level, which a declared"
                    + " type cannot spell; give it with --input " + name + "=FILE:LEVELS (e.g. dense,range,offset)");
        }
        return f;
    }

    /** The tensors function {@code f} can see by name: the program's inputs, then f's inputs, outputs and locals. */
    static Map<String, VarType.Tensor> tensors(CheckedProgram p, FunctionInfo f) {
        Map<String, VarType.Tensor> out = new LinkedHashMap<>();
        for (Symbol s : p.inputs()) {
            out.put(s.name(), s.tensor());
        }
        for (Symbol s : f.variables().values()) {
            if (s.isTensor()) {
                out.put(s.name(), s.tensor());
            }
        }
        return out;
    }

    /** The definitions of a function's body, in order (declarations skipped). */
    static List<Definition> definitions(FunctionInfo f) {
        List<Definition> out = new ArrayList<>();
        f.decl().body().forEach(s -> {
            if (s instanceof Definition d) {
                out.add(d);
            }
        });
        return out;
    }

    /**
     * The {@code --param} values, parsed to their parameter's type (Boolean, Integer, Long, Float or Double).
     * An unknown name or a value of the wrong type is a usage error.
     */
    static Map<String, Object> parameters(CheckedProgram p, Map<String, String> given, CommandLine cl) {
        Map<String, Object> out = new LinkedHashMap<>();
        given.forEach((name, text) -> {
            Symbol s = p.globals().get(name);
            if (s == null || s.kind() != Symbol.Kind.PARAMETER) {
                List<String> names = p.parameters().stream().map(Symbol::name).toList();
                throw new CommandLine.ParameterException(cl, "--param " + name + ": " + p.source().name()
                        + " has no parameter " + name + (s != null ? " (it is an input tensor; use --input)" : "")
                        + " (parameters: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
            }
            Object v = parseValue(s.type().elem(), text);
            if (v == null) {
                throw new CommandLine.ParameterException(cl, "--param " + name + "=" + text + ": " + name + " is "
                        + s.type().elem() + " and '" + text + "' is not " + article(s.type().elem()));
            }
            out.put(name, v);
        });
        return out;
    }

    private static String article(ScalarType t) {
        return (t == ScalarType.INT ? "an " : "a ") + t;
    }

    /** {@code text} as a value of type {@code t}, or null when it is not one. Decimals accept {@code inf}. */
    static Object parseValue(ScalarType t, String text) {
        String s = text.strip();
        try {
            return switch (t) {
                case BOOL -> s.equals("true") ? Boolean.TRUE : s.equals("false") ? Boolean.FALSE : null;
                case INT -> Integer.valueOf(s);
                case LONG -> Long.valueOf(s.endsWith("L") ? s.substring(0, s.length() - 1) : s);
                case FLOAT -> (float) parseReal(s);
                case DOUBLE -> parseReal(s);
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static double parseReal(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        if (l.equals("inf") || l.equals("+inf")) {
            return Double.POSITIVE_INFINITY;
        }
        if (l.equals("-inf")) {
            return Double.NEGATIVE_INFINITY;
        }
        if (l.contains("n") || l.endsWith("d") || l.endsWith("f") || l.startsWith("0x")) {
            throw new NumberFormatException(s); // NaN, Infinity spelled out, Java suffixes, hex
        }
        return Double.parseDouble(s);
    }

    /** The uniform conditions of {@code d} and their values where {@code decide} knows them; {@code free} gets the rest. */
    static Map<Expr.IfElse, Boolean> decided(List<Expr.IfElse> conditions, java.util.function.Function<Expr, Boolean> decide,
                                             List<Expr.IfElse> free) {
        Map<Expr.IfElse, Boolean> out = new IdentityHashMap<>();
        for (Expr.IfElse i : conditions) {
            Boolean v = decide.apply(i.condition());
            if (v == null) {
                free.add(i);
            } else {
                out.put(i, v);
            }
        }
        return out;
    }

    /**
     * The value of a uniform condition that is a literal or a parameter with a value in {@code values}; null
     * otherwise.
     */
    static Boolean literalOrParameter(CheckedProgram p, Expr condition, Map<String, Object> values) {
        if (condition instanceof Expr.BoolLiteral b) {
            return b.value();
        }
        if (condition instanceof Expr.Name n) {
            Symbol s = p.symbolOf(n).orElse(null);
            if (s != null && s.kind() == Symbol.Kind.PARAMETER && values.get(s.name()) instanceof Boolean b) {
                return b;
            }
        }
        return null;
    }

    /** {@code {pull=true, dense=false}}, the values a kernel was compiled for; empty when none. */
    static String describe(Map<Expr.IfElse, Boolean> uniform, List<Expr.IfElse> order) {
        if (order.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Expr.IfElse i : order) {
            parts.add(Printer.print(i.condition()) + "=" + uniform.get(i));
        }
        return " {" + String.join(", ", parts) + "}";
    }
}
