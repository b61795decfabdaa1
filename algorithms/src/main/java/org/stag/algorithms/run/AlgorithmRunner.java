package org.stag.algorithms.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.ops.Constant;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.ScalarType;
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
 * {@code Main}, and returns the per-vertex result with its timings.
 *
 * <p><b>Binding convention.</b> A program declares the inputs and parameters it uses; for each one it
 * declares, the runner supplies:
 * <ul>
 *   <li>{@code N int}: the number of vertices;</li>
 *   <li>{@code A bool[N][N]}: the out-edge pattern; {@code AT bool[N][N]}: the in-edge pattern (the transpose);
 *       {@code W double[N][N] fill inf}: the weights (1.0 per edge of an unweighted graph). All three in the
 *       graph format of {@link RunSettings#format()}, whatever level formats the program declares;</li>
 *   <li>{@code id long[N]}: the input's id of every vertex;</li>
 *   <li>{@code source int}: the internal id of {@link RunSettings#source()} (given in the input's numbering),
 *       else of the LDBC root for BFS or SSSP; required when the program gives no default;</li>
 *   <li>{@code K int} and {@code sources int[K]}: the internal ids of {@link RunSettings#sources()}, all
 *       vertices by default;</li>
 *   <li>{@code directed bool}: whether the graph is directed;</li>
 *   <li>{@code iterations} and {@code damping}: {@link RunSettings#iterations()} and
 *       {@link RunSettings#damping()}, else the LDBC parameters of PageRank or CDLP, else the program's
 *       defaults;</li>
 *   <li>any other parameter from {@link RunSettings#params()}.</li>
 * </ul>
 * For the shipped SSSP program the weights must be non-negative (checked before anything runs), and its
 * bucket width {@code delta} defaults to {@link Sssp#defaultDelta}, the mean edge weight, unless given.
 *
 * <p>Problems with what was asked (an unknown vertex, a missing source, negative weights, an input the
 * convention does not know, a setting the program has no parameter for) are {@link BadInputException}s with
 * one-line messages; problems the runtime finds are its {@code ProgramRunException}s.
 */
public final class AlgorithmRunner {
    /** The inputs the convention binds: name, element type, order, fill value and what it is. */
    private record Convention(String name, ScalarType elem, int order, Constant fill, String what) {
        String type() {
            return elem.keyword() + (order == 2 ? "[N][N]" : name.equals("sources") ? "[K]" : "[N]")
                    + (fill.equals(Constant.zero(elem)) ? "" : " fill " + fill);
        }
    }

    private static final List<Convention> INPUTS = List.of(
            new Convention("A", ScalarType.BOOL, 2, Constant.ofBool(false), "the out-edge pattern"),
            new Convention("AT", ScalarType.BOOL, 2, Constant.ofBool(false), "the in-edge pattern"),
            new Convention("W", ScalarType.DOUBLE, 2, Constant.ofReal(ScalarType.DOUBLE, Double.POSITIVE_INFINITY),
                    "the edge weights"),
            new Convention("id", ScalarType.LONG, 1, Constant.zero(ScalarType.LONG), "the input's vertex ids"),
            new Convention("sources", ScalarType.INT, 1, Constant.zero(ScalarType.INT),
                    "the internal ids of the sources"));

    /** Parameters the graph or the options set, which {@code --param} may not. */
    private static final Map<String, String> SET_ELSEWHERE = Map.of(
            "N", "it is the number of vertices of the graph",
            "K", "it is the number of sources; give them with --sources",
            "source", "give the source with --source ID, in the input's numbering",
            "directed", "it is whether the graph is directed");

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
        if (!tensors.format().equals(graphFormat(s.format()))) {
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
        String file = p.source().name();
        String graphName = s.graphName() != null ? s.graphName() : g.source();
        Format format = graphFormat(s.format());
        // Shared tensors may be a later version of g (a DynamicGraph's snapshot) with more vertices.
        int n = shared != null ? shared.numVertices() : g.numVertices();
        Map<String, Symbol> params = new LinkedHashMap<>();
        p.parameters().forEach(sym -> params.put(sym.name(), sym));
        Map<String, Symbol> inputs = new LinkedHashMap<>();
        p.inputs().forEach(sym -> inputs.put(sym.name(), sym));
        for (Symbol in : inputs.values()) {
            if (!extra.containsKey(in.name())) {
                checkInput(file, in);
            }
        }
        for (String name : extra.keySet()) {
            if (!inputs.containsKey(name)) {
                throw new IllegalArgumentException("'" + name + "' is not an input tensor of " + file);
            }
        }

        RunOptions o = new RunOptions().threads(s.threads()).maxIterations(s.maxIterations())
                .onIteration(s.iterationListener());
        if (s.explain() != null) {
            o.explain(s.explain());
        }
        Map<String, String> given = new LinkedHashMap<>();   // parameter values as text, for the runtime

        s.params().forEach((name, value) -> {
            String why = SET_ELSEWHERE.get(name);
            if (why != null && params.containsKey(name)) {
                throw new BadInputException("--param " + name + ": " + why);
            }
        });

        // Weights before anything runs: SSSP needs non-negative ones.
        if (algorithm == Algorithm.SSSP && g.wide()) {
            double delta = WideWeights.checkedDelta(g);
            if (params.containsKey("delta") && !s.params().containsKey("delta")) {
                given.put("delta", Double.toString(delta));
            }
        } else if (algorithm == Algorithm.SSSP) {
            Csr csr = Csr.of(g);   // out-edges only: the view builds no transpose for this
            try {
                Sssp.checkWeights(csr);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("sssp: " + e.getMessage());
            }
            if (params.containsKey("delta") && !s.params().containsKey("delta")) {
                given.put("delta", Double.toString(Sssp.defaultDelta(csr)));
            }
        }

        if (params.containsKey("N")) {
            given.put("N", Integer.toString(n));
        }
        if (params.containsKey("directed")) {
            given.put("directed", Boolean.toString(g.directed()));
        }

        // The source: --source, else the LDBC root, else the program's default, else an error.
        Long sourceId = s.source();
        if (sourceId == null && algorithm != null) {
            sourceId = s.ldbc().source(algorithm).orElse(null);
        }
        if (params.containsKey("source")) {
            if (sourceId != null) {
                given.put("source", Integer.toString(vertex(g, n, graphName, sourceId)));
            } else if (p.defaultValue("source").isEmpty()) {
                throw new BadInputException(file + " needs a source vertex: give --source ID (in the numbering of "
                        + graphName + ")");
            }
        } else if (s.source() != null) {
            throw new BadInputException("--source: " + file + " has no parameter 'source'");
        }

        // Betweenness sources: --sources, else every vertex.
        int[] sources = null;
        if (inputs.containsKey("sources")) {
            long[] ids = s.sources();
            if (ids == null) {
                sources = new int[n];
                for (int v = 0; v < n; v++) {
                    sources[v] = v;
                }
            } else {
                sources = new int[ids.length];
                for (int k = 0; k < ids.length; k++) {
                    sources[k] = vertex(g, n, graphName, ids[k]);
                }
            }
            if (params.containsKey("K")) {
                given.put("K", Integer.toString(sources.length));
            }
        } else if (s.sources() != null) {
            throw new BadInputException("--sources: " + file + " has no input tensor 'sources'");
        }

        setting(given, params, s, file, "iterations", s.iterations(),
                algorithm == null ? null : s.ldbc().iterations(algorithm).orElse(null));
        setting(given, params, s, file, "damping", s.damping(),
                algorithm == null ? null : s.ldbc().damping(algorithm).orElse(null));
        given.putAll(s.params());
        o.params(given);

        // The graph tensors the program reads.
        GraphTensor tensors = shared != null ? shared : GraphTensor.of(g, format, s.threads());
        long built = tensors.buildNanos();
        for (String name : inputs.keySet()) {
            Tensor t = extra.containsKey(name) ? extra.get(name) : switch (name) {
                case "A" -> tensors.a();
                case "AT" -> tensors.at();
                case "W" -> tensors.w();
                case "id" -> tensors.id();
                case "sources" -> GraphTensor.denseVector(Values.ofInts(sources));
                default -> throw new IllegalStateException(name);
            };
            o.input(name, t);
        }

        // A program of one's own run as an algorithm (stag compare --as) keeps its own output's name.
        String output = algorithm != null && p == algorithm.program() ? algorithm.output() : vertexOutput(p);
        long compiled = kernelNanos();
        ProgramRunner runner = new ProgramRunner(p, compiler, o);   // compiles the plan's kernels
        Prepared prepared = new Prepared(p, algorithm, g, format, runner, output, sources,
                (tensors.buildNanos() - built) / 1e9, tensors);
        prepared.planCompileNanos = Math.max(0, kernelNanos() - compiled);
        return prepared;
    }

    /** Parses the graph format: two levels ({@link GraphTensor#format}). */
    static Format graphFormat(String text) {
        return GraphTensor.format(text);
    }

    /** An input the convention binds, declared with the type it binds. */
    private static void checkInput(String file, Symbol in) {
        VarType.Tensor t = in.tensor();
        List<String> known = new ArrayList<>();
        for (Convention c : INPUTS) {
            known.add(c.name() + " (" + c.what() + ")");
            if (c.name().equals(in.name())) {
                if (t.elem() != c.elem() || t.order() != c.order() || !t.fill().equals(c.fill())) {
                    throw new BadInputException(file, in.declared().line(), "input tensor '" + in.name()
                            + "' is declared " + t + ", but stag run binds " + in.name() + " as " + c.type()
                            + ", " + c.what());
                }
                return;
            }
        }
        throw new BadInputException(file, in.declared().line(), "input tensor '" + in.name()
                + "': stag run binds only " + String.join(", ", known));
    }

    /**
     * {@code --iterations} or {@code --damping} ({@code option}), else the LDBC value, for a program that
     * declares the parameter; a {@code --param} of the same name overrides the LDBC value but not the option.
     */
    private static void setting(Map<String, String> given, Map<String, Symbol> params, RunSettings s, String file,
                                String name, Object option, Object ldbc) {
        if (!params.containsKey(name)) {
            if (option != null) {
                throw new BadInputException("--" + name + ": " + file + " has no parameter '" + name + "'");
            }
            return;
        }
        if (option != null && s.params().containsKey(name)) {
            throw new BadInputException("--param " + name + " and --" + name + " both set " + name);
        }
        Object v = option != null ? option : s.params().containsKey(name) ? null : ldbc;
        if (v != null) {
            given.put(name, v.toString());
        }
    }

    /** The internal id of source vertex {@code id} (input's numbering) in a graph of {@code n} vertices. */
    private static int vertex(Graph g, int n, String graphName, long id) {
        int v = g.ids().internal(id, n);
        if (v < 0) {
            throw new BadInputException("source " + id + " is not a vertex of " + graphName);
        }
        return v;
    }

    /** The first output of a user's Main that is a vector: the per-vertex result. */
    private static String vertexOutput(CheckedProgram p) {
        List<String> scalars = new ArrayList<>();
        for (Symbol s : p.main().outputs()) {
            if (s.isTensor() && s.tensor().order() == 1) {
                return s.name();
            }
            scalars.add(s.name() + " (" + s.type() + ")");
        }
        throw new BadInputException(p.source().name(), p.main().decl().pos().line(), "Main has no per-vertex output"
                + " (a tensor of one dimension), only " + String.join(", ", scalars)
                + "; stag run writes one value per vertex");
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
        /** Compiling the plan's kernels while preparing: counted in the first run's compile time. */
        private long planCompileNanos;

        Prepared(CheckedProgram program, Algorithm algorithm, Graph graph, Format format, ProgramRunner runner,
                 String output, int[] sources, double buildSeconds, GraphTensor tensors) {
            this.program = program;
            this.algorithm = algorithm;
            this.graph = graph;
            this.format = format;
            this.runner = runner;
            this.output = output;
            this.sources = sources;
            this.buildSeconds = buildSeconds;
            this.tensors = tensors;
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
            if (!(value instanceof Tensor t) || t.order() != 1) {
                throw new IllegalStateException("output " + output + " of " + program.source().name() + " is not a vector");
            }
            if (t.dimension(0) != tensors.numVertices()) {
                throw new BadInputException(program.source().name(), 0, "output '" + output + "' has " + t.dimension(0)
                        + " entries, but the graph has " + tensors.numVertices() + " vertices");
            }
            Map<String, Object> scalars = new LinkedHashMap<>();
            outs.forEach((name, v) -> {
                if (!(v instanceof Tensor)) {
                    scalars.put(name, v);
                }
            });
            return new Result(algorithm, program.source().name(), format, VertexValues.of(output, t, graph.ids()),
                    scalars, runner.parameters(), buildSeconds, (compile + planned) / 1e9, Math.max(0, wall - compile) / 1e9,
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
     * @param values         the per-vertex result
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
    public record Result(Algorithm algorithm, String program, Format format, VertexValues values,
                         Map<String, Object> scalars, Map<String, Object> parameters, double buildSeconds,
                         double compileSeconds, double runSeconds, long iterations, long kernelRuns,
                         long graphBytes, boolean inEdges) {
    }

    /** Names of the inputs the convention binds. */
    public static Set<String> inputNames() {
        Set<String> out = new LinkedHashSet<>();
        INPUTS.forEach(c -> out.add(c.name()));
        return out;
    }
}
