package org.stag.algorithms.run;

import java.util.Locale;
import java.util.Optional;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Check;
import org.stag.algorithms.catalog.Implementation;
import org.stag.algorithms.catalog.Implementation.Input;
import org.stag.algorithms.catalog.Implementation.Values;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.loaders.BadInputException;

/**
 * {@code stag compare}: runs a reference implementation with the semantics of a stag run, on the same graph
 * and with the same parameters (iterations, damping factor, source, sources, as the run used them), and
 * checks that both agree by the algorithm's {@link Check}: integers exactly (BFS depths, CDLP labels),
 * components as the same partition (WCC), sets of edges exactly (k-truss), counts exactly (triangles), reals within a relative tolerance: 1e-9 for SSSP, LCC and
 * betweenness, 1e-6 for PageRank (whose contributions are floats).
 *
 * <p>References: {@linkplain Reference#JGRAPHT JGraphT} and stag's {@linkplain Reference#HANDWRITTEN hand-written}
 * Java implementations, as each algorithm's descriptor gives them ({@link org.stag.algorithms.catalog.Descriptor}).
 */
public final class Comparison {
    private Comparison() {
    }

    /** The implementations a stag run can be compared with. */
    public enum Reference {
        /** JGraphT 1.5.2 through {@code org.stag.algorithms.jgrapht}. */
        JGRAPHT("jgrapht", "JGraphT"),
        /** The hand-written Java implementations of {@code org.stag.algorithms.handwritten}. */
        HANDWRITTEN("handwritten", "the hand-written code");

        private final String id;
        private final String title;

        Reference(String id, String title) {
            this.id = id;
            this.title = title;
        }

        /** The name on the command line. */
        public String id() {
            return id;
        }

