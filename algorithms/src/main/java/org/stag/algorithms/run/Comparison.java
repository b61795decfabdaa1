package org.stag.algorithms.run;

import java.util.Locale;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.Cdlp;
import org.stag.algorithms.handwritten.Lcc;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.algorithms.jgrapht.JGraphTGraphs;
import org.stag.algorithms.jgrapht.JGraphTReference;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.loaders.BadInputException;

/**
 * {@code stag compare}: runs a reference implementation with the semantics of a stag run, on the same graph
 * and with the same parameters (iterations, damping factor, source, sources, as the run used them), and
 * checks that both agree: integers exactly (BFS depths, CDLP labels), components as the same partition
 * (WCC), reals within a relative {@link #epsilon(Algorithm)}: 1e-9 for SSSP, LCC and betweenness, 1e-6 for
 * PageRank (whose contributions are floats).
 *
 * <p>References: {@linkplain Reference#JGRAPHT JGraphT} through {@link JGraphTReference} (PageRank, BFS,
 * Dijkstra, connectivity, betweenness from all sources; it has no CDLP or LCC with LDBC's semantics and
 * cannot sample betweenness sources), or stag's {@linkplain Reference#HANDWRITTEN hand-written} Java
 * implementations (all seven, betweenness with any sample).
 */
public final class Comparison {
    private Comparison() {
    }

    /** The implementations a stag run can be compared with. */
    public enum Reference {
        /** JGraphT 1.5.2 through {@link JGraphTReference}. */
        JGRAPHT("jgrapht"),
        /** The hand-written Java implementations of {@code org.stag.algorithms.handwritten}. */
        HANDWRITTEN("handwritten");

        private final String id;

        Reference(String id) {
            this.id = id;
        }

        /** The name on the command line. */
        public String id() {
            return id;
        }

        /** The reference called {@code name}. */
        public static Reference parse(String name) {
            String n = name.strip().toLowerCase(Locale.ROOT);
            for (Reference r : values()) {
                if (r.id.equals(n)) {
                    return r;
                }
            }
            throw new BadInputException("unknown reference '" + name + "' (expected jgrapht or handwritten)");
        }
    }

    /**
     * What the reference computed and how long it took.
     *
     * @param values       its per-vertex result
     * @param seconds      its run time (for JGraphT including building the JGraphT graph)
     * @param graphSeconds building the reference's graph alone (measured separately; 0 for hand-written code,
     *                     which reads the CSR as it is)
     */
    public record ReferenceRun(VertexValues values, double seconds, double graphSeconds) {
    }

    /**
     * The outcome of a comparison.
     *
     * @param agree   whether the results agree
     * @param method  how values were compared
     * @param message one line: how many vertices agree, or the first vertex (input's numbering) that differs
     */
    public record Outcome(boolean agree, LdbcValidation.Method method, String message) {
    }

    /**
     * Runs {@code reference} with the parameters of the stag run {@code stag}.
     *
     * @param sources the betweenness sources the run used (internal ids), or {@code null} for all vertices
     * @throws BadInputException when the reference has no such algorithm, or cannot run it as the run did
     */
    public static ReferenceRun run(Reference reference, Algorithm a, Csr g, AlgorithmRunner.Result stag, int[] sources,
                                   int threads) {
        supports(reference, a, sources != null);
        long t0 = System.nanoTime();
        VertexValues values = switch (reference) {
            case JGRAPHT -> jgrapht(a, g, stag);
            case HANDWRITTEN -> handwritten(a, g, stag, sources, threads);
        };
        double seconds = (System.nanoTime() - t0) / 1e9;
        double graphSeconds = 0;
        if (reference == Reference.JGRAPHT) {
            long t1 = System.nanoTime();
            switch (a) {
                case PAGERANK -> JGraphTGraphs.directed(g);
                case SSSP -> JGraphTGraphs.weighted(g);
                default -> JGraphTGraphs.unweighted(g);
            }
            graphSeconds = (System.nanoTime() - t1) / 1e9;
        }
        return new ReferenceRun(values, seconds, graphSeconds);
    }

