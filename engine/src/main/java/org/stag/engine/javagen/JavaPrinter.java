package org.stag.engine.javagen;

import java.util.List;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
import org.stag.engine.loopir.Stmt;

/**
 * Prints loop IR blocks as Java source with four-space indentation, and expressions with the parentheses Java's
 * precedence needs and no others: printing only, one form per statement and expression kind.
 */
public final class JavaPrinter {
    /** Precedence of primaries: names, literals, loads, calls, field reads, {@code new}. */
    private static final int PRIMARY = 16;
    /** Precedence of postfix {@code x++}. */
    private static final int POSTFIX = 15;
    /** Precedence of prefix operators and casts. */
    private static final int PREFIX = 14;
    /** Precedence of {@code ?:}. */
    private static final int CONDITIONAL = 2;

    private JavaPrinter() {
    }

    /** Appends {@code b}'s statements to {@code out}, each line indented by {@code depth} levels. */
    public static void print(Block b, int depth, StringBuilder out) {
        for (Stmt s : b.statements()) {
            indent(depth, out);
            statement(s, depth, out);
        }
    }

    private static void statement(Stmt s, int depth, StringBuilder out) {
        if (s instanceof Stmt.Decl d) {
            out.append(d.isFinal() ? "final " : "").append(d.type().spelling()).append(' ').append(d.name());
            if (d.init() != null) {
                out.append(" = ").append(expr(d.init()));
            }
            out.append(";\n");
        } else if (s instanceof Stmt.Assign a) {
            out.append(expr(a.target())).append(' ').append(a.op().symbol()).append(' ').append(expr(a.value())).append(";\n");
        } else if (s instanceof Stmt.Store st) {
            out.append(expr(st.array(), PRIMARY)).append('[').append(expr(st.index())).append("] = ")
                    .append(expr(st.value())).append(";\n");
        } else if (s instanceof Stmt.Eval e) {
            out.append(expr(e.expression())).append(";\n");
        } else if (s instanceof Stmt.Break br) {
            out.append("break ").append(br.label()).append(";\n");
        } else if (s instanceof Stmt.Continue c) {
            out.append(c.label() == null ? "continue" : "continue " + c.label()).append(";\n");
        } else if (s instanceof Stmt.Comment c) {
            out.append("// ").append(c.text()).append('\n');
        } else if (s instanceof Stmt.Line l) {
            out.append(l.text()).append('\n');
        } else if (s instanceof Stmt.For f) {
            body(label(f.label()) + "for (" + forInit(f.init()) + "; " + expr(f.condition()) + "; " + expr(f.step()) + ")",
                    f.body(), depth, out);
        } else if (s instanceof Stmt.While w) {
            body(label(w.label()) + "while (" + expr(w.condition()) + ")", w.body(), depth, out);
        } else if (s instanceof Stmt.If i) {
            body("if (" + expr(i.condition()) + ")", i.then(), depth, out);
            if (i.otherwise() != null) {
                indent(depth, out);
                body("else", i.otherwise(), depth, out);
            }
        } else if (s instanceof Stmt.Scope sc) {
            body(sc.label() == null ? "" : sc.label() + ":", sc.body(), depth, out);
        } else if (s instanceof Stmt.Throw t) {
            out.append("throw ").append(expr(t.exception())).append(";\n");
        } else if (s instanceof Stmt.Switch sw) {
            body("switch (" + expr(sw.selector()) + ")", sw.body(), depth, out);
        } else {
            Stmt.Case c = (Stmt.Case) s;
            body(c.value() == null ? "default:" : "case " + expr(c.value()) + ":", c.body(), depth, out);
        }
    }

    /** The declarations of a {@code for} header: {@code int a = x, b = y}, or nothing. */
    private static String forInit(List<Stmt.Decl> init) {
        StringBuilder s = new StringBuilder();
        for (Stmt.Decl d : init) {
            s.append(s.length() == 0 ? d.type().spelling() + " " : ", ").append(d.name()).append(" = ").append(expr(d.init()));
        }
        return s.toString();
    }

    private static String label(String label) {
        return label == null ? "" : label + ": ";
    }

    private static void body(String header, Block body, int depth, StringBuilder out) {
        if (!header.isEmpty()) {
            out.append(header).append(' ');
        }
        out.append("{\n");
        print(body, depth + 1, out);
        indent(depth, out);
        out.append("}\n");
    }

    /** {@code b} as Java source at depth 0. */
    public static String print(Block b) {
        StringBuilder out = new StringBuilder();
        print(b, 0, out);
        return out.toString();
    }

    private static void indent(int depth, StringBuilder out) {
        for (int k = 0; k < depth; k++) {
            out.append("    ");
        }
    }

    // ------------------------------------------------------------------------------------------ expressions

