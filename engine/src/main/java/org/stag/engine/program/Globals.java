package org.stag.engine.program;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.ops.Constant;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.VarDecl;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * Binds a program's globals for a run: every parameter from its {@code --param} text (parsed per its
 * type), else its default (evaluated in declaration order, so it may use the parameters above it), else,
 * for a size of an input tensor, that input's dimension; and every input tensor, checked against its
 * declaration (element type, fill value, number of dimensions, and each dimension against its size).
 */
final class Globals {
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private Globals() {
    }

    /** The globals' activation, bound from {@code options}. */
    static Env bind(CheckedProgram p, Layout layout, RunOptions options, Exec ex) {
        checkNames(p, options, ex);
        Env env = layout.newEnv(null);
        ScalarEval eval = new ScalarEval(p, layout, null);
        for (VarDecl g : p.program().globals()) {
            Layout.Var v = layout.local(g.name());
            Symbol s = v.symbol();
            if (s.isTensor()) {
                Tensor t = options.inputs().get(g.name());
                if (t == null) {
                    throw ex.error(g.pos(), "input tensor '" + g.name() + "' (" + s.type() + ") is not bound");
                }
                checkKind(g, s.tensor(), t, ex);
                env.set(v.slot(), t, null);
                continue;
            }
            String text = options.params().get(g.name());
            ScalarType type = s.type().elem();
            if (text != null) {
                store(env, v, text, g, ex);
            } else if (g.init().isPresent()) {
                try {
                    ScalarNode n = eval.compile(g.init().get(), type);
                    if (Scalars.inLong(type)) {
                        env.ints[v.slot()] = n.l(env, null);
                    } else {
                        env.reals[v.slot()] = n.d(env, null);
                    }
                } catch (ArithmeticException e) {
                    throw ex.error(g.pos(), "the default of parameter '" + g.name() + "' fails: " + e.getMessage(), e);
                }
            } else {
                Integer dim = inferred(p, g.name(), options.inputs());
                if (dim == null) {
                    throw ex.error(g.pos(), "parameter '" + g.name() + "' (" + type + ") has no value: give it with"
                            + " --param " + g.name() + "=VALUE");
                }
                env.ints[v.slot()] = dim;
            }
        }
        for (Symbol s : p.inputs()) {
            checkShape(p, layout, env, s, ex);
        }
        return env;
    }

    private static void checkNames(CheckedProgram p, RunOptions options, Exec ex) {
        List<String> params = new ArrayList<>();
        p.parameters().forEach(s -> params.add(s.name()));
        List<String> inputs = new ArrayList<>();
        p.inputs().forEach(s -> inputs.add(s.name()));
        for (String name : options.params().keySet()) {
            if (!params.contains(name)) {
                String why = inputs.contains(name) ? "'" + name + "' is an input tensor, not a parameter"
                        : "unknown parameter '" + name + "'";
                throw ex.error(null, why + "; the program's parameters are "
                        + (params.isEmpty() ? "none" : String.join(", ", params)));
            }
        }
        for (String name : options.inputs().keySet()) {
            if (!inputs.contains(name)) {
                String why = params.contains(name) ? "'" + name + "' is a parameter, not an input tensor"
                        : "unknown input tensor '" + name + "'";
                throw ex.error(null, why + "; the program's input tensors are "
                        + (inputs.isEmpty() ? "none" : String.join(", ", inputs)));
            }
        }
    }

