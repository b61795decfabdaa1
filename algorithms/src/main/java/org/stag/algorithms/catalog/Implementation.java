package org.stag.algorithms.catalog;

import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.stag.algorithms.graph.Csr;

/**
 * A reference implementation of an algorithm (hand-written Java, JGraphT): how it computes the algorithm with
 * the parameters a stag run used, so that the two results can be compared.
 *
 * @param code           runs it
 * @param graph          builds the reference's own graph alone, for timing it apart (JGraphT); does nothing for
 *                       code that reads the {@link Csr} as it is
 * @param allSourcesOnly what it computes when it cannot take a sample of sources, e.g. {@code "computes
 *                       betweenness from all sources only"}; null when it can (or the algorithm has no sources)
 */
public record Implementation(Code code, Consumer<Csr> graph, String allSourcesOnly) {
    public Implementation {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(graph, "graph");
    }

    /** A reference that reads the {@link Csr} as it is and takes any sources. */
    public static Implementation of(Code code) {
        return new Implementation(code, g -> { }, null);
    }

    /** A reference that builds a graph of its own with {@code graph} and takes any sources. */
    public static Implementation of(Consumer<Csr> graph, Code code) {
        return new Implementation(code, graph, null);
    }

    /** This reference, computing from all sources only ({@code what}: e.g. "computes betweenness from all sources only"). */
    public Implementation allSourcesOnly(String what) {
        return new Implementation(code, graph, what);
    }

    /** The code that runs. */
    @FunctionalInterface
    public interface Code {
        /**
         * The result on {@code in}.
         *
         * @throws IllegalArgumentException when it cannot run on this graph (a weight it cannot take...)
         */
        Values run(Input in);
    }

    /**
     * What a reference runs on.
     *
     * @param graph      the graph, out-edges and in-edges
     * @param parameters the value of every parameter of the stag run, by name (iterations, damping, source as an
     *                   internal id...)
     * @param sources    the sources the run used (internal ids), or null for every vertex
     * @param threads    threads to use
     */
    public record Input(Csr graph, Map<String, Object> parameters, int[] sources, int threads) {
        /** Parameter {@code name} as an int. */
        public int integer(String name) {
            return number(name).intValue();
        }

        /** Parameter {@code name} as a long (a seed). */
        public long wide(String name) {
            return number(name).longValue();
        }

        /** Parameter {@code name} as a double. */
        public double real(String name) {
            return number(name).doubleValue();
        }

        private Number number(String name) {
            if (!(parameters.get(name) instanceof Number n)) {
                throw new IllegalStateException("the run has no parameter " + name);
            }
            return n;
        }
    }

    /**
     * A reference's result, by internal id: one integer or one real per vertex, a set of edges, or one number for
     * the whole graph.
     *
     * @param longs   integer values, else null
     * @param doubles real values, else null
     * @param sources the sources of the edges of a set, else null
     * @param targets their targets, in the same order, else null
     * @param scalar  the one number ({@link Output.Shape#SCALAR}: a {@code Long} or a {@code Double}), else null
     */
    public record Values(long[] longs, double[] doubles, int[] sources, int[] targets, Number scalar) {
        public Values {
            int kinds = (longs != null ? 1 : 0) + (doubles != null ? 1 : 0) + (sources != null ? 1 : 0)
                    + (scalar != null ? 1 : 0);
            if (kinds != 1 || (sources == null) != (targets == null)) {
                throw new IllegalArgumentException("exactly one of longs, doubles, edges and a scalar");
            }
        }

        public static Values reals(double[] v) {
            return new Values(null, v, null, null, null);
        }

        public static Values integers(long[] v) {
            return new Values(v, null, null, null, null);
        }

        /** One whole number for the whole graph (a count). */
        public static Values count(long v) {
            return new Values(null, null, null, null, v);
        }

        /** Integers widened from ints (component labels). */
        public static Values integers(int[] v) {
            long[] out = new long[v.length];
            for (int i = 0; i < v.length; i++) {
                out[i] = v[i];
            }
            return new Values(out, null, null, null, null);
        }

        /** The edges {@code (sources[e], targets[e])}, in any order. */
        public static Values edges(int[] sources, int[] targets) {
            return new Values(null, null, sources, targets, null);
        }
    }
}