    /** {@code e} as Java source, parenthesised only where precedence needs it. */
    public static String expr(Ex e) {
        return expr(e, 0);
    }

    /** {@code e} as Java source in a context that binds as tightly as precedence {@code context}. */
    private static String expr(Ex e, int context) {
        String s = bare(e);
        return precedence(e) < context ? "(" + s + ")" : s;
    }

    /** The precedence of {@code e}'s outermost operator (a primary's is the highest). */
    private static int precedence(Ex e) {
        if (e instanceof Ex.Binary b) {
            return b.op().precedence();
        }
        if (e instanceof Ex.Unary u) {
            return u.op().postfix() ? POSTFIX : PREFIX;
        }
        if (e instanceof Ex.Cast) {
            return PREFIX;
        }
        if (e instanceof Ex.Cond) {
            return CONDITIONAL;
        }
        if (e instanceof Ex.Lit l && l.negative()) {
            return PREFIX;
        }
        return PRIMARY;
    }

    private static String bare(Ex e) {
        if (e instanceof Ex.Local l) {
            return l.name();
        }
        if (e instanceof Ex.Lit l) {
            return literal(l);
        }
        if (e instanceof Ex.Load l) {
            return expr(l.array(), PRIMARY) + "[" + expr(l.index()) + "]";
        }
        if (e instanceof Ex.Field f) {
            return expr(f.target(), PRIMARY) + "." + f.name();
        }
        if (e instanceof Ex.StaticField f) {
            return f.owner().spelling() + "." + f.name();
        }
        if (e instanceof Ex.Length l) {
            return expr(l.array(), PRIMARY) + ".length";
        }
        if (e instanceof Ex.Binary b) {
            int p = b.op().precedence();
            return expr(b.left(), p) + " " + b.op().symbol() + " " + expr(b.right(), p + 1);
        }
        if (e instanceof Ex.Unary u) {
            if (u.op().postfix()) {
                return expr(u.operand(), POSTFIX) + u.op().symbol();
            }
            String x = expr(u.operand(), PREFIX);
            // "- -x" and "- --x" must not print as a decrement.
            return u.op().symbol() + (x.startsWith("-") || x.startsWith("+") ? "(" + x + ")" : x);
        }
        if (e instanceof Ex.Cond c) {
            return expr(c.condition(), CONDITIONAL + 1) + " ? " + expr(c.then(), CONDITIONAL) + " : "
                    + expr(c.otherwise(), CONDITIONAL);
        }
        if (e instanceof Ex.Cast c) {
            // A cast's operand is a primary or postfix expression: "(int) -x" would not parse for reference types.
            return "(" + c.type().spelling() + ") " + expr(c.value(), POSTFIX);
        }
        if (e instanceof Ex.Call c) {
            return expr(c.receiver(), PRIMARY) + "." + c.method() + args(c.args());
        }
        if (e instanceof Ex.StaticCall c) {
            return c.owner().spelling() + "." + c.method() + args(c.args());
        }
        if (e instanceof Ex.NewArray n) {
            JavaType el = n.element();
            int dims = 0;
            while (el instanceof JavaType.Array a) {
                el = a.element();
                dims++;
            }
            return "new " + el.spelling() + "[" + expr(n.length()) + "]" + "[]".repeat(dims);
        }
        Ex.New n = (Ex.New) e;
        return "new " + n.type().spelling() + args(n.args());
    }

    private static String args(List<Ex> args) {
        StringBuilder s = new StringBuilder("(");
        for (int k = 0; k < args.size(); k++) {
            s.append(k == 0 ? "" : ", ").append(expr(args.get(k)));
        }
        return s.append(')').toString();
    }

    private static String literal(Ex.Lit l) {
        Object v = l.value();
        if (v == null) {
            return "null";
        }
        if (v instanceof Integer i) {
            return i == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : Integer.toString(i);
        }
        if (v instanceof Long n) {
            return n == Long.MIN_VALUE ? "Long.MIN_VALUE" : n + "L";
        }
        if (v instanceof Float f) {
            return f.isNaN() ? "Float.NaN" : f.isInfinite() ? (f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY")
                    : f + "f";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? "Double.NaN" : d.isInfinite() ? (d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY")
                    : d.toString();
        }
        if (v instanceof String s) {
            StringBuilder q = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> q.append("\\\"");
                    case '\\' -> q.append("\\\\");
                    case '\n' -> q.append("\\n");
                    case '\r' -> q.append("\\r");
                    case '\t' -> q.append("\\t");
                    default -> {
                        if (c < 0x20 || c > 0x7e) {
                            q.append(String.format("\\u%04x", (int) c));
                        } else {
                            q.append(c);
                        }
                    }
                }
            }
            return q.append('"').toString();
        }
        return v.toString();
    }
}
