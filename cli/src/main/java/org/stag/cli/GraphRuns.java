package org.stag.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.loaders.Graph;

/** What {@code stag run}, {@code compare} and {@code stream} share: one runner, the source line, the summary. */
final class GraphRuns {
    /** One compiler per process: a command runs once, and tests running many commands in-process share kernels. */
    static final AlgorithmRunner RUNNER = new AlgorithmRunner(new DefinitionCompiler());

    private GraphRuns() {
    }

    /** Prints the source a run chose because none was given ({@link org.stag.algorithms.run.DefaultSource#line()}). */
    static void tellSource(AlgorithmRunner.Prepared prepared, Progress shown, PrintWriter err) {
        prepared.defaultSource().ifPresent(d -> {
            shown.clear();
            err.println(d.line());
            err.flush();
        });
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
