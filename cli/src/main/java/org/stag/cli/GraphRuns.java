package org.stag.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.LdbcParameters;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/** What {@code stag run} and {@code stag compare} share: loading the graph, its LDBC parameters, the summary. */
final class GraphRuns {
    /** One compiler per process: a command runs once, and tests running many commands in-process share kernels. */
    static final AlgorithmRunner RUNNER = new AlgorithmRunner(new DefinitionCompiler());

    private GraphRuns() {
    }

    /** A graph as loaded, and how long loading took. */
    record Loaded(Graph graph, double seconds, LdbcParameters ldbc) {
    }

    /** Loads {@code file}; for an LDBC graph, also reads the parameters of its {@code .properties}. */
    static Loaded load(Path file, LoadOptions options) {
        long t0 = System.nanoTime();
        GraphLoader.Loaded loaded = GraphLoader.loadDescribed(file, options);
        Graph g = loaded.graph().requireSquare();
        double seconds = (System.nanoTime() - t0) / 1e9;
        GraphFileFormat f = loaded.format();
        LdbcParameters ldbc = f == GraphFileFormat.LDBC ? LdbcParameters.of(file) : LdbcParameters.NONE;
        return new Loaded(g, seconds, ldbc);
    }

    /** Seconds as printed: four decimals. */
    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.4f", s);
    }

    /**
     * The parameters of a run by name, leaving out {@code N} and {@code M} (printed as vertices and edges) and giving {@code source}
     * in the input's numbering.
     */
    static Map<String, Object> parameterValues(Map<String, Object> values, Graph g) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((name, v) -> {
            if (name.equals("N") || name.equals("M")) {
                return;
            }
            out.put(name, name.equals("source") && v instanceof Integer i && i >= 0 && i < g.numVertices()
                    ? g.ids().external(i) : v);
        });
        return out;
    }
}
