package org.stag.formats.graph;

import java.util.ArrayList;
import java.util.List;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.CsrMatrix;
import org.stag.formats.dynamic.DynamicMatrix;
import org.stag.formats.dynamic.MutableMatrix;
import org.stag.formats.dynamic.NestedMatrix;
import org.stag.formats.dynamic.StoredGraph;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatException;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * Graph formats by name, outermost level first, in the syntax of {@link FormatParser}:
 * {@code dense,compressed} (CSR) and {@code dense,F} / {@code O,I} with dynamic levels build matrices
 * that take batch updates ({@link MutableMatrix}); any other two-level format (e.g. {@code dense,hashed})
 * builds a general {@link TensorGraph}.
 */
public final class GraphFormats {
    private GraphFormats() {
    }

    /** The graph formats that take batch updates: CSR and (dense, F) for every shipped dynamic F. */
    public static List<String> updatable() {
        List<String> out = new ArrayList<>();
        out.add("dense,compressed");
        for (String f : BuiltinFormats.names()) {
            out.add("dense," + f);
        }
        return out;
    }

    /**
     * Parses and checks a graph format before any work is done.
     *
     * @throws BadInputException naming the problem (and the known level names)
     */
    public static Format check(String format) {
        Format f;
        try {
            f = FormatParser.parse(format);
        } catch (FormatException e) {
            throw new BadInputException("format '" + format + "', column " + e.column() + ": " + e.reason());
        }
        if (f.order() != 2) {
            throw new BadInputException("format '" + format + "' has " + f.order()
                    + " levels; a graph format has two, outermost first, e.g. dense,compressed");
        }
        return f;
    }

    /** Whether a parsed graph format takes batch updates. */
    public static boolean isUpdatable(Format f) {
        return f.hasIdentityOrder() && (isCsr(f) || isDense(f.level(0)) && isDynamic(f.level(1))
                || isDynamic(f.level(0)) && isDynamic(f.level(1)));
    }

    /** Builds {@code g} in {@code format}: an updatable matrix where the format allows, else a tensor. */
    public static StoredGraph build(String format, Graph g, int threads) {
        Format f = check(format);
        if (isUpdatable(f)) {
            return matrix(f, g, threads);
        }
        return TensorGraph.build(f, g, threads);
    }

    /**
     * Builds {@code g} in an updatable {@code format}.
     *
     * @throws BadInputException when the format does not take updates
     */
    public static MutableMatrix buildMutable(String format, Graph g, int threads) {
        Format f = check(format);
        if (!isUpdatable(f)) {
            throw new BadInputException("format '" + format + "' does not take batch updates (updatable: "
                    + String.join(" ", updatable()) + ", and O,I with both levels dynamic)");
        }
        return matrix(f, g, threads);
    }

    private static MutableMatrix matrix(Format f, Graph g, int threads) {
        if (isCsr(f)) {
            return new CsrMatrix(g);
        }
        if (isDense(f.level(0))) {
            return DynamicMatrix.build(dynamic(f.level(1)), g, threads);
        }
        return NestedMatrix.build(dynamic(f.level(0)), dynamic(f.level(1)), g, threads);
    }

    private static boolean isCsr(Format f) {
        return f.level(0).equals(StaticLevelFormat.DENSE) && f.level(1).equals(StaticLevelFormat.COMPRESSED);
    }

    private static boolean isDense(LevelFormat l) {
        return l.equals(StaticLevelFormat.DENSE);
    }

    private static boolean isDynamic(LevelFormat l) {
        return l instanceof DynamicLevelFormat;
    }

    private static org.stag.formats.dynamic.DynamicFormat dynamic(LevelFormat l) {
        return ((DynamicLevelFormat) l).format();
    }
}
