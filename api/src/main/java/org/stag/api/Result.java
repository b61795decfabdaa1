package org.stag.api;

import java.util.Map;
import java.util.OptionalLong;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.VertexValues;
import org.stag.loaders.BadInputException;

/**
 * A run's per-vertex result, indexed by internal vertex (0..size()-1; {@link #vertexId} gives a vertex's id in the
 * input's numbering), with its parameters and times. Values are integers (depths, labels) or reals (ranks,
 * distances): {@link #integral()} says which of {@link #longs()} and {@link #doubles()} holds them.
 */
public final class Result {
    private final AlgorithmRunner.Result run;
    private final DefaultSource chosen;

    Result(AlgorithmRunner.Result run, DefaultSource chosen) {
        this.run = run;
        this.chosen = chosen;
    }

    /** The per-vertex view: its name (the program's output, e.g. {@code rank}), ids and values. */
    public VertexValues values() {
        return run.values();
    }

    /** Whether the values are integers ({@link #longs()}), not reals. */
    public boolean integral() {
        return run.values().integral();
    }

    /** Integer values by internal vertex: the result's own array, not a copy (do not change it). */
    public long[] longs() {
        if (!integral()) {
            throw new IllegalStateException(run.values().name() + " holds reals: read doubles()");
        }
        return run.values().longs();
    }

    /** Values by internal vertex as reals: the result's own array for reals, a widened copy of integers. */
    public double[] doubles() {
        if (!integral()) {
            return run.values().doubles();
        }
        long[] v = run.values().longs();
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    /** Number of vertices. */
    public int size() {
        return run.values().size();
    }

    /** The id of internal vertex {@code v} in the input's numbering. */
    public long vertexId(int v) {
        return run.values().ids().external(v);
    }

    /**
     * The value of the vertex with id {@code id} (input's numbering), as a real.
     *
     * @throws StagException when {@code id} is not a vertex of the graph
     */
    public double value(long id) {
        int v = run.values().ids().internal(id, size());
        if (v < 0) {
            throw new StagException("vertex " + id + " is not a vertex of the graph",
                    new BadInputException("vertex " + id));
        }
        return run.values().asDouble(v);
    }

    /** The ids of the {@code k} vertices with the largest values, largest first (ties: the smaller internal id first). */
    public long[] top(int k) {
        int n = size();
        int m = Math.max(0, Math.min(k, n));
        int[] best = new int[m];
        int count = 0;
        // Insertion into a short sorted list: k is small, and nothing is boxed.
        for (int v = 0; v < n; v++) {
            double x = run.values().asDouble(v);
            int at = count;
            while (at > 0 && x > run.values().asDouble(best[at - 1])) {
                at--;
            }
            if (at < m) {
                System.arraycopy(best, at, best, at + 1, Math.min(count, m - 1) - at);
                best[at] = v;
                count = Math.min(count + 1, m);
            }
        }
        long[] ids = new long[m];
        for (int i = 0; i < m; i++) {
            ids[i] = vertexId(best[i]);
        }
        return ids;
    }

    /** The source the run chose because it was given none (the vertex with the most out-edges), in the input's numbering. */
    public OptionalLong defaultSource() {
        return chosen == null ? OptionalLong.empty() : OptionalLong.of(chosen.id());
    }

    /** Every parameter's value (given, defaulted or from the graph), by name; {@code source} as an internal id. */
    public Map<String, Object> parameters() {
        return run.parameters();
    }

    /** Main's scalar outputs, by name. */
    public Map<String, Object> scalars() {
        return run.scalars();
    }

    /** Running the program, compilation excluded. */
    public double runSeconds() {
        return run.runSeconds();
    }

    /** Generating and compiling kernels for this run (0 when all were cached). */
    public double compileSeconds() {
        return run.compileSeconds();
    }

    /** Everything the runner reported (build time, iterations, kernels run, graph bytes). */
    public AlgorithmRunner.Result details() {
        return run;
    }
}
