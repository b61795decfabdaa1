package org.stag.api;

import java.nio.file.Path;
import java.util.List;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.jgrapht.JGraphTImport;
import org.stag.algorithms.jgrapht.JGraphTView;
import org.stag.algorithms.run.LdbcParameters;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.algorithms.stream.StreamGraph;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphGenerator;

/**
 * A graph to run algorithms on: loaded from a file, generated, or built from arrays. Immutable; vertices are named
 * by their ids in the input's numbering (a Matrix Market file's from 1, an edge list's as written, a generated or
 * built graph's from 0). {@link #dynamic(String)} gives a copy that takes batches of updates.
 */
public final class StagGraph {
    private final Graph graph;
    private final LdbcParameters ldbc;
    private final String name;
    private volatile Csr csr;
    /** The tensors of a graph loaded straight into their format (its {@link #graph()} holds no edges), else null. */
    private final GraphTensor straight;
    /** The graph read back from {@link #straight} as arrays, for what needs them; built once, on first use. */
    private volatile Graph whole;

    private StagGraph(Graph graph, LdbcParameters ldbc, String name) {
        this(graph, ldbc, name, null);
    }

    private StagGraph(Graph graph, LdbcParameters ldbc, String name, GraphTensor straight) {
        this.graph = graph;
        this.ldbc = ldbc;
        this.name = name;
        this.straight = straight;
    }

    /**
     * Loads any graph {@code stag run} reads: Matrix Market {@code .mtx}, edge lists {@code .el}/{@code .wel}, SNAP
     * {@code .txt}, LDBC ({@code .properties}, whose parameters runs then use), {@code .stagb}, gzipped or not.
     *
     * @throws StagException for a missing, malformed or non-square file, naming the file and line
     */
    public static StagGraph load(Path file) {
        return load(file, LoadOptions.defaults());
    }

    /** As {@link #load(Path)}, reading as {@code options} say (directed or not, duplicates, index base, threads). */
    public static StagGraph load(Path file, LoadOptions options) {
        LoadedGraph loaded = StagException.guard(() -> LoadedGraph.load(file, options));
        return new StagGraph(loaded.graph(), loaded.ldbc(), file.toString());
    }

    /**
     * As {@link #load(Path, LoadOptions)}, for runs in {@code format} ({@code --format}'s text): a {@code .stagb} loads
     * straight into {@code dense,vbyte}, as {@code stag run --format dense,vbyte} loads it, holding its edges only in
     * the encoded structure. Runs in that format read it; {@link #csr()}, {@link #dynamic(String)} and other formats
     * read the edges back from it into arrays (as large as a whole load's), once.
     *
     * @throws StagException for a missing, malformed or non-square file, or a malformed format
     */
    public static StagGraph load(Path file, LoadOptions options, String format) {
        LoadedGraph loaded = StagException.guard(() -> LoadedGraph.load(file, options, GraphTensor.format(format)));
        return new StagGraph(loaded.graph(), loaded.ldbc(), file.toString(), loaded.straight());
    }

    /**
     * Generates a graph as {@code stag generate KIND --scale S} does: {@code kron} (Graph500), {@code urand} or
     * {@code grid}, of 2^scale vertices, with the generator's default degree and seed 1.
     *
     * @throws StagException for an unknown kind or options the generator refuses
     */
    public static StagGraph generate(String kind, int scale) {
        GraphGenerator gen = StagException.guard(() -> GraphGenerator.byName(kind));
        return generate(kind, GeneratorOptions.of(scale, gen.defaultDegree(), 1).withThreads(Parallel.defaultThreads()));
    }

    /** As {@link #generate(String, int)} with every option given (degree, seed, weights, direction, threads). */
    public static StagGraph generate(String kind, GeneratorOptions options) {
        Graph g = StagException.guard(() -> GraphGenerator.byName(kind).graph(options));
        return new StagGraph(g, LdbcParameters.NONE, kind + "-" + options.scale());
    }

    /**
     * A graph of {@code n} vertices, numbered 0..n-1, with edges {@code src[k] -> dst[k]}: an undirected graph lists
     * each edge once (either way). Repeated edges are kept once (the first).
     *
     * @param weights one weight per edge, or null for an unweighted graph
     * @throws StagException when the arrays differ in length or name a vertex outside 0..n-1
     */
    public static StagGraph fromEdges(int n, int[] src, int[] dst, double[] weights, boolean directed) {
        return new StagGraph(StagException.guard(() -> {
            if (src.length != dst.length || (weights != null && weights.length != src.length)) {
                throw new IllegalArgumentException("edge arrays differ in length: src " + src.length + ", dst "
                        + dst.length + (weights == null ? "" : ", weights " + weights.length));
            }
            for (int k = 0; k < src.length; k++) {
                if (src[k] < 0 || src[k] >= n || dst[k] < 0 || dst[k] >= n) {
                    throw new IllegalArgumentException("edge " + k + " (" + src[k] + ", " + dst[k]
                            + ") names a vertex outside 0.." + (n - 1));
                }
            }
            EdgeList edges = new EdgeList("arrays", n, n, src.clone(), dst.clone(),
                    weights == null ? null : weights.clone(), src.length,
                    directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC, weights == null ? ValueKind.PATTERN : ValueKind.REAL,
                    VertexIds.offset(0), null);
            return GraphBuilder.build(edges, DuplicatePolicy.FIRST, Parallel.defaultThreads());
        }), LdbcParameters.NONE, "arrays");
    }

