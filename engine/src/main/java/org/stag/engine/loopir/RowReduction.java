package org.stag.engine.loopir;

import java.util.IdentityHashMap;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;

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

    /** Declares the matrix's row pointers, coordinates and values (an array, or a constant) as {@code prefix_*}. */
    static void unpack(Block run, String prefix, KernelSpec.Access a, int slot) {
        ScalarType e = a.tensor().elem();
        String jt = JavaTypes.of(e);
        run.let("org.stag.formats.tensor.Tensor", prefix + "_t", "f.tensors[" + slot + "]");
        run.let("org.stag.formats.level.CompressedLevel", prefix + "_l", "(org.stag.formats.level.CompressedLevel) " + prefix + "_t.level(1)");
        run.let("int[]", prefix + "_pos", prefix + "_l.pos()");
        run.let("int[]", prefix + "_crd", prefix + "_l.crd()");
        run.let("org.stag.formats.tensor.Values", prefix + "_v", prefix + "_t.values()");
        run.let("boolean", prefix + "_const", prefix + "_v.isConstant()");
        run.let(jt + "[]", prefix + "_vals", prefix + "_const ? null : ((" + JavaTypes.valuesClass(e) + ") " + prefix + "_v).array()");
        String c = "((org.stag.formats.tensor.ConstantValues) " + prefix + "_v)";
        String value = switch (e) {
            case BOOL -> c + ".valueAsBoolean()";
            case INT -> "(int) " + c + ".valueAsLong()";
            case LONG -> c + ".valueAsLong()";
            case FLOAT -> "(float) " + c + ".valueAsDouble()";
            case DOUBLE -> c + ".valueAsDouble()";
        };
        run.let(jt, prefix + "_c", prefix + "_const ? " + value + " : " + (e == ScalarType.BOOL ? "false" : "(" + jt + ") 0"));
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
        loop.var(JavaTypes.of(at), acc, new ExprEmitter(s, new AccessState[0]).emit(g.init(), at));
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
        loop.let(JavaTypes.of(tt), result, JavaTypes.convert(acc, at, tt));
        return result;
    }

    /** The loop over row {@code i_L}'s stored entries, reading the matrix's value as {@code value}. */
    private static void row(Block out, CheckedProgram p, KernelSpec s, int k, AccessState[] st,
                            Map<Expr.Access, String> locals, Expr.Access matrix, String value, String label) {
        KernelSpec.Group g = s.groups().get(0);
        String m = "d" + k + "m";
        Map<Expr.Access, String> overrides = new IdentityHashMap<>(locals);
        Map<Expr.Access, org.stag.engine.ops.Constant> known = new IdentityHashMap<>();
        if (value.equals("true") || value.equals("false")) {
            known.put(matrix, org.stag.engine.ops.Constant.ofBool(value.equals("true")));
        } else {
            overrides.put(matrix, value);
        }
        ScalarType at = g.type();
        // The bound in a local: a loop whose limit is re-read from memory is not a counted loop to the JIT (no
        // unrolling, no range-check elimination).
        String q = "q" + k;
        Block row = out.forLoop(label, "int " + q + " = " + m + "_pos[i_L], " + q + "_end = " + m + "_pos[i_L + 1]",
                q + " < " + q + "_end", q + "++");
        row.let("int", "i_" + g.vars().get(0), m + "_crd[q" + k + "]");
        ExprEmitter ex = new ExprEmitter(s, st, "d" + k + "a", overrides).withConstants(known);
        row.let(JavaTypes.of(at), "y" + k, ex.emit(s.definition().value(), at));
        ResultWriter.combine(row, p, g.op(), "r" + k, "y" + k, at, label);
    }
}
