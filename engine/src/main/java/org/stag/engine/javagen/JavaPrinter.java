package org.stag.engine.ir;

/** Prints IR blocks as Java source with four-space indentation. */
public final class JavaPrinter {
    private JavaPrinter() {
    }

    /** Appends {@code b}'s statements to {@code out}, each line indented by {@code depth} levels. */
    public static void print(Block b, int depth, StringBuilder out) {
        for (Stmt s : b.statements()) {
            indent(depth, out);
            if (s instanceof Stmt.Line l) {
                out.append(l.text()).append('\n');
            } else if (s instanceof Stmt.Comment c) {
                out.append("// ").append(c.text()).append('\n');
            } else {
                Stmt.Scoped sc = (Stmt.Scoped) s;
                if (!sc.header().isEmpty()) {
                    out.append(sc.header()).append(' ');
                }
                out.append("{\n");
                print(sc.body(), depth + 1, out);
                indent(depth, out);
                out.append("}\n");
            }
        }
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
