package org.stag.algorithms.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Output;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.jit.CompiledKernel;
import org.stag.engine.plan.ProgramPlan;
import org.stag.engine.program.ProgramRunner;
import org.stag.engine.program.RunOptions;
import org.stag.engine.program.RunStats;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * Runs a stag program on a graph: binds what the program declares by the binding convention, runs
 * {@code Main}, and returns the per-vertex result (or the set of edges, or the one number) with its timings.
 *
 * <p><b>Binding convention.</b> A program declares the inputs and parameters it uses; for each one it
 * declares, the runner supplies:
 * <ul>
 *   <li>{@code N int}: the number of vertices; {@code M long}: the number of stored edges (an undirected edge
 *       twice);</li>
 *   <li>{@code A bool[N][N]}: the out-edge pattern; {@code AT bool[N][N]}: the in-edge pattern (the transpose);
 *       {@code W double[N][N] fill inf}: the weights (1.0 per edge of an unweighted graph). All three in the
 *       graph format of {@link RunSettings#format()}, whatever level formats the program declares;</li>
 *   <li>{@code id long[N]}: the input's id of every vertex;</li>
 *   <li>{@code source int}: the internal id of {@link RunSettings#source()} (given in the input's numbering),
 *       else of the LDBC root for BFS or SSSP, else the program's default, else the vertex with the most
 *       out-edges ({@link DefaultSource}, which {@link Prepared#defaultSource()} reports);</li>
 *   <li>{@code K int} and {@code sources int[K]}: the internal ids of {@link RunSettings#sources()}, all
 *       vertices by default;</li>
 *   <li>{@code directed bool}: whether the graph is directed;</li>
 *   <li>{@code iterations} and {@code damping}: {@link RunSettings#iterations()} and
 *       {@link RunSettings#damping()}, else the LDBC parameters of PageRank or CDLP, else the program's
 *       defaults;</li>
 *   <li>{@code seed} and {@code k} (lower case, unlike the sources' {@code K}): {@link RunSettings#seed()} and
 *       {@link RunSettings#k()}, else the program's defaults;</li>
 *   <li>any other parameter from {@link RunSettings#params()}.</li>
 * </ul>
 * A shipped algorithm's descriptor adds what its program cannot say: weights it needs non-negative (SSSP's,
 * checked before anything runs) and defaults computed from the graph (SSSP's bucket width {@code delta}, the mean
 * edge weight), unless given. The convention itself is {@link Binding}.
 *
 * <p>Problems with what was asked (an unknown vertex, negative weights, an input the convention does not know, a
 * setting the program does not take, refused by {@link OptionRule}) are {@link BadInputException}s with
 * one-line messages; problems the runtime finds are its {@code ProgramRunException}s.
 */
public final class AlgorithmRunner {
    private final DefinitionCompiler compiler;

    /** A runner with a compiler of its own. */
    public AlgorithmRunner() {
        this(new DefinitionCompiler());
    }

    /** A runner compiling with {@code compiler} (share one to reuse its kernels across runs). */
    public AlgorithmRunner(DefinitionCompiler compiler) {
        this.compiler = compiler;
    }

    public DefinitionCompiler compiler() {
        return compiler;
    }

    /** Prepares a shipped algorithm; see {@link #prepare(CheckedProgram, Algorithm, Graph, RunSettings)}. */
    public Prepared prepare(Algorithm a, Graph g, RunSettings s) {
        return prepare(a.program(), a, g, s);
    }

    /** Prepares and runs a shipped algorithm. */
    public Result run(Algorithm a, Graph g, RunSettings s) {
        return prepare(a, g, s).run();
    }

    /**
     * Binds {@code p} to {@code g} by the convention: checks the settings against what the program declares,
     * builds the graph tensors it reads, and prepares the runtime.
     *
     * @param algorithm the shipped algorithm {@code p} is or computes (its LDBC parameters, source and SSSP
     *                  checks apply), or {@code null} for a user's program
     * @throws BadInputException for settings that do not fit the program or the graph
     * @throws org.stag.engine.program.ProgramRunException when the runtime refuses the bindings
     */
    public Prepared prepare(CheckedProgram p, Algorithm algorithm, Graph g, RunSettings s) {
        return prepare(p, algorithm, g, s, null);
    }

    /**
     * As {@link #prepare(CheckedProgram, Algorithm, Graph, RunSettings)}, reading the graph from {@code tensors}
     * (built once and shared by several runs, e.g. every algorithm of {@code stag bench} on one format, or
     * runs between batches of updates), which must be in the format of {@code s}.
     */
    public Prepared prepare(CheckedProgram p, Algorithm algorithm, GraphTensor tensors, RunSettings s) {
        return prepare(p, algorithm, tensors, s, Map.of());
    }

    /**
     * As {@link #prepare(CheckedProgram, Algorithm, GraphTensor, RunSettings)}, binding besides the convention's
     * inputs the tensors of {@code extra} by name (an incremental program's previous result and batch); the
     * runtime checks them against their declarations. The graph may have grown by batches: {@code N} is the
     * tensors' number of vertices.
     *
     * @throws IllegalArgumentException when {@code extra} names a tensor that is not an input of {@code p}
     */
    public Prepared prepare(CheckedProgram p, Algorithm algorithm, GraphTensor tensors, RunSettings s,
                            Map<String, Tensor> extra) {
        if (!tensors.format().equals(s.format())) {
            throw new IllegalArgumentException("tensors in " + tensors.format() + ", settings ask for " + s.format());
        }
        return prepare(p, algorithm, tensors.graph(), s, tensors, extra);
    }

    private Prepared prepare(CheckedProgram p, Algorithm algorithm, Graph g, RunSettings s, GraphTensor shared) {
        return prepare(p, algorithm, g, s, shared, Map.of());
    }

    private Prepared prepare(CheckedProgram p, Algorithm algorithm, Graph g, RunSettings s, GraphTensor shared,
                             Map<String, Tensor> extra) {
        g.requireSquare();
        Format format = s.format();
        // Shared tensors may be a later version of g (a DynamicGraph's snapshot) with more vertices.
        int n = shared != null ? shared.numVertices() : g.numVertices();
        Binding b = Binding.of(p, algorithm, g, n, shared != null ? shared.numEdges() : g.numEntries(), s, extra);
        // A program of one's own run as an algorithm (stag compare --as) keeps its own output's name.
        String output = algorithm != null && (p == algorithm.program() || scalar(algorithm)) ? shippedOutput(p, algorithm)
                : Binding.vertexOutput(p);

        RunOptions o = new RunOptions().threads(s.threads()).maxIterations(s.maxIterations())
                .onIteration(s.iterationListener()).executor(s.executor()).params(b.given());
        if (s.explain() != null) {
            o.explain(s.explain());
        }

        // The graph tensors the program reads.
        GraphTensor tensors = shared != null ? shared : GraphTensor.of(g, format, s.threads());
        long built = tensors.buildNanos();
        for (String name : b.inputs().keySet()) {
            Tensor t = extra.containsKey(name) ? extra.get(name) : switch (name) {
                case "A" -> tensors.a();
                case "AT" -> tensors.at();
                case "W" -> tensors.w();
                case "id" -> tensors.id();
                case "sources" -> GraphTensor.denseVector(Values.ofInts(b.sources()));
                default -> throw new IllegalStateException(name);
            };
            o.input(name, t);
        }

        long compiled = kernelNanos();
        ProgramRunner runner = new ProgramRunner(p, compiler, o);   // compiles the plan's kernels
        Prepared prepared = new Prepared(p, algorithm, g, format, runner, output, b.sources(),
                (tensors.buildNanos() - built) / 1e9, tensors, b.chosen());
        prepared.planCompileNanos = Math.max(0, kernelNanos() - compiled);
        return prepared;
    }

    /**
     * The output holding a shipped algorithm's result, which the runner collects per vertex, as a set of edges or as
     * one number. A program of one's own computing an algorithm of one number ({@code stag compare --as tc}) must
     * give it in an output of the algorithm's name.
     */
    private static String shippedOutput(CheckedProgram p, Algorithm a) {
        String name = a.descriptor().output().name();
        if (p != a.program() && p.main().outputs().stream().noneMatch(s -> s.name().equals(name) && !s.isTensor())) {
            throw new BadInputException(p.source().name(), p.main().decl().pos().line(), "Main has no scalar output '"
                    + name + "', which " + a.id() + " gives");
        }
        return name;
    }

    private static boolean scalar(Algorithm a) {
        return a.descriptor().output().shape() == Output.Shape.SCALAR;
    }

    /** Sum of the generation and compile times of every kernel the compiler holds. */
    private long kernelNanos() {
        long sum = 0;
        for (CompiledKernel k : compiler.cache().kernels()) {
            sum += k.generateNanos() + k.compileNanos();
        }
        return sum;
    }

    /** A program bound to a graph, ready to run. */
    public final class Prepared {
        private final CheckedProgram program;
        private final Algorithm algorithm;
        private final Graph graph;
        private final Format format;
        private final ProgramRunner runner;
        private final String output;
        private final int[] sources;
        private final double buildSeconds;
        private final GraphTensor tensors;
        private final DefaultSource chosen;
        /** Compiling the plan's kernels while preparing: counted in the first run's compile time. */
        private long planCompileNanos;

        Prepared(CheckedProgram program, Algorithm algorithm, Graph graph, Format format, ProgramRunner runner,
                 String output, int[] sources, double buildSeconds, GraphTensor tensors, DefaultSource chosen) {
            this.program = program;
            this.algorithm = algorithm;
            this.graph = graph;
            this.format = format;
            this.runner = runner;
            this.output = output;
            this.sources = sources;
            this.buildSeconds = buildSeconds;
            this.tensors = tensors;
            this.chosen = chosen;
        }

        /**
         * The source chosen because the run was given none and the program declares one without a default (the
         * vertex with the most out-edges), which a command prints ({@link DefaultSource#line()}); empty otherwise.
         */
        public java.util.Optional<DefaultSource> defaultSource() {
            return java.util.Optional.ofNullable(chosen);
        }

        /** The graph the run reads, as built in its format. */
        public GraphTensor graphTensor() {
            return tensors;
        }

        /** The internal ids bound to {@code sources}, or {@code null} when the program declares none. */
        public int[] sources() {
            return sources == null ? null : sources.clone();
        }

        public CheckedProgram program() {
            return program;
        }

        /** The value of every parameter (given, defaulted or from the graph), by name. */
        public Map<String, Object> parameters() {
            return runner.parameters();
        }

        /** The graph's tensors, as the run holds them. */
        public GraphTensor tensors() {
            return tensors;
        }

        /** What the runtime has done so far, the kernels it ran included ({@link RunStats#kernels()}). */
        public RunStats stats() {
            return runner.stats();
        }

        /** The program's plan for this graph: every kernel a run may execute. */
        public ProgramPlan plan() {
            return runner.plan();
        }

        /**
         * Binds input {@code name} to {@code t} for the next runs ({@link ProgramRunner#rebind}): an input given
         * to {@link AlgorithmRunner#prepare(CheckedProgram, Algorithm, GraphTensor, RunSettings, Map)} that changes
         * between runs while the graph and its size stay.
         *
         * @throws org.stag.engine.program.ProgramRunException when {@code t} does not fit the input's declaration
         */
        public void rebind(String name, Tensor t) {
            runner.rebind(name, t);
        }

        /**
         * Binds input {@code name} to {@code t} for the next run only and hands {@code t} over to it
         * ({@link ProgramRunner#give}): the run may update a dense {@code t} in place and return it as the
         * result, so the caller must not read {@code t} afterwards except through the result, and must give or
         * bind the input again before the run after.
         *
         * @throws org.stag.engine.program.ProgramRunException when {@code t} does not fit the input's declaration
         */
        public void give(String name, Tensor t) {
            runner.give(name, t);
        }

        /** Runs {@code Main} and collects the per-vertex result, with the graph's bytes. May be called again. */
        public Result run() {
            return run(true);
        }

        /**
         * Runs {@code Main} and collects the per-vertex result; the graph's bytes ({@link Result#graphBytes}) only
         * when {@code graphBytes}, else -1: counting them walks every node pool of a dynamic format, a cost per
         * run that a caller running often (an incremental update) need not pay. May be called again.
         */
        public Result run(boolean graphBytes) {
            long iterations = runner.stats().iterations();
            long kernelRuns = runner.stats().kernelRuns();
            long compiled = kernelNanos();
            long t0 = System.nanoTime();
            Map<String, Object> outs = runner.runMain();
            long wall = System.nanoTime() - t0;
            long compile = Math.max(0, kernelNanos() - compiled);
            long planned = planCompileNanos;
            planCompileNanos = 0;
            Object value = outs.get(output);
            ScalarValue scalar = null;
            Tensor t = null;
            if (!(value instanceof Tensor)) {
                if (value == null) {
                    throw new IllegalStateException("Main of " + program.source().name() + " has no output " + output);
                }
                scalar = ScalarValue.of(output, value);
            } else {
                t = (Tensor) value;
                if (t.order() != 1 && t.order() != 2) {
                    throw new IllegalStateException("output " + output + " of " + program.source().name()
                            + " is not a vector or a matrix");
                }
                if (t.dimension(0) != tensors.numVertices() || t.order() == 2 && t.dimension(1) != tensors.numVertices()) {
                    throw new BadInputException(program.source().name(), 0, "output '" + output + "' has "
                            + t.dimension(0) + " entries, but the graph has " + tensors.numVertices() + " vertices");
                }
            }
            Map<String, Object> scalars = new LinkedHashMap<>();
            outs.forEach((name, v) -> {
                if (!(v instanceof Tensor)) {
                    scalars.put(name, v);
                }
            });
            boolean edges = t != null && t.order() == 2;
            return new Result(algorithm, program.source().name(), format,
                    t == null || edges ? null : VertexValues.of(output, t, graph.ids()),
                    edges ? EdgeValues.of(output, t, graph.ids()) : null, scalar, scalars, runner.parameters(),
                    buildSeconds, (compile + planned) / 1e9, Math.max(0, wall - compile) / 1e9,
                    runner.stats().iterations() - iterations, runner.stats().kernelRuns() - kernelRuns,
                    graphBytes ? tensors.memoryBytes() : -1, tensors.holdsInEdges());
        }
    }

    /**
     * What a run produced.
     *
     * @param algorithm      the shipped algorithm, or {@code null} for a user's program
     * @param program        the program's file name
     * @param format         the graph format
     * @param values         the per-vertex result ({@link Output.Shape#VERTEX}), else null
     * @param edges          the set of edges a program gives as a bool matrix ({@link Output.Shape#EDGE}), else null
     * @param scalar         the one number of the whole graph ({@link Output.Shape#SCALAR}), else null
     * @param scalars        Main's scalar outputs, by name
     * @param parameters     every parameter's value, by name
     * @param buildSeconds   building the graph tensors
     * @param compileSeconds generating and compiling kernels for the run, the plan's up-front compilation included
     *                       in the first run (0 when all were cached)
     * @param runSeconds     running Main, compilation excluded
     * @param iterations     runs of star-call functions (outer-loop iterations, nested ones included)
     * @param kernelRuns     kernels run
     * @param graphBytes     bytes of the graph's structures the run held ({@link GraphTensor#memoryBytes()}), or -1
     *                       when not counted ({@link Prepared#run(boolean)})
     * @param inEdges        whether they include an in-edge structure of their own (a directed graph's {@code AT})
     */
    public record Result(Algorithm algorithm, String program, Format format, VertexValues values, EdgeValues edges,
                         ScalarValue scalar, Map<String, Object> scalars, Map<String, Object> parameters, double buildSeconds,
                         double compileSeconds, double runSeconds, long iterations, long kernelRuns,
                         long graphBytes, boolean inEdges) {
    }

    /** Names of the inputs the convention binds. */
    public static Set<String> inputNames() {
        return Binding.inputNames();
    }
}
