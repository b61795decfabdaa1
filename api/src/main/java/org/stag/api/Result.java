package org.stag.api;

import java.util.Map;
import java.util.OptionalLong;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.ScalarValue;
import org.stag.algorithms.run.VertexValues;
import org.stag.loaders.BadInputException;

/**
 * A run's per-vertex result, indexed by internal vertex (0..size()-1; {@link #vertexId} gives a vertex's id in the
 * input's numbering), with its parameters and times. Values are integers (depths, labels) or reals (ranks,
 * distances): {@link #integral()} says which of {@link #longs()} and {@link #doubles()} holds them. An algorithm
 * that gives one number for the whole graph (triangle counting) has no per-vertex values: read {@link #count()} or
 * {@link #scalar()}.
 */
public final class Result {
    private final AlgorithmRunner.Result run;
    private final DefaultSource chosen;

    Result(AlgorithmRunner.Result run, DefaultSource chosen) {
        this.run = run;
        this.chosen = chosen;
    }

    /** The per-vertex view: its name (the program's output, e.g. {@code rank}), ids and values; null for one number. */
    public VertexValues values() {
        return run.values();
    }

    /** Whether the result is one number for the whole graph ({@link #scalar()}), not one value per vertex. */
    public boolean isScalar() {
        return run.scalar() != null;
    }

    /**
     * The one number of an algorithm that gives one (tc's {@code triangles}).
     *
     * @throws IllegalStateException when the result is one value per vertex
     */
    public ScalarValue scalar() {
        if (run.scalar() == null) {
            throw new IllegalStateException(run.program() + " gives one value per vertex, not one number: read values()");
        }
        return run.scalar();
    }

    /**
     * The one whole number of an algorithm that gives one: the number of triangles of {@code tc}.
     *
     * @throws IllegalStateException when the result is one value per vertex, or a real
     */
    public long count() {
        ScalarValue s = scalar();
        if (!s.integral()) {
            throw new IllegalStateException(s.name() + " is a real, " + s.text() + ": read scalar()");
        }
        return s.value().longValue();
    }

    /** Whether the values are integers ({@link #longs()}), not reals. */
    public boolean integral() {
        return perVertex().integral();
    }

    private VertexValues perVertex() {
        if (run.values() == null) {
            throw new IllegalStateException(run.program() + " gives " + (run.scalar() != null ? "one number: read count()"
                    + " or scalar()" : "a set of edges: read details().edges()"));
        }
        return run.values();
    }

    /** Integer values by internal vertex: the result's own array, not a copy (do not change it). */
    public long[] longs() {
        if (!integral()) {
            throw new IllegalStateException(perVertex().name() + " holds reals: read doubles()");
        }
        return perVertex().longs();
    }

    /** Values by internal vertex as reals: the result's own array for reals, a widened copy of integers. */
    public double[] doubles() {
        if (!integral()) {
            return perVertex().doubles();
        }
        long[] v = perVertex().longs();
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    /** Number of vertices. */
    public int size() {
        return perVertex().size();
    }

    /** The id of internal vertex {@code v} in the input's numbering. */
    public long vertexId(int v) {
        return perVertex().ids().external(v);
    }

    /**
     * The value of the vertex with id {@code id} (input's numbering), as a real.
     *
     * @throws StagException when {@code id} is not a vertex of the graph
     */
    public double value(long id) {
        int v = perVertex().ids().internal(id, size());
        if (v < 0) {
            throw new StagException("vertex " + id + " is not a vertex of the graph",
                    new BadInputException("vertex " + id));
        }
        return perVertex().asDouble(v);
    }

    /** The ids of the {@code k} vertices with the largest values, largest first (ties: the smaller internal id first). */
    public long[] top(int k) {
        int n = size();
        int m = Math.max(0, Math.min(k, n));
        int[] best = new int[m];
        int count = 0;
        VertexValues values = perVertex();
        // Insertion into a short sorted list: k is small, and nothing is boxed.
        for (int v = 0; v < n; v++) {
            double x = values.asDouble(v);
            int at = count;
            while (at > 0 && x > values.asDouble(best[at - 1])) {
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
