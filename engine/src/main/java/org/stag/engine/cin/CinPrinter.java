package org.stag.engine.cin;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.ops.Operator;

/**
 * Prints concrete index notation in TACO's notation, in ASCII and on one line: {@code forall i} for ∀,
 * {@code y[i] += A[i][j] * x[j]}, {@code (consumer where producer)}, {@code (s1; s2)} for a sequence, and
 * {@code lhs = rhs if mask} for a masked assignment. Expressions print as the language writes them (operators
 * with the fewest parentheses that keep the shape, reads with their indices in the order written, calls by
 * name), plus {@code double(i)} for the conversion of an index variable the checker implies. A forall marked
 * by the active-set pass prints as {@code forall* i}, one carrying the canonical form's monomials as
 * {@code forall+ i}; an in-place target as {@code t[i] (in s)}.
 */
public final class CinPrinter {
    private CinPrinter() {
    }

    /** A statement on one line, e.g. {@code forall i (y[i] = acc0 where (acc0 = 0.0; forall j acc0 += A[i][j] * x[j]))}. */
    public static String print(IndexStmt s) {
        if (s instanceof IndexStmt.Forall f) {
            return "forall" + (f.activeSet() ? "*" : "") + (f.monomials() != null ? "+" : "") + " " + f.index() + " "
                    + print(f.body());
        }
        if (s instanceof IndexStmt.Where w) {
            return "(" + print(w.consumer()) + " where " + print(w.producer()) + ")";
        }
        if (s instanceof IndexStmt.Sequence q) {
            List<String> parts = new ArrayList<>();
            q.statements().forEach(x -> parts.add(print(x)));
            return "(" + String.join("; ", parts) + ")";
        }
        IndexStmt.Assign a = (IndexStmt.Assign) s;
        String op = a.reduce() == null ? "=" : reduceSymbol(a.reduce()) + "=";
        return print(a.lhs()) + " " + op + " " + print(a.rhs()) + (a.mask() == null ? "" : " if " + print(a.mask()));
    }

    private static String reduceSymbol(Operator op) {
        return op.name();
    }

    /** An expression as the language writes it. */
    public static String print(IndexExpr e) {
        if (e instanceof IndexExpr.Literal l) {
            // NaN has no literal: the language writes it 0.0 / 0.0.
            return l.type().isFloating() && Double.isNaN(l.value().real()) ? "0.0 / 0.0" : l.value().toString();
        }
        if (e instanceof IndexExpr.ScalarVar v) {
            return v.name();
        }
        if (e instanceof IndexExpr.IndexVar v) {
            return v.name();
        }
        if (e instanceof IndexExpr.Temp t) {
            return t.name() + indices(t.indices());
        }
        if (e instanceof IndexExpr.Target t) {
            return t.name() + indices(t.indices()) + (t.buffer() == null ? "" : " (in " + t.buffer() + ")");
        }
        if (e instanceof IndexExpr.Read r) {
            KernelSpec.Access a = r.access();
            org.stag.formats.tensor.Format f = a.tensor().format();
            IndexExpr[] written = new IndexExpr[f.order()];
            StringBuilder out = new StringBuilder(r.tensor());
            for (int k = 0; k < a.levels(); k++) {
                if (f.isSlot(k)) {
                    // A slot level's index (DIA's diagonal, ELL's slot): A($s0)[i][j].
                    out.append('(').append(print(a.levelIndex().get(k))).append(')');
                } else {
                    written[f.modeOfLevel(k)] = a.levelIndex().get(k);
                }
            }
            for (IndexExpr i : written) {
                out.append('[').append(print(i)).append(']');
            }
            return out.toString();
        }
        if (e instanceof IndexExpr.Unary u) {
            String operand = print(u.operand());
            return u.op().symbol() + (u.operand() instanceof IndexExpr.Binary ? "(" + operand + ")" : operand);
        }
        if (e instanceof IndexExpr.Binary b) {
            return operand(b.left(), b.op(), false) + " " + b.op().symbol() + " " + operand(b.right(), b.op(), true);
        }
        if (e instanceof IndexExpr.IfElse i) {
            return "ifelse(" + print(i.condition()) + ", " + print(i.then()) + ", " + print(i.otherwise()) + ")";
        }
        if (e instanceof IndexExpr.Call c) {
            List<String> args = new ArrayList<>();
            c.args().forEach(x -> args.add(print(x)));
            return c.op().name() + "(" + String.join(", ", args) + ")";
        }
        IndexExpr.Cast c = (IndexExpr.Cast) e;
        return c.type().keyword() + "(" + print(c.value()) + ")";
    }

    private static String indices(List<String> indices) {
        StringBuilder out = new StringBuilder();
        indices.forEach(i -> out.append('[').append(i).append(']'));
        return out.toString();
    }

    private static String operand(IndexExpr child, BinaryOp parent, boolean right) {
        String s = print(child);
        if (!(child instanceof IndexExpr.Binary b)) {
            return s;
        }
        int c = b.op().precedence();
        boolean parens = c < parent.precedence() || (c == parent.precedence() && (right || !parent.isLeftAssociative()));
        return parens ? "(" + s + ")" : s;
    }
}
