package org.stag.formats.schema;

import java.util.stream.Collectors;

/** Prints a {@link Schema} as canonical source: supertypes first, then node types, two-space indents. */
final class SourcePrinter {
    private SourcePrinter() {
    }

    static String print(Schema schema) {
        StringBuilder out = new StringBuilder();
        for (Supertype s : schema.supertypes()) {
            out.append("def supertype ").append(s.name()).append('\n');
        }
        for (NodeType t : schema.nodeTypes()) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append("def ").append(t.isRoot() ? "root " : "").append(t.name());
            t.supertype().ifPresent(s -> out.append(" : ").append(s));
            out.append(" {\n");
            for (Field f : t.fields()) {
                out.append("  ").append(f).append('\n');
            }
            if (t.ordered()) {
                out.append("  seq = ")
                        .append(t.traversal().stream().map(SourcePrinter::step).collect(Collectors.joining(", ")))
                        .append('\n');
            }
            out.append("}\n");
        }
        return out.toString();
    }

    private static String step(Step step) {
        if (step instanceof Step.Element element) {
            return element.field().name();
        }
        if (step instanceof Step.Child child) {
            return child.field().name();
        }
        return ((Step.ArrayLoop) step).members().stream().map(Field::name).collect(Collectors.joining(", ", "{", "}"));
    }
}
