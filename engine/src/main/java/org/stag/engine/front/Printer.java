package org.stag.engine.front;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Prints trees back to source. The output re-parses to a tree of the same shape ({@link Trees#sameShape}):
 * parentheses appear exactly where precedence needs them. Comments and blank lines are not kept; layout is
 * canonical (one statement per line, bodies indented by four spaces, a blank line before each function).
 */
public final class Printer {

    private static final String INDENT = "    ";
    /** Signatures longer than this break before {@code ->}. */
    private static final int WIDTH = 110;

    private Printer() {
    }

    /** A whole program, ending with a line break. */
    public static String print(Program program) {
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (Item item : program.items()) {
            if (item instanceof FunctionDecl f) {
                if (!first) {
                    out.append('\n');
                }
                function(out, f);
            } else if (item instanceof ScalarDef d) {
                out.append(scalarDef(d)).append('\n');
            } else {
                out.append(varDecl((VarDecl) item)).append('\n');
            }
            first = false;
        }
        return out.toString();
    }

    private static void function(StringBuilder out, FunctionDecl f) {
        String head = "Let " + f.name() + "(" + params(f.inputs()) + ")";
        String tail = "-> (" + params(f.outputs()) + ")";
        out.append(head).append(head.length() + tail.length() < WIDTH ? " " : "\n" + INDENT + "  ").append(tail)
                .append('\n');
        for (Stmt s : f.body()) {
            if (s instanceof StarCall sc) {
                for (FormatRule r : sc.rules()) {
                    out.append(INDENT).append(formatRule(r)).append('\n');
                }
            }
            out.append(INDENT).append(statement(s)).append('\n');
        }
        out.append("End\n");
    }

    /** {@code Def f(a double, b double) -> double commutative identity 0.0 = body} on one line. */
    public static String scalarDef(ScalarDef d) {
        StringBuilder out = new StringBuilder("Def " + d.name() + "(" + params(d.params()) + ") -> " + d.result().keyword());
        for (ScalarDef.Algebra a : d.algebra()) {
            out.append(' ').append(a.word());
            if (a.value() != null) {
                out.append(' ').append(print(a.value()));
            }
        }
        return out.append(" = ").append(print(d.body())).toString();
    }

    private static String params(List<Param> params) {
        return join(params, p -> p.name() + " " + type(p.type()));
    }

    /** One statement on one line, without the FormatRules above a star call. */
    public static String statement(Stmt s) {
        if (s instanceof VarDecl v) {
            return varDecl(v);
        }
        if (s instanceof Definition d) {
            return definition(d);
        }
        if (s instanceof Call c) {
            return join(c.outputs(), Ident::name) + " = " + c.function().name() + "(" + join(c.args(), Printer::print)
                    + ")";
        }
        StarCall c = (StarCall) s;
        return join(c.outputs(), Ident::name) + " = " + c.function().name() + "*(" + join(c.args(), Printer::print)
                + ") | " + print(c.stop());
    }

    private static String varDecl(VarDecl v) {
        return v.name() + " " + type(v.type()) + v.init().map(e -> " = " + print(e)).orElse("");
    }

    private static String definition(Definition d) {
        StringBuilder out = new StringBuilder(d.target().name());
        for (Ident i : d.target().indices()) {
            out.append('[').append(i.name()).append(']');
        }
        out.append(" = ").append(print(d.value()));
        if (!d.reductions().isEmpty()) {
            out.append(" | ").append(join(d.reductions(),
                    r -> r.index().name() + ":(" + r.op() + ", " + print(r.init()) + ")"));
        }
        d.order().ifPresent(o -> out.append(" Ord ").append(join(o.indices(), Ident::name)));
        return out.toString();
    }

    /** {@code FormatRule #k from -> to @ condition}. */
    public static String formatRule(FormatRule r) {
        return "FormatRule " + print(r.argument()) + " " + format(r.from()) + " -> " + format(r.to()) + " @ "
                + print(r.condition());
    }

    /** A level list, e.g. {@code dense, ctree}. */
    public static String format(Format f) {
        return String.join(", ", f.names());
    }

    /** A type, e.g. {@code double[N][ctree[N]] fill inf}; dense dimensions print as {@code [N]}. */
    public static String type(TypeRef t) {
        StringBuilder out = new StringBuilder(t.elem().keyword());
        if (t instanceof TypeRef.Tensor tt) {
            for (Dimension d : tt.dims()) {
                String size = d.size().text();
                out.append('[').append(d.level().name().equals(Dimension.DEFAULT_LEVEL) ? size
                        : d.level().name() + "[" + size + "]").append(']');
            }
            tt.fill().ifPresent(f -> out.append(" fill ").append(print(f)));
        }
        return out.toString();
    }

    /** An expression with the fewest parentheses that keep its shape. */
    public static String print(Expr e) {
        if (e instanceof Expr.IntLiteral i) {
            return i.value() + (i.longSuffix() ? "L" : "");
        }
        if (e instanceof Expr.FloatLiteral f) {
            return Double.isInfinite(f.value()) ? "inf" : Double.toString(f.value());
        }
        if (e instanceof Expr.BoolLiteral b) {
            return Boolean.toString(b.value());
        }
        if (e instanceof Expr.Name n) {
            return n.name();
        }
        if (e instanceof Expr.OutputRef r) {
            return "#" + r.index();
        }
        if (e instanceof Expr.Access a) {
            StringBuilder out = new StringBuilder(print(a.tensor()));
            for (Expr i : a.indices()) {
                out.append('[').append(print(i)).append(']');
            }
            return out.toString();
        }
        if (e instanceof Expr.Unary u) {
            String operand = print(u.operand());
            return u.op().symbol() + (u.operand() instanceof Expr.Binary ? "(" + operand + ")" : operand);
        }
        if (e instanceof Expr.Binary b) {
            return operand(b.left(), b.op(), false) + " " + b.op().symbol() + " " + operand(b.right(), b.op(), true);
        }
        if (e instanceof Expr.IfElse i) {
            return "ifelse(" + print(i.condition()) + ", " + print(i.then()) + ", " + print(i.otherwise()) + ")";
        }
        if (e instanceof Expr.BuiltinCall c) {
            return c.function() + "(" + join(c.args(), Printer::print) + ")";
        }
        if (e instanceof Expr.Convert c) {
            return c.type().keyword() + "(" + print(c.value()) + ")";
        }
        if (e instanceof Expr.Fill) {
            return "fill";
        }
        throw new IllegalArgumentException("unknown expression " + e);
    }

    private static String operand(Expr child, BinaryOp parent, boolean right) {
        String s = print(child);
        if (!(child instanceof Expr.Binary b)) {
            return s;
        }
        int c = b.op().precedence();
        boolean parens = c < parent.precedence()
                || (c == parent.precedence() && (right || !parent.isLeftAssociative()));
        return parens ? "(" + s + ")" : s;
    }

    private static <T> String join(List<T> items, Function<T, String> f) {
        return items.stream().map(f).collect(Collectors.joining(", "));
    }
}
