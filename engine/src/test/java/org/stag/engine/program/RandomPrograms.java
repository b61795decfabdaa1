package org.stag.engine.program;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random multi-statement programs over one sparse matrix {@code A} and dense vectors, made to exercise the
 * compiler's passes: element-wise definitions (fusion groups), row reductions followed by element-wise uses
 * (fusion, in-place), {@code ifelse(c, v, s[i])} over a dying input (masked in-place stores), pass-throughs
 * (aliases), scalar reductions, repeated subexpressions (CSE), and a star call whose body has all of these and
 * hands buffers back and forth, sparse lists that in-place updates keep their input outside of (active set), and
 * products of sums of sparse vectors and matrices, or sums of their products, whose loops would be unions
 * (canonical form). Every variable is read after it is defined, so whichever dies where is random.
 */
final class RandomPrograms {
    private final Random r;
    private final StringBuilder out = new StringBuilder();
    private int fresh;

    private RandomPrograms(long seed) {
        this.r = new Random(seed);
    }

    /** The program of seed {@code seed}, as text. */
    static String generate(long seed) {
        return new RandomPrograms(seed).program();
    }

    private String program() {
        line("N int");
        line("c double = 0.5");
        line("A double[N][compressed[N]]");
        line("x double[N]");
        line("y double[N]");
        line("Let Step(u double[N], w double[N], k int) -> (u_out double[N], w_out double[N], k_out int)");
        List<String> vecs = new ArrayList<>(List.of("u", "w", "x"));
        List<String> scalars = new ArrayList<>(List.of("c"));
        body(vecs, scalars, 1 + r.nextInt(4));
        String last = vecs.get(vecs.size() - 1);
        line("    u_out[i] = " + (r.nextInt(3) == 0 ? last + "[i]" : expr(vecs, scalars, "i", 2)));
        line("    w_out[i] = " + (r.nextBoolean() ? "w[i]" : pick(vecs) + "[i]"));
        line("    k_out = k + 1");
        line("End");
        line("Let Main() -> (o1 double[N], o2 double[N], o3 double, k int)");
        vecs = new ArrayList<>(List.of("x", "y"));
        scalars = new ArrayList<>(List.of("c"));
        body(vecs, scalars, 2 + r.nextInt(4));
        String a = pick(vecs);
        String b = pick(vecs);
        line("    o1, o2, k = Step*(" + a + ", " + b + ", 0) | " + (1 + r.nextInt(3)));
        vecs.add("o1");
        vecs.add("o2");
        line("    o3 = " + pick(vecs) + "[i] + " + expr(vecs, scalars, "i", 1) + " | i:(+, 0.0)");
        line("End");
        return out.toString();
    }

