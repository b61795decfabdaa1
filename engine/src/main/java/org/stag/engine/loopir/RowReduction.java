package org.stag.engine.codegen;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ir.Block;
import org.stag.engine.ops.Operator;
import org.stag.formats.tensor.Format;

/**
 * A row reduction as a member of a fused pass: {@code t[i] = M[i][j] * f(v[j], w[i], ...) | j:(op, init)} with
 * {@code M} in {@code dense,compressed} (rows outermost), computed per coordinate {@code i} of the shared loop by
 * an inner loop over row {@code i}'s stored entries, so that element-wise definitions after it in the group read
 * {@code t[i]} from a local as soon as it is finished (PageRank's {@code next[i] = f(incoming[i])} in the
 * SpMV's loop). M's values may be an array or a constant (a pattern graph): the kernel reads either, decided once
 * per run.
 */
final class RowReduction {
    private RowReduction() {
    }

    /** Whether {@code d} has the shape of a row reduction: a vector target and one reduction. */
    static boolean is(CheckedProgram p, Definition d) {
        return p.definition(d).target().isTensor() && d.target().indices().size() == 1 && d.reductions().size() == 1
                && p.definition(d).extents().size() == 2;
    }

    /**
     * Why {@code d} cannot run as a row reduction of a fused pass, or null: its target must be a dense vector,
     * its operator commutative with an index-free initial value, its value must read one matrix
     * {@code M[i][j]} in {@code dense,compressed} and otherwise dense vectors at {@code j} (not defined in the
     * group) or at {@code i}, and scalars not computed in the group.
     */
    static String whyNot(CheckedProgram p, Definition d, Map<String, Format> formats, Set<String> targets,
                         Set<String> scalarTargets) {
        String name = d.target().name();
        if (!FusedGenerator.allDense(formats.get(name))) {
            return name + " is not a dense vector";
        }
        if (!p.operator(d.reductions().get(0).op()).commutative() || !KernelSpec.indexFree(p, d.reductions().get(0).init())) {
            return name + " is not reduced by a commutative operator from an index-free value";
        }
        String i = d.target().indices().get(0).name();
        String j = d.reductions().get(0).index().name();
        List<Expr.Access> reads = new ArrayList<>();
        List<Expr.Name> names = new ArrayList<>();
        collect(d.value(), reads, names);
        int matrices = 0;
        for (Expr.Access a : reads) {
            String t = ((Expr.Name) a.tensor()).name();
            if (a.indices().size() == 2) {
                Format f = formats.get(t);
                boolean rows = f != null && f.levels().size() == 2 && f.levels().get(0).name().equals("dense")
                        && f.levels().get(1).toString().equals("compressed") && f.modeOfLevel(0) == 0
                        && isVar(p, a.indices().get(0), i) && isVar(p, a.indices().get(1), j) && !targets.contains(t);
                if (!rows) {
                    return "the read " + t + " is not a dense,compressed matrix read by rows at [" + i + "][" + j + "]";
                }
                matrices++;
            } else if (a.indices().size() != 1 || !(isVar(p, a.indices().get(0), j) && FusedGenerator.allDense(formats.get(t)) && !targets.contains(t)
                    || isVar(p, a.indices().get(0), i) && (targets.contains(t) || FusedGenerator.allDense(formats.get(t))))) {
                return "the read " + t + " is not a dense vector at " + i + " or " + j;
            }
        }
        for (Expr.Name n : names) {
            if (scalarTargets.contains(n.name())) {
                return n.name() + " is computed in the same pass";
            }
        }
        if (matrices != 1) {
            return name + " reads " + matrices + " matrices";
        }
        return skipsAbsent(p, d, formats) ? null : name + " is changed by the entries its matrix does not store";
    }

    /**
     * Whether an entry the matrix does not store leaves the accumulator as it is (its contribution is the
     * operator's identity, or lies on the initial value's far side of a semilattice), so visiting only the
     * stored entries of a row is exact; the same test the kernel generator's merge makes.
     */
    private static boolean skipsAbsent(CheckedProgram p, Definition d, Map<String, Format> formats) {
        KernelSpec spec = new KernelSpec(p, d, formats, Map.of());
        Set<Integer> absent = new java.util.HashSet<>();
        for (KernelSpec.Access a : spec.accesses()) {
            if (a.levels() == 2) {
                absent.add(a.id());
            }
        }
        KernelSpec.Group g = spec.groups().get(0);
        Symbolic sym = new Symbolic(spec, absent);
        Sym s = Sym.convert(sym.eval(d.value()), g.type());
        if (s.sameAs(Sym.identity(g.op(), g.type()))) {
            return true;
        }
        Operator op = g.op();
        Sym init = Sym.convert(sym.eval(g.init()), g.type());
        return s.known() && init.known() && op.idempotent() && op.commutative() && op.associative()
                && Symbolic.apply(op, init, s, g.type()).sameAs(init);
    }

    private static boolean isVar(CheckedProgram p, Expr e, String v) {
        return e instanceof Expr.Name n && n.name().equals(v) && p.symbolOf(n).isEmpty();
    }