    /** Parses {@code text} as a value of the parameter's type into its slot. */
    private static void store(Env env, Layout.Var v, String text, VarDecl g, Exec ex) {
        String t = text.trim();
        ScalarType type = v.type();
        String bad = "parameter '" + g.name() + "' is " + article(type) + " " + type + "; cannot read '" + text
                + "' (--param " + g.name() + "=" + text + ")";
        switch (type) {
            case BOOL -> {
                String l = t.toLowerCase(Locale.ROOT);
                if (!l.equals("true") && !l.equals("false")) {
                    throw ex.error(g.pos(), bad + ": write true or false");
                }
                env.ints[v.slot()] = l.equals("true") ? 1 : 0;
            }
            case INT, LONG -> {
                if (!INTEGER.matcher(t).matches()) {
                    throw ex.error(g.pos(), bad + ": not a whole number");
                }
                try {
                    env.ints[v.slot()] = type == ScalarType.INT ? Integer.parseInt(t) : Long.parseLong(t);
                } catch (NumberFormatException e) {
                    throw ex.error(g.pos(), bad + ": out of range for " + type, e);
                }
            }
            case FLOAT, DOUBLE -> {
                String l = t.toLowerCase(Locale.ROOT);
                double d;
                if (l.equals("inf") || l.equals("+inf")) {
                    d = Double.POSITIVE_INFINITY;
                } else if (l.equals("-inf")) {
                    d = Double.NEGATIVE_INFINITY;
                } else if (DECIMAL.matcher(t).matches()) {
                    d = Double.parseDouble(t);
                } else {
                    throw ex.error(g.pos(), bad + ": not a number");
                }
                env.reals[v.slot()] = Scalars.realToReal(d, type);
            }
        }
    }

    private static String article(ScalarType t) {
        return t == ScalarType.INT ? "an" : "a";
    }

    /** The dimension of an input that has {@code size} as a size, or null. */
    private static Integer inferred(CheckedProgram p, String size, Map<String, Tensor> inputs) {
        for (Symbol s : p.inputs()) {
            List<String> sizes = s.tensor().sizes();
            Tensor t = inputs.get(s.name());
            for (int m = 0; m < sizes.size(); m++) {
                if (sizes.get(m).equals(size) && t != null && t.order() == sizes.size()) {
                    return t.dimension(m);
                }
            }
        }
        return null;
    }

    /**
     * Binds input {@code name} of a prepared run to {@code t} in place of what it held: checked as at
     * construction (element type, fill value, order, and each dimension against its size, which stays as
     * bound); on a refusal the old tensor stays.
     */
    static void rebind(CheckedProgram p, Layout layout, Env env, String name, Tensor t, Exec ex) {
        rebind(p, layout, env, name, t, false, ex);
    }

    /**
     * As {@link #rebind(CheckedProgram, Layout, Env, String, Tensor, Exec)}; when {@code given}, a dense
     * {@code t} whose values array the runtime could have allocated for the input's type is bound with a
     * {@link Buffer} of that type's pool, so kernels may update it in place and the run recycles it after its
     * last use (a tensor in another form stays borrowed). Returns the input's slot.
     */
    static int rebind(CheckedProgram p, Layout layout, Env env, String name, Tensor t, boolean given, Exec ex) {
        Symbol s = p.inputs().stream().filter(in -> in.name().equals(name)).findFirst().orElse(null);
        if (s == null) {
            List<String> inputs = new ArrayList<>();
            p.inputs().forEach(in -> inputs.add(in.name()));
            throw ex.error(null, "unknown input tensor '" + name + "'; the program's input tensors are "
                    + (inputs.isEmpty() ? "none" : String.join(", ", inputs)));
        }
        VarDecl g = p.program().globals().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
        checkKind(g, s.tensor(), t, ex);
        int slot = layout.local(name).slot();
        Tensor old = env.tensors[slot];
        Buffer oldOwner = env.owners[slot];
        env.tensors[slot] = t;
        env.owners[slot] = null;
        try {
            checkShape(p, layout, env, s, ex);
        } catch (ProgramRunException e) {
            env.tensors[slot] = old;
            env.owners[slot] = oldOwner;
            throw e;
        }
        // The tensor bound before is the caller's again: never recycled.
        env.tensors[slot] = null;
        env.set(slot, t, given && ownable(s.tensor(), t) ? new Buffer(t, ex.pool(s.tensor())) : null);
        return slot;
    }