    /** A graph the loaders built (e.g. read with {@code GraphLoader} directly). */
    public static StagGraph of(Graph g) {
        return new StagGraph(StagException.guard(g::requireSquare), LdbcParameters.NONE, g.source());
    }

    /**
     * The stag graph of a JGraphT graph, with no multiple edges and not mixed: its vertices are numbered in
     * {@code vertexSet()} order (Integer vertices {@code 0..N-1} keep their numbers), weights kept when it is
     * weighted. {@link #vertexId(int)} of the result is that number; {@code JGraphTImport.toStag} also gives the
     * numbering both ways.
     *
     * @throws StagException for a mixed graph or one with multiple edges
     */
    public static <V, E> StagGraph fromJGraphT(org.jgrapht.Graph<V, E> g) {
        return StagException.guard(() -> new StagGraph(JGraphTImport.toStag(g, Parallel.defaultThreads()).graph(),
                LdbcParameters.NONE, "a JGraphT graph"));
    }

    /** The names of the shipped algorithms, as {@link #run(String)} takes them. */
    public static List<String> algorithms() {
        return Algorithm.names();
    }

    /** A run of the shipped algorithm {@code algorithm} (any case), e.g. {@code pagerank}; set it up, then execute. */
    public Run run(String algorithm) {
        Algorithm a = Run.algorithm(algorithm);
        return Run.on(this, null, a, a.program());
    }

    /** A run of the {@code .stag} program in {@code file}. @throws StagException when it cannot be read or checked */
    public Run run(Path program) {
        return Run.on(this, null, null, StagException.guard(() -> ProgramFiles.check(program)));
    }

    /**
     * A copy of this graph that takes batches of updates, held in {@code format} (e.g. {@code dense,ctree}, the
     * default of {@link #dynamic()}; the format's last level must be dynamic).
     *
     * @throws StagException for a malformed format or one that takes no batches
     */
    public StagDynamicGraph dynamic(String format) {
        return StagException.guard(() -> new StagDynamicGraph(this,
                DynamicGraph.of(whole(), GraphTensor.format(format), Parallel.defaultThreads())));
    }

    /** As {@link #dynamic(String)}, in Aspen's layout: {@value StreamGraph#DEFAULT_FORMAT}. */
    public StagDynamicGraph dynamic() {
        return dynamic(StreamGraph.DEFAULT_FORMAT);
    }

    /**
     * The graph as the loaders built it: sorted rows, de-duplicated, an undirected edge stored both ways. A graph loaded
     * straight into {@code dense,vbyte} holds no edges here ({@link Graph#holdsEdges()}), only their facts.
     */
    public Graph graph() {
        return graph;
    }

    /** The graph with its edges in arrays: {@link #graph()}, or the edges read back from the straight-loaded tensors. */
    private Graph whole() {
        if (straight == null) {
            return graph;
        }
        Graph g = whole;
        if (g == null) {
            g = StagException.guard(straight::toGraph);
            whole = g;
        }
        return g;
    }

    /** The graph's CSR view (out- and in-edges), as the references read it; built once, on first use. */
    public Csr csr() {
        Csr c = csr;
        if (c == null) {
            c = Csr.of(whole());
            csr = c;
        }
        return c;
    }

    /**
     * The graph's tensors {@code A}, {@code AT} and {@code W} in {@code format} ({@code --format}'s text), built now:
     * what a run in that format reads.
     *
     * @throws StagException for a malformed format
     */
    public GraphTensor tensors(String format) {
        return tensors(StagException.guard(() -> GraphTensor.format(format)));
    }

    /** The tensors in {@code format}: those loaded straight into it, else built from the graph's arrays. */
    GraphTensor tensors(Format format) {
        if (straight != null && straight.format().equals(format)) {
            return straight;
        }
        return StagException.guard(() -> GraphTensor.of(whole(), format, Parallel.defaultThreads()));
    }

    /**
     * A read-only JGraphT view of the graph in {@code format} ({@code --format}'s text; {@code dense,compressed} or
     * {@code dense,F} with F dynamic), with no copy of its edges: JGraphT's algorithms run on stag's arrays. Its
     * vertices are the internal numbers {@code 0..N-1} ({@link #vertexId(int)} gives a vertex's id in the input);
     * an edge is a {@code Long} packing its two ends.
     *
     * @throws StagException for a malformed format or one the view does not read by row
     */
    public org.jgrapht.Graph<Integer, Long> asJGraphT(String format) {
        return StagException.guard(() -> JGraphTView.of(tensors(format)));
    }

    /** As {@link #asJGraphT(String)}, over {@code dense,compressed} (CSR). */
    public org.jgrapht.Graph<Integer, Long> asJGraphT() {
        return asJGraphT("dense,compressed");
    }

    /** How messages name the graph: its file, or how it was made. */
    public String name() {
        return name;
    }

    public int numVertices() {
        return graph.numVertices();
    }

    /** Stored edges: an undirected edge counts twice, a self-loop once (as {@code stag info} counts them). */
    public long numEdges() {
        return graph.numEntries();
    }

    public boolean directed() {
        return graph.directed();
    }

    public boolean weighted() {
        return graph.weighted();
    }

    /** The id of internal vertex {@code v} (0..numVertices()-1) in the input's numbering. */
    public long vertexId(int v) {
        return graph.ids().external(v);
    }

    /** The LDBC parameters of a graph loaded from an LDBC {@code .properties} file, else none. */
    LdbcParameters ldbc() {
        return ldbc;
    }

    @Override
    public String toString() {
        return name + " (" + numVertices() + " vertices, " + numEdges() + " edges, "
                + (directed() ? "directed" : "undirected") + ")";
    }
}