        /** {@code a}'s implementation of this kind, if it has one. */
        public Optional<Implementation> of(Algorithm a) {
            return this == JGRAPHT ? a.descriptor().jgrapht() : a.descriptor().handwritten();
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
     * @param values       its per-vertex result, else null
     * @param edges        its set of edges ({@link org.stag.algorithms.catalog.Output.Shape#EDGE}), else null
     * @param scalar       its one number ({@link org.stag.algorithms.catalog.Output.Shape#SCALAR}), else null
     * @param seconds      its run time (for JGraphT including building the JGraphT graph)
     * @param graphSeconds building the reference's graph alone (measured separately; 0 for hand-written code,
     *                     which reads the CSR as it is)
     */
    public record ReferenceRun(VertexValues values, EdgeValues edges, ScalarValue scalar, double seconds,
                               double graphSeconds) {
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
        Implementation impl = supports(reference, a, sources != null);
        Input in = new Input(g, stag.parameters(), sources, threads);
        long t0 = System.nanoTime();
        Values v;
        try {
            v = impl.code().run(in);
        } catch (IllegalArgumentException e) {
            throw new BadInputException((reference == Reference.JGRAPHT ? "JGraphT cannot run " + a.id() + " here: "
                    : "the hand-written " + a.id() + " cannot run here: ") + e.getMessage());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double graphSeconds = 0;
        if (reference == Reference.JGRAPHT) {
            long t1 = System.nanoTime();
            impl.graph().accept(g);
            graphSeconds = (System.nanoTime() - t1) / 1e9;
        }
        if (v.scalar() != null) {
            return new ReferenceRun(null, null, ScalarValue.of(a.output(), v.scalar()), seconds, graphSeconds);
        }
        return v.sources() != null
                ? new ReferenceRun(null, EdgeValues.of(a.output(), g.ids(), v.sources(), v.targets()), null, seconds,
                        graphSeconds)
                : new ReferenceRun(new VertexValues(a.output(), g.ids(), v.longs(), v.doubles()), null, null, seconds,
                        graphSeconds);
    }

    /**
     * {@code a}'s implementation of kind {@code reference}, if it can run as asked ({@code sampled}: from a sample
     * of sources).
     *
     * @throws BadInputException naming what to use instead
     */
    public static Implementation supports(Reference reference, Algorithm a, boolean sampled) {
        String name = a.id();
        Implementation impl = reference.of(a).orElseThrow(() -> new BadInputException(
                reference == Reference.JGRAPHT ? "JGraphT has no " + name + (a.ldbc().isPresent() ? " with LDBC's semantics"
                        : "") + "; compare " + name
                        + " with --reference handwritten" : "stag has no hand-written " + name
                        + (a.descriptor().jgrapht().isPresent() ? "; compare " + name + " with --reference jgrapht" : "")));
        if (sampled && impl.allSourcesOnly() != null) {
            throw new BadInputException(reference.title + " " + impl.allSourcesOnly() + "; compare a sample of"
                    + " sources with --reference " + (reference == Reference.JGRAPHT ? "handwritten" : "jgrapht"));
        }
        return impl;
    }

    /** Compares the stag run {@code actual} with the reference's {@code expected}: values per vertex, edge sets or numbers. */
    public static Outcome check(Algorithm a, ReferenceRun expected, AlgorithmRunner.Result actual) {
        return check(a, expected.values(), expected.edges(), expected.scalar(), actual);
    }

    /** Compares two stag runs of {@code a} (two formats, two thread counts): values per vertex, edge sets or numbers. */
    public static Outcome check(Algorithm a, AlgorithmRunner.Result expected, AlgorithmRunner.Result actual) {
        return check(a, expected.values(), expected.edges(), expected.scalar(), actual);
    }

    private static Outcome check(Algorithm a, VertexValues values, EdgeValues edges, ScalarValue scalar,
                                 AlgorithmRunner.Result actual) {
        if (scalar != null) {
            return check(a, scalar, actual.scalar());
        }
        return edges != null ? check(edges, actual.edges()) : check(a, values, actual.values());
    }

    /**
     * Compares two numbers of {@code a}: integers exactly, reals within its check's relative tolerance (exactly when
     * its check is exact).
     */
    public static Outcome check(Algorithm a, ScalarValue expected, ScalarValue actual) {
        Check c = a.check();
        boolean agree;
        if (expected.integral() && actual.integral()) {
            agree = expected.value().longValue() == actual.value().longValue();
        } else {
            double e = expected.value().doubleValue();
            double x = actual.value().doubleValue();
            agree = e == x || c.method() == LdbcValidation.Method.EPSILON
                    && Math.abs(e - x) <= c.epsilon() * Math.max(Math.abs(e), Math.abs(x));
        }
        return new Outcome(agree, c.method(), agree ? expected.name() + " " + expected.text() + " matches"
                : expected.name() + ": expected " + expected.text() + ", got " + actual.text());
    }

    /** Compares two sets of edges exactly, the first edge in only one of them named in the input's numbering. */
    public static Outcome check(EdgeValues expected, EdgeValues actual) {
        String why = expected.difference(actual);
        return new Outcome(why == null, LdbcValidation.Method.EXACT,
                why == null ? expected.size() + " edges match" : why);
    }

    /**
     * A stag run and its reference's, checked.
     *
     * @param stag      the stag run's result
     * @param reference the reference's
     * @param outcome   whether they agree
     */
    public record Compared(AlgorithmRunner.Result stag, ReferenceRun reference, Outcome outcome) {
    }

    /**
     * {@code stag compare}: runs {@code prepared} (algorithm {@code a}, or a program computing it), then
     * {@code reference} with the parameters the run used, and checks the two.
     *
     * @param sampled whether the run was given a sample of sources (the reference then gets the same ones)
     * @throws BadInputException when the reference cannot run {@code a} as the run did
     */
    public static Compared compare(Reference reference, Algorithm a, AlgorithmRunner.Prepared prepared, Csr g,
                                   boolean sampled, int threads) {
        supports(reference, a, sampled);
        AlgorithmRunner.Result r = prepared.run();
        ReferenceRun rr = run(reference, a, g, r, sampled ? prepared.sources() : null, threads);
        return new Compared(r, rr, check(a, rr, r));
    }

    /**
     * The reference to compare {@code a} with when none is named: among the references its descriptor gives, JGraphT
     * when it can run {@code a} as asked ({@code sampled}: from a sample of sources), else the hand-written code.
     *
     * @throws BadInputException when none of them can
     */
    public static Reference choose(Algorithm a, boolean sampled) {
        for (Reference r : Reference.values()) {
            if (r.of(a).filter(impl -> !sampled || impl.allSourcesOnly() == null).isPresent()) {
                return r;
            }
        }
        throw new BadInputException("no reference can check " + a.id() + (sampled ? " from a sample of sources"
                : "") + ": its descriptor gives " + (a.descriptor().jgrapht().isEmpty()
                && a.descriptor().handwritten().isEmpty() ? "none" : "only one that computes from all sources"));
    }

    /**
     * Compares the stag result {@code actual} with the reference's {@code expected}, the first differing vertex
     * named in the input's numbering.
     */
    public static Outcome check(Algorithm a, VertexValues expected, VertexValues actual) {
        Check c = a.check();
        LdbcValidation.Result r = switch (c.method()) {
            case EXACT -> LdbcValidation.exact(expected.asLongs(), actual.asLongs());
            case EQUIVALENCE -> LdbcValidation.equivalence(expected.asLongs(), actual.asLongs());
            case EPSILON -> LdbcValidation.epsilon(expected.asDoubles(), actual.asDoubles(), c.epsilon());
        };
        return new Outcome(r.ok(), c.method(), r.message());
    }
}
