package org.stag.api;

import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.graph.GraphTensor;

/**
 * One run being set up: a shipped algorithm or a program, on a graph or a snapshot, with the settings
 * {@code stag run} takes. Each setter returns this run; {@link #execute()} runs it (again on each call).
 *
 * <p>Settings follow the command line's rule ({@code org.stag.algorithms.run.OptionRule}): one the algorithm does
 * not take (e.g. a source for {@code wcc}) is refused. An algorithm that takes a source and is given none starts at
 * the vertex with the most out-edges ({@link Result#defaultSource()}).
 */
public final class Run {
    /** One compiler per process: runs share their compiled kernels (the cache on disk is shared too). */
    static final AlgorithmRunner RUNNER = new AlgorithmRunner(new DefinitionCompiler());

    private final StagGraph graph;
    private final Snapshot snapshot;
    private final Algorithm algorithm;
    private final CheckedProgram program;
    private final RunSettings settings = new RunSettings();

    private Run(StagGraph graph, Snapshot snapshot, Algorithm algorithm, CheckedProgram program) {
        this.graph = graph;
        this.snapshot = snapshot;
        this.algorithm = algorithm;
        this.program = program;
        if (graph != null) {
            settings.ldbc(graph.ldbc()).graphName(graph.name());
        } else {
            settings.format(snapshot.tensors().format());
        }
    }

    /**
     * The shipped algorithm called {@code name} (any case).
     *
     * @throws StagException naming the algorithms there are
     */
    static Algorithm algorithm(String name) {
        return Algorithm.byName(name).orElseThrow(() -> new StagException("unknown algorithm '" + name
                + "' (expected " + String.join(", ", Algorithm.names()) + ")", null));
    }

    /** A run of {@code program} ({@code algorithm}'s, or a user's with a null algorithm) on a graph or a snapshot. */
    static Run on(StagGraph graph, Snapshot snapshot, Algorithm algorithm, CheckedProgram program) {
        return new Run(graph, snapshot, algorithm, program);
    }

    /**
     * The graph format of {@code A}, {@code AT} and {@code W}, as {@code --format} names it (default
     * {@value RunSettings#DEFAULT_FORMAT}; a snapshot's is its graph's, and only that one is accepted).
     *
     * @throws StagException for a malformed format, or another format than a snapshot's
     */
    public Run format(String format) {
        StagException.guard(() -> {
            if (snapshot != null && !GraphTensor.format(format).equals(settings.format())) {
                throw new IllegalArgumentException("a snapshot is in its graph's format " + settings.format()
                        + ", not " + format);
            }
            return settings.format(format);
        });
        return this;
    }

    /** Threads of the kernels (default 1). */
    public Run threads(int threads) {
        StagException.guard(() -> settings.threads(threads));
        return this;
    }

    /** The source vertex, in the input's numbering. */
    public Run source(long id) {
        settings.source(id);
        return this;
    }

    /** The sources (betweenness), in the input's numbering; every vertex by default. */
    public Run sources(long... ids) {
        settings.sources(ids);
        return this;
    }

    /** A fixed iteration count (pagerank, cdlp). */
    public Run iterations(int k) {
        settings.iterations(k);
        return this;
    }

    /** PageRank's damping factor. */
    public Run damping(double d) {
        settings.damping(d);
        return this;
    }

    /** Any other parameter of the program, as {@code --param name=value}. */
    public Run param(String name, String value) {
        settings.param(name, value);
        return this;
    }

    /** The most iterations a loop with a stop condition may run. */
    public Run maxIterations(long n) {
        StagException.guard(() -> settings.maxIterations(n));
        return this;
    }

    /**
     * Binds and runs the program, as {@code stag run} does.
     *
     * @throws StagException for settings that do not fit the program or the graph, or a failed run
     */
    public Result execute() {
        return StagException.guard(() -> {
            AlgorithmRunner.Prepared p = prepare();
            return new Result(p.run(), p.defaultSource().orElse(null));
        });
    }

    /**
     * Runs and checks the result against a reference, as {@code stag compare} does: JGraphT when it can compute the
     * algorithm as asked, else stag's hand-written Java.
     *
     * @throws StagException for a program run (name the algorithm with {@link #compare(String)} on a shipped one),
     *                       or when no reference can run it
     */
    public Agreement compare() {
        return compare(null);
    }

    /**
     * As {@link #compare()} against {@code reference}: {@code jgrapht} or {@code handwritten}, or null to choose.
     *
     * @throws StagException when that reference has no implementation of the algorithm that runs as asked
     */
    public Agreement compare(String reference) {
        return StagException.guard(() -> {
            if (algorithm == null) {
                throw new IllegalArgumentException("compare runs shipped algorithms; " + program.source().name()
                        + " is a program of one's own");
            }
            boolean sampled = settings.sources() != null;
            Comparison.Reference ref = reference == null ? Comparison.choose(algorithm, sampled)
                    : Comparison.Reference.parse(reference);
            AlgorithmRunner.Prepared p = prepare();
            Csr csr = graph != null ? graph.csr() : Csr.of(snapshot.tensors().toGraph());
            Comparison.Compared c = Comparison.compare(ref, algorithm, p, csr, sampled, settings.threads());
            return new Agreement(c.outcome().agree(), ref.id(), c.outcome().message(),
                    new Result(c.stag(), p.defaultSource().orElse(null)), c.reference().seconds());
        });
    }

    private AlgorithmRunner.Prepared prepare() {
        if (graph != null && graph.graph().holdsEdges()) {
            return RUNNER.prepare(program, algorithm, graph.graph(), settings);
        }
        // A graph loaded straight into a format: its tensors in that format, or read back into another.
        return RUNNER.prepare(program, algorithm, graph != null ? graph.tensors(settings.format())
                : snapshot.tensors(), settings);
    }
}
