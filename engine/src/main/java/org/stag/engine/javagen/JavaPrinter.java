package org.stag.engine.javagen;

import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Stmt;

/** Prints loop IR blocks as Java source with four-space indentation: printing only, one form per statement kind. */
public final class JavaPrinter {
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
            out.append(d.isFinal() ? "final " : "").append(d.type()).append(' ').append(d.name())
                    .append(d.init() == null ? "" : " = " + d.init()).append(";\n");
        } else if (s instanceof Stmt.Assign a) {
            out.append(a.target()).append(' ').append(a.op()).append(' ').append(a.value()).append(";\n");
        } else if (s instanceof Stmt.Store st) {
            out.append(st.array()).append('[').append(st.index()).append("] = ").append(st.value()).append(";\n");
        } else if (s instanceof Stmt.Eval e) {
            out.append(e.expression()).append(";\n");
        } else if (s instanceof Stmt.Break br) {
            out.append("break ").append(br.label()).append(";\n");
        } else if (s instanceof Stmt.Continue c) {
            out.append(c.label() == null ? "continue" : "continue " + c.label()).append(";\n");
        } else if (s instanceof Stmt.Comment c) {
            out.append("// ").append(c.text()).append('\n');
        } else if (s instanceof Stmt.Line l) {
            out.append(l.text()).append('\n');
        } else if (s instanceof Stmt.For f) {
            body(label(f.label()) + "for (" + f.init() + "; " + f.condition() + "; " + f.step() + ")", f.body(), depth, out);
        } else if (s instanceof Stmt.While w) {
            body(label(w.label()) + "while (" + w.condition() + ")", w.body(), depth, out);
        } else if (s instanceof Stmt.If i) {
            body("if (" + i.condition() + ")", i.then(), depth, out);
            if (i.otherwise() != null) {
                indent(depth, out);
                body("else", i.otherwise(), depth, out);
            }
        } else if (s instanceof Stmt.Scope sc) {
            body(sc.label() == null ? "" : sc.label() + ":", sc.body(), depth, out);
        } else if (s instanceof Stmt.Throw t) {
            out.append("throw ").append(t.exception()).append(";\n");
        } else if (s instanceof Stmt.Switch sw) {
            body("switch (" + sw.selector() + ")", sw.body(), depth, out);
        } else {
            Stmt.Case c = (Stmt.Case) s;
            body(c.value() == null ? "default:" : "case " + c.value() + ":", c.body(), depth, out);
        }
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
}