    /**
     * Fails unless {@code reference} can run {@code a} ({@code sampled}: from a sample of betweenness sources).
     *
     * @throws BadInputException naming what to use instead
     */
    public static void supports(Reference reference, Algorithm a, boolean sampled) {
        String name = a.id();
        if (reference == Reference.JGRAPHT) {
            if (a == Algorithm.CDLP || a == Algorithm.LCC) {
                throw new BadInputException("JGraphT has no " + name + " with LDBC's semantics; compare " + name
                        + " with --reference handwritten");
            }
            if (a == Algorithm.BC && sampled) {
                throw new BadInputException("JGraphT computes betweenness from all sources only; compare a sample of"
                        + " sources with --reference handwritten");
            }
        }
    }

    private static VertexValues jgrapht(Algorithm a, Csr g, AlgorithmRunner.Result stag) {
        String out = a.output();
        try {
            return switch (a) {
                case PAGERANK -> real(out, g, JGraphTReference.pageRank(g, intParam(stag, "iterations"),
                        realParam(stag, "damping")));
                case BFS -> integral(out, g, JGraphTReference.bfs(g, intParam(stag, "source")));
                case SSSP -> real(out, g, JGraphTReference.sssp(g, intParam(stag, "source")));
                case WCC -> integral(out, g, widen(JGraphTReference.wcc(g)));
                case BC -> real(out, g, JGraphTReference.betweenness(g));
                case CDLP, LCC -> throw new IllegalStateException(a.id());
            };
        } catch (IllegalArgumentException e) {
            throw new BadInputException("JGraphT cannot run " + a.id() + " here: " + e.getMessage());
        }
    }

    private static VertexValues handwritten(Algorithm a, Csr g, AlgorithmRunner.Result stag, int[] sources, int threads) {
        String out = a.output();
        try {
            return switch (a) {
                case PAGERANK -> real(out, g, PageRank.run(g, intParam(stag, "iterations"), realParam(stag, "damping"),
                        threads));
                case BFS -> integral(out, g, Bfs.depths(g, intParam(stag, "source"), true, threads));
                case SSSP -> real(out, g, Sssp.run(g, intParam(stag, "source"), threads));
                case WCC -> integral(out, g, widen(Wcc.run(g, threads)));
                case CDLP -> integral(out, g, Cdlp.run(g, intParam(stag, "iterations"), threads));
                case LCC -> real(out, g, Lcc.run(g, threads));
                case BC -> real(out, g, sources == null ? Betweenness.run(g, threads) : Betweenness.run(g, sources, threads));
            };
        } catch (IllegalArgumentException e) {
            throw new BadInputException("the hand-written " + a.id() + " cannot run here: " + e.getMessage());
        }
    }

    /**
     * Compares the stag result {@code actual} with the reference's {@code expected}, the first differing vertex
     * named in the input's numbering.
     */
    public static Outcome check(Algorithm a, VertexValues expected, VertexValues actual) {
        LdbcValidation.Method method = method(a);
        LdbcValidation.Result r = switch (method) {
            case EXACT -> LdbcValidation.exact(expected.asLongs(), actual.asLongs());
            case EQUIVALENCE -> LdbcValidation.equivalence(expected.asLongs(), actual.asLongs());
            case EPSILON -> LdbcValidation.epsilon(expected.asDoubles(), actual.asDoubles(), epsilon(a));
        };
        return new Outcome(r.ok(), method, r.message());
    }

    /** The relative tolerance of {@code a}'s reals: LDBC's for its algorithm, else {@link LdbcValidation#EPSILON}. */
    public static double epsilon(Algorithm a) {
        return a.ldbc().map(l -> l.epsilon()).orElse(LdbcValidation.EPSILON);
    }

    /** How {@code a}'s results are compared: as LDBC validates it, and betweenness like PageRank. */
    public static LdbcValidation.Method method(Algorithm a) {
        return a.ldbc().map(l -> l.method()).orElse(LdbcValidation.Method.EPSILON);
    }

    private static int intParam(AlgorithmRunner.Result stag, String name) {
        Object v = stag.parameters().get(name);
        if (!(v instanceof Number n)) {
            throw new IllegalStateException("the run has no parameter " + name);
        }
        return n.intValue();
    }

    private static double realParam(AlgorithmRunner.Result stag, String name) {
        Object v = stag.parameters().get(name);
        if (!(v instanceof Number n)) {
            throw new IllegalStateException("the run has no parameter " + name);
        }
        return n.doubleValue();
    }

    private static long[] widen(int[] v) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    private static VertexValues real(String name, Csr g, double[] v) {
        return new VertexValues(name, g.ids(), null, v);
    }

    private static VertexValues integral(String name, Csr g, long[] v) {
        return new VertexValues(name, g.ids(), v, null);
    }
}