    /** Whether {@code t} has the form of a dense result of {@code type}: every level dense, a plain values array. */
    private static boolean ownable(VarType.Tensor type, Tensor t) {
        if (t.valuesInLastLevel() || !type.levels().stream().allMatch("dense"::equals)) {
            return false;
        }
        long size = 1;
        for (int m = 0; m < t.order(); m++) {
            if (!(t.level(m) instanceof org.stag.formats.level.DenseLevel)) {
                return false;
            }
            size *= t.dimension(m);
        }
        Values v = t.values();
        int length = switch (type.elem()) {
            case BOOL -> v instanceof org.stag.formats.tensor.BoolValues b ? b.array().length : -1;
            case INT -> v instanceof org.stag.formats.tensor.IntValues b ? b.array().length : -1;
            case LONG -> v instanceof org.stag.formats.tensor.LongValues b ? b.array().length : -1;
            case FLOAT -> v instanceof org.stag.formats.tensor.FloatValues b ? b.array().length : -1;
            case DOUBLE -> v instanceof org.stag.formats.tensor.DoubleValues b ? b.array().length : -1;
        };
        return length == size;
    }

    /** Element type, fill value and order of an input, before the sizes are known. */
    private static void checkKind(VarDecl g, VarType.Tensor type, Tensor t, Exec ex) {
        String name = "input tensor '" + g.name() + "'";
        if (!t.valueType().name().equals(type.elem().name())) {
            throw ex.error(g.pos(), name + " holds " + t.valueType().name().toLowerCase(Locale.ROOT)
                    + " values but is declared " + type);
        }
        if (t.order() != type.order()) {
            throw ex.error(g.pos(), name + " has " + t.order() + " dimensions but is declared " + type + " ("
                    + type.order() + ")");
        }
        Constant fill = type.fill();
        Values v = t.values();
        boolean same = switch (type.elem()) {
            case BOOL -> v.fillAsBoolean() == fill.bool();
            case INT, LONG -> v.fillAsLong() == fill.integer();
            case FLOAT, DOUBLE -> Double.compare(v.fillAsDouble(), fill.real()) == 0;
        };
        if (!same) {
            throw ex.error(g.pos(), name + " has fill value " + v.fillString() + " but is declared " + type
                    + " (fill " + fill + ")");
        }
    }

    /** Every dimension of an input against the value of its size. */
    private static void checkShape(CheckedProgram p, Layout layout, Env env, Symbol s, Exec ex) {
        Tensor t = env.tensors[layout.local(s.name()).slot()];
        List<String> sizes = s.tensor().sizes();
        int[] want = new int[sizes.size()];
        for (int m = 0; m < want.length; m++) {
            String size = sizes.get(m);
            long n = Character.isDigit(size.charAt(0)) ? Long.parseLong(size) : env.ints[layout.local(size).slot()];
            if (n < 0) {
                throw ex.error(p.program().globals().stream().filter(g -> g.name().equals(size)).findFirst()
                        .orElseThrow().pos(), "parameter '" + size + "' is " + n + ", but it is a size (of '"
                        + s.name() + "') and cannot be negative");
            }
            want[m] = (int) n;
        }
        for (int m = 0; m < want.length; m++) {
            if (t.dimension(m) != want[m]) {
                StringBuilder is = new StringBuilder();
                StringBuilder should = new StringBuilder();
                for (int k = 0; k < want.length; k++) {
                    is.append(k == 0 ? "" : " x ").append(t.dimension(k));
                    should.append(k == 0 ? "" : " x ").append(want[k]);
                }
                StringBuilder vals = new StringBuilder();
                for (String size : sizes) {
                    if (!Character.isDigit(size.charAt(0)) && vals.indexOf(size + " = ") < 0) {
                        vals.append(vals.length() == 0 ? " with " : ", ").append(size).append(" = ")
                                .append(env.ints[layout.local(size).slot()]);
                    }
                }
                VarDecl decl = p.program().globals().stream().filter(g -> g.name().equals(s.name())).findFirst()
                        .orElseThrow();
                throw ex.error(decl.pos(), "input tensor '" + s.name() + "' is " + is + " but is declared " + s.type()
                        + ", which is " + should + vals);
            }
        }
    }

    /** The value of a parameter as a boxed value of its type (for callers that report them). */
    static Object value(Env env, Layout.Var v) {
        return Scalars.inLong(v.type()) ? Scalars.boxLong(env.ints[v.slot()], v.type())
                : Scalars.boxReal(env.reals[v.slot()], v.type());
    }
}