    /** {@code n} random statements; the vectors and scalars they define join the lists. */
    private void body(List<String> vecs, List<String> scalars, int n) {
        List<String> decls = new ArrayList<>();
        List<String> stmts = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            String v = "v" + fresh++;
            switch (r.nextInt(9)) {
                case 8 -> {
                    // Two sparse vectors (rows of A's pattern) or a sparse matrix beside A, read in a product of their
                    // sum or a sum of their products: the union loops the canonical form splits into one loop per
                    // monomial.
                    String p = "p" + fresh++;
                    String q = "q" + fresh++;
                    decls.add("    " + p + " double[" + (r.nextBoolean() ? "list" : "compressed") + "[N]]");
                    decls.add("    " + q + " double[" + (r.nextBoolean() ? "compressed" : "bst") + "[N]]");
                    stmts.add("    " + p + "[i] = A[" + r.nextInt(3) + "][i] * " + expr(vecs, scalars, "i", 1));
                    stmts.add("    " + q + "[i] = A[" + r.nextInt(3) + "][i] * " + expr(vecs, scalars, "i", 1));
                    String e = expr(vecs, scalars, "i", 1);
                    switch (r.nextInt(5)) {
                        case 0 -> stmts.add("    " + v + "[i] = (" + p + "[i] + " + q + "[i]) * " + e);
                        case 1 -> stmts.add("    " + v + "[i] = " + p + "[i] * " + e + " - " + q + "[i] * "
                                + expr(vecs, scalars, "i", 1));
                        case 2 -> {
                            String t = "t" + fresh++;
                            stmts.add("    " + t + " = " + pick(vecs) + "[i] * (" + p + "[i] + " + q + "[i]) | i:(+, 0.0)");
                            scalars.add(t);
                            stmts.add("    " + v + "[i] = " + e);
                        }
                        case 3 -> {
                            String m = "m" + fresh++;
                            decls.add("    " + m + " double[N][compressed[N]]");
                            stmts.add("    " + m + "[i][j] = A[i][j] * " + literal());
                            stmts.add("    " + v + "[i] = (A[i][j] + " + m + "[i][j]) * " + pick(vecs) + "[j] | j:(+, 0.0)");
                        }
                        default -> stmts.add("    " + v + "[i] = " + e + " * " + p + "[i] + " + q + "[i] * " + literal()
                                + " + " + p + "[i]");
                    }
                }
                case 7 -> {
                    // A sparse list (row K of A's pattern) and an in-place update that keeps its input where the
                    // list is absent: the active-set shape.
                    String s1 = "s" + fresh++;
                    decls.add("    " + s1 + " double[list[N]] fill inf");
                    stmts.add("    " + s1 + "[i] = ifelse(A[" + r.nextInt(3) + "][i] != 0.0, " + expr(vecs, scalars, "i", 1)
                            + ", fill)");
                    String p = pick(vecs);
                    String e = expr(vecs, scalars, "i", 1);
                    stmts.add("    " + v + "[i] = " + switch (r.nextInt(3)) {
                        case 0 -> "MIN(" + p + "[i], " + s1 + "[i])";
                        case 1 -> "ifelse(" + s1 + "[i] < " + literal() + ", " + e + ", " + p + "[i])";
                        // The list read twice: one cursor serves both reads.
                        default -> "ifelse(" + s1 + "[i] < 2.0, " + s1 + "[i] * " + literal() + " + " + e + ", " + p + "[i])";
                    });
                }
                case 0 -> {
                    String t = "t" + fresh++;
                    stmts.add("    " + t + " = " + pick(vecs) + "[i] * " + expr(vecs, scalars, "i", 2) + " | i:(" + (r.nextBoolean() ? "+, 0.0" : "MAX, -100.0") + ")");
                    scalars.add(t);
                    continue;
                }
                case 1 -> stmts.add("    " + v + "[i] = A[i][j] * " + expr(vecs, scalars, "j", 1) + " | j:("
                        + (r.nextInt(3) == 0 ? "MIN, 100.0" : "+, 0.0") + ")");
                case 2 -> stmts.add("    " + v + "[i] = ifelse(" + expr(vecs, scalars, "i", 1) + " > " + literal() + ", "
                        + expr(vecs, scalars, "i", 1) + ", " + pick(vecs) + "[i])");
                case 3 -> stmts.add("    " + v + "[i] = " + pick(vecs) + "[i]");
                case 4 -> {
                    String e = expr(vecs, scalars, "i", 1);
                    stmts.add("    " + v + "[i] = " + e + " * " + e + " + ifelse(" + e + " > 0.0, " + e + ", " + literal() + ")");
                }
                default -> stmts.add("    " + v + "[i] = " + expr(vecs, scalars, "i", 2));
            }
            decls.add("    " + v + " double[N]");
            vecs.add(v);
        }
        decls.forEach(this::line);
        stmts.forEach(this::line);
    }

    private String expr(List<String> vecs, List<String> scalars, String index, int depth) {
        int k = depth == 0 ? r.nextInt(3) : r.nextInt(6);
        return switch (k) {
            case 0, 1 -> pick(vecs) + "[" + index + "]";
            case 2 -> r.nextBoolean() ? literal() : pick(scalars);
            case 3 -> "(" + expr(vecs, scalars, index, depth - 1) + " + " + expr(vecs, scalars, index, depth - 1) + ")";
            case 4 -> "(" + expr(vecs, scalars, index, depth - 1) + " * " + literal() + ")";
            default -> "ifelse(" + expr(vecs, scalars, index, depth - 1) + " > " + literal() + ", "
                    + expr(vecs, scalars, index, depth - 1) + ", " + expr(vecs, scalars, index, depth - 1) + ")";
        };
    }

    private String literal() {
        return Double.toString((r.nextInt(9) - 4) / 4.0);
    }

    private String pick(List<String> names) {
        // Recent names are likelier, so values die at random points rather than all at the end.
        int n = names.size();
        return names.get(r.nextInt(3) == 0 ? r.nextInt(n) : Math.max(0, n - 1 - r.nextInt(Math.min(n, 3))));
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
