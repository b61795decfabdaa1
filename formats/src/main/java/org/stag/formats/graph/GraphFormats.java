package org.stag.formats.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.stag.formats.dynamic.CsrMatrix;
import org.stag.formats.dynamic.DynamicFormats;
import org.stag.formats.dynamic.DynamicMatrix;
import org.stag.formats.dynamic.MutableMatrix;
import org.stag.formats.dynamic.NestedMatrix;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * Graph formats by name, outermost level first: {@code dense,compressed} (CSR), {@code dense,F} for a
 * dynamic format F, and {@code O,I} with both levels dynamic (e.g. {@code bst,ctree}, Aspen's layout).
 * Builds the in-memory matrix of a graph in that format.
 */
public final class GraphFormats {
    private GraphFormats() {
    }

    /** The level names of a format string, trimmed and lower-cased. */
    public static List<String> levels(String format) {
        List<String> out = new ArrayList<>();
        for (String part : format.split(",")) {
            out.add(part.trim().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** The graph formats that can be built and updated, for messages and benchmarks. */
    public static List<String> updatable() {
        List<String> out = new ArrayList<>();
        out.add("dense,compressed");
        for (String f : DynamicFormats.names()) {
            out.add("dense," + f);
        }
        return out;
    }

    /**
     * Builds {@code g} in {@code format}.
     *
     * @throws BadInputException for an unknown or unsupported format, naming the known ones
     */
    public static MutableMatrix build(String format, Graph g, int threads) {
        check(format);
        List<String> lv = levels(format);
        if (lv.size() != 2) {
            throw unknown(format, "a graph format has two levels, outermost first, e.g. dense,compressed");
        }
        String outer = lv.get(0);
        String inner = lv.get(1);
        if (outer.equals("dense") && inner.equals("compressed")) {
            return new CsrMatrix(g);
        }
        if (!DynamicFormats.isKnown(inner)) {
            throw unknown(format, "unknown level '" + inner + "'");
        }
        if (outer.equals("dense")) {
            return DynamicMatrix.build(DynamicFormats.byName(inner), g, threads);
        }
        if (DynamicFormats.isKnown(outer)) {
            return NestedMatrix.build(DynamicFormats.byName(outer), DynamicFormats.byName(inner), g, threads);
        }
        throw unknown(format, "unknown level '" + outer + "'");
    }

    /**
     * Checks that {@code format} names a graph format that can be built, before any work is done.
     *
     * @throws BadInputException naming the problem and the known levels
     */
    public static void check(String format) {
        List<String> lv = levels(format);
        if (lv.size() != 2) {
            throw unknown(format, "a graph format has two levels, outermost first, e.g. dense,compressed");
        }
        String outer = lv.get(0);
        String inner = lv.get(1);
        if (outer.equals("dense") && inner.equals("compressed")) {
            return;
        }
        if (!DynamicFormats.isKnown(inner)) {
            throw unknown(format, "unknown or unsupported inner level '" + inner + "'");
        }
        if (!outer.equals("dense") && !DynamicFormats.isKnown(outer)) {
            throw unknown(format, "unknown or unsupported outer level '" + outer + "'");
        }
    }

    private static BadInputException unknown(String format, String why) {
        List<String> known = new ArrayList<>(Arrays.asList("dense", "compressed"));
        known.addAll(DynamicFormats.names());
        return new BadInputException("format '" + format + "': " + why + " (levels: " + String.join(", ", known)
                + "; graph formats: dense,compressed, dense,F or O,I with F, O, I dynamic)");
    }
}