    private static void collect(Expr e, List<Expr.Access> reads, List<Expr.Name> names) {
        if (e instanceof Expr.Access a) {
            reads.add(a);
            return;
        }
        if (e instanceof Expr.Name n) {
            names.add(n);
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand(), reads, names);
        } else if (e instanceof Expr.Binary b) {
            collect(b.left(), reads, names);
            collect(b.right(), reads, names);
        } else if (e instanceof Expr.IfElse x) {
            collect(x.condition(), reads, names);
            collect(x.then(), reads, names);
            collect(x.otherwise(), reads, names);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(a -> collect(a, reads, names));
        } else if (e instanceof Expr.Convert c) {
            collect(c.value(), reads, names);
        }
    }

    /** Declares the matrix's row pointers, coordinates and values (an array, or a constant) as {@code prefix_*}. */
    static void unpack(Block run, String prefix, KernelSpec.Access a, int slot) {
        ScalarType e = a.tensor().elem();
        String jt = JavaTypes.of(e);
        run.line("final org.stag.formats.tensor.Tensor " + prefix + "_t = f.tensors[" + slot + "]");
        run.line("final org.stag.formats.level.CompressedLevel " + prefix + "_l = (org.stag.formats.level.CompressedLevel) "
                + prefix + "_t.level(1)");
        run.line("final int[] " + prefix + "_pos = " + prefix + "_l.pos()");
        run.line("final int[] " + prefix + "_crd = " + prefix + "_l.crd()");
        run.line("final org.stag.formats.tensor.Values " + prefix + "_v = " + prefix + "_t.values()");
        run.line("final boolean " + prefix + "_const = " + prefix + "_v.isConstant()");
        run.line("final " + jt + "[] " + prefix + "_vals = " + prefix + "_const ? null : ((" + JavaTypes.valuesClass(e) + ") "
                + prefix + "_v).array()");
        String c = "((org.stag.formats.tensor.ConstantValues) " + prefix + "_v)";
        String value = switch (e) {
            case BOOL -> c + ".valueAsBoolean()";
            case INT -> "(int) " + c + ".valueAsLong()";
            case LONG -> c + ".valueAsLong()";
            case FLOAT -> "(float) " + c + ".valueAsDouble()";
            case DOUBLE -> c + ".valueAsDouble()";
        };
        run.line("final " + jt + " " + prefix + "_c = " + prefix + "_const ? " + value + " : "
                + (e == ScalarType.BOOL ? "false" : "(" + jt + ") 0"));
    }

    /**
     * Emits the inner loop of member {@code k} into {@code loop} (the shared loop's body, at {@code i_L}) and
     * returns the local that holds the finished {@code t[i]}.
     */
    static String emit(Block loop, CheckedProgram p, KernelSpec s, int k, AccessState[] st,
                       Map<Expr.Access, String> locals, String result) {
        KernelSpec.Group g = s.groups().get(0);
        String j = g.vars().get(0);
        String m = "d" + k + "m";
        Expr.Access matrix = null;
        for (KernelSpec.Access a : s.accesses()) {
            if (a.levels() == 2) {
                matrix = a.node();
            } else if (j.equals(a.levelVar().get(0))) {
                st[a.id()].pos = "i_" + j;
            }
        }
        ScalarType at = g.type();
        String acc = "r" + k;
        loop.line(JavaTypes.of(at) + " " + acc + " = " + new ExprEmitter(s, new AccessState[0]).emit(g.init(), at));
        // One row loop per kind of values, chosen once per row: a constant (a pattern) reads no values array, and
        // a bool pattern's true or false is folded into the code (A[i][j] * x[j] adds x[j]).
        if (s.operands().get(((Expr.Name) matrix.tensor()).name()).elem() == ScalarType.BOOL) {
            row(loop.ifThen(m + "_const && " + m + "_c"), p, s, k, st, locals, matrix, "true", "R" + k + "t");
            row(loop.ifThen(m + "_const && !" + m + "_c"), p, s, k, st, locals, matrix, "false", "R" + k + "f");
        } else {
            row(loop.ifThen(m + "_const"), p, s, k, st, locals, matrix, m + "_c", "R" + k + "c");
        }
        row(loop.ifThen("!" + m + "_const"), p, s, k, st, locals, matrix, m + "_vals[q" + k + "]", "R" + k + "a");
        ScalarType tt = s.targetType();
        loop.line("final " + JavaTypes.of(tt) + " " + result + " = " + JavaTypes.convert(acc, at, tt));
        return result;
    }

    /** The loop over row {@code i_L}'s stored entries, reading the matrix's value as {@code value}. */
    private static void row(Block out, CheckedProgram p, KernelSpec s, int k, AccessState[] st,
                            Map<Expr.Access, String> locals, Expr.Access matrix, String value, String label) {
        KernelSpec.Group g = s.groups().get(0);
        String m = "d" + k + "m";
        Map<Expr.Access, String> overrides = new IdentityHashMap<>(locals);
        Map<Expr.Access, org.stag.engine.check.Constant> known = new IdentityHashMap<>();
        if (value.equals("true") || value.equals("false")) {
            known.put(matrix, org.stag.engine.check.Constant.ofBool(value.equals("true")));
        } else {
            overrides.put(matrix, value);
        }
        ScalarType at = g.type();
        // The bound in a local: a loop whose limit is re-read from memory is not a counted loop to the JIT (no
        // unrolling, no range-check elimination).
        String q = "q" + k;
        Block row = out.forLoop(label, "int " + q + " = " + m + "_pos[i_L], " + q + "_end = " + m + "_pos[i_L + 1]",
                q + " < " + q + "_end", q + "++");
        row.line("final int i_" + g.vars().get(0) + " = " + m + "_crd[q" + k + "]");
        ExprEmitter ex = new ExprEmitter(s, st, "d" + k + "a", overrides).withConstants(known);
        row.line("final " + JavaTypes.of(at) + " y" + k + " = " + ex.emit(s.definition().value(), at));
        KernelGenerator.combine(row, p, g.op(), "r" + k, "y" + k, at, label);
    }
}
