package org.stag.algorithms.catalog;

import org.stag.algorithms.graph.Csr;

import static org.stag.algorithms.catalog.IncrementalProgram.Relaxation.COMPONENTS;
import static org.stag.algorithms.catalog.IncrementalProgram.Relaxation.DEPTHS;
import static org.stag.algorithms.catalog.IncrementalProgram.Relaxation.DISTANCES;
import static org.stag.algorithms.catalog.IncrementalProgram.Relaxation.WARM_START;
import static org.stag.algorithms.catalog.Implementation.Values.integers;
import static org.stag.algorithms.catalog.Implementation.Values.reals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.Cdlp;
import org.stag.algorithms.handwritten.KTruss;
import org.stag.algorithms.handwritten.Lcc;
import org.stag.algorithms.handwritten.Mis;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.PersonalizedPageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.TriangleCount;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.algorithms.jgrapht.JGraphTGraphs;
import org.stag.algorithms.jgrapht.JGraphTReference;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.Source;

/**
 * The algorithms shipped as stag programs ({@code org/stag/algorithms/ID.stag}), each with its
 * {@link Descriptor}: the one definition of every fact about it that is not in its program. Nothing else in
 * stag switches over algorithms.
 */
public enum Algorithm {
    /** PageRank, LDBC semantics (fixed iterations, dangling rank spread evenly). */
    PAGERANK(Descriptor.of("pagerank", "PageRank", Output.perVertex("rank"))
            .takes(Setting.ITERATIONS, Setting.DAMPING)
            .ldbc(LdbcAlgorithm.PR, Map.of(Setting.ITERATIONS, "num-iterations", Setting.DAMPING, "damping-factor"))
            .handwritten(Implementation.of(in -> reals(PageRank.run(in.graph(), in.integer("iterations"),
                    in.real("damping"), in.threads()))))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.directed(g), in -> reals(JGraphTReference.pageRank(in.graph(),
                    in.integer("iterations"), in.real("damping")))))
            .gap(GapKernel.of("pr", "-i", "{iterations}", "-t", "0"))
            .incremental("pagerank-incremental.stag", WARM_START)
            .perIteration()
            .build()),
    /** Direction-optimizing breadth-first search: depths, unreachable = 9223372036854775807. */
    BFS(Descriptor.of("bfs", "breadth-first search", Output.perVertex("depth"))
            .takes(Setting.SOURCE)
            .ldbc(LdbcAlgorithm.BFS, Map.of(Setting.SOURCE, "source-vertex"))
            .handwritten(Implementation.of(in -> integers(Bfs.depths(in.graph(), in.integer("source"), true, in.threads()))))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.unweighted(g), in -> integers(JGraphTReference.bfs(in.graph(),
                    in.integer("source")))))
            .gap(GapKernel.of("bfs"))
            .incremental("bfs-incremental.stag", DEPTHS)
            .build()),
    /** Delta-stepping single-source shortest paths: distances, unreachable = Infinity. */
    SSSP(Descriptor.of("sssp", "shortest paths", Output.perVertex("dist"))
            .takes(Setting.SOURCE)
            .ldbc(LdbcAlgorithm.SSSP, Map.of(Setting.SOURCE, "source-vertex"))
            .weights(Weights.NON_NEGATIVE)
            .graphDefault("delta", new Descriptor.GraphDefault() {
                @Override
                public String value(Csr g) {
                    return Double.toString(Sssp.defaultDelta(g));
                }

                @Override
                public String refuse(String given, Csr g) {
                    return Sssp.refuseDelta(given, g);
                }
            })
            .handwritten(Implementation.of(in -> reals(Sssp.run(in.graph(), in.integer("source"), in.threads()))))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.weighted(g), in -> reals(JGraphTReference.sssp(in.graph(),
                    in.integer("source")))))
            .gap(GapKernel.of("sssp", "-d", "{delta}").byKind("delta", "-d", "1", Map.of("kron", "2", "urand", "2",
                    "twitter", "2", "web", "2", "road", "50000"), "1", "2", "8", "32", "128", "512", "2048", "50000"))
            .incremental("sssp-incremental.stag", DISTANCES)
            .build()),
    /** Weakly connected components, each labelled with its smallest vertex id. */
    WCC(Descriptor.of("wcc", "weakly connected components", Output.perVertex("component"))
            .ldbc(LdbcAlgorithm.WCC, Map.of())
            .handwritten(Implementation.of(in -> integers(Wcc.run(in.graph(), in.threads()))))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.unweighted(g), in -> integers(JGraphTReference.wcc(in.graph()))))
            .gap(GapKernel.of("cc"))
            .incremental("wcc-incremental.stag", COMPONENTS)
            .build()),
    /** Community detection by label propagation. */
    CDLP(Descriptor.of("cdlp", "label propagation", Output.perVertex("community"))
            .takes(Setting.ITERATIONS)
            .ldbc(LdbcAlgorithm.CDLP, Map.of(Setting.ITERATIONS, "max-iterations"))
            .handwritten(Implementation.of(in -> integers(Cdlp.run(in.graph(), in.integer("iterations"), in.threads()))))
            .build()),
    /** Local clustering coefficient. */
    LCC(Descriptor.of("lcc", "local clustering coefficient", Output.perVertex("lcc"))
            .ldbc(LdbcAlgorithm.LCC, Map.of())
            .handwritten(Implementation.of(in -> reals(Lcc.run(in.graph(), in.threads()))))
            .build()),
    /** Betweenness centrality (Brandes), from all vertices or a sample of sources. */
    BC(Descriptor.of("bc", "betweenness", Output.perVertex("centrality"))
            .takes(Setting.SOURCES)
            .check(Check.reals(LdbcValidation.EPSILON))
            .handwritten(Implementation.of(in -> reals(in.sources() == null ? Betweenness.run(in.graph(), in.threads())
                    : Betweenness.run(in.graph(), in.sources(), in.threads()))))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.unweighted(g), in -> reals(JGraphTReference.betweenness(in.graph())))
                    .allSourcesOnly("computes betweenness from all sources only"))
            .gap(GapKernel.of("bc", "-i", "1"))
            .build()),
    /** Coreness of every vertex (k-core decomposition) on the undirected simple view of the graph. */
    KCORE(Descriptor.of("kcore", "k-core decomposition", Output.perVertex("coreness"))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.simple(g), in -> integers(JGraphTReference.coreness(in.graph()))))
            .build()),
    /** Strongly connected components, each labelled with its smallest vertex id. */
    SCC(Descriptor.of("scc", "strongly connected components", Output.perVertex("component"))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.directed(g), in -> integers(JGraphTReference.scc(in.graph()))))
            .build()),
    /** Personalized PageRank from one source: fixed iterations, restarts and dangling rank at the source. */
    PPR(Descriptor.of("ppr", "personalized PageRank", Output.perVertex("rank"))
            .takes(Setting.SOURCE, Setting.ITERATIONS, Setting.DAMPING)
            .check(Check.reals(LdbcValidation.EPSILON))
            .handwritten(Implementation.of(in -> reals(PersonalizedPageRank.run(in.graph(), in.integer("source"),
                    in.integer("iterations"), in.real("damping")))))
            .perIteration()
            .build()),
    /** A maximal independent set (Luby, priorities hashed from a seed): 1 in the set, 0 out. */
    MIS(Descriptor.of("mis", "maximal independent set", Output.perVertex("member"))
            .takes(Setting.SEED)
            .handwritten(Implementation.of(in -> integers(Mis.run(in.graph(), in.wide("seed"), in.threads()))))
            .build()),
    /** The k-truss: the largest edge set in which every edge closes at least k - 2 triangles; each edge once. */
    KTRUSS(Descriptor.of("ktruss", "k-truss", Output.edges("truss"))
            .takes(Setting.K)
            .handwritten(Implementation.of(in -> {
                int[][] e = KTruss.run(in.graph(), in.integer("k"));
                return Implementation.Values.edges(e[0], e[1]);
            }))
            .build()),
    /**
     * Triangle counting as GAP's {@code tc} counts: on the undirected graph (a directed graph symmetrised), without
     * self-loops or duplicate edges, every triangle once.
     */
    TC(Descriptor.of("tc", "triangle counting", Output.scalar("triangles"))
            .handwritten(Implementation.of(in -> Implementation.Values.count(TriangleCount.run(in.graph(), in.threads()))))
            .jgrapht(Implementation.of(g -> JGraphTGraphs.simple(g), in -> Implementation.Values.count(
                    JGraphTReference.triangles(in.graph()))))
            .gap(GapKernel.of("tc").onSymmetric())
            .build());

    private final Descriptor descriptor;
    private volatile CheckedProgram checked;

    Algorithm(Descriptor descriptor) {
        this.descriptor = descriptor;
    }

    /** Everything known about the algorithm besides its program. */
    public Descriptor descriptor() {
        return descriptor;
    }

    /** The name on the command line, e.g. {@code pagerank}; also the program's file name without {@code .stag}. */
    public String id() {
        return descriptor.id();
    }

    /** The output of {@code Main} that holds the result. */
    public String output() {
        return descriptor.output().name();
    }

    /** How two results are compared. */
    public Check check() {
        return descriptor.check();
    }

    /** What it asks of the edge weights. */
    public Weights weights() {
        return descriptor.weights();
    }

    /** The LDBC Graphalytics algorithm with the same semantics, if there is one. */
    public Optional<LdbcAlgorithm> ldbc() {
        return descriptor.ldbc().map(LdbcNames::algorithm);
    }

    /** The program's file name, e.g. {@code pagerank.stag}. */
    public String fileName() {
        return id() + ".stag";
    }

    /** The classpath resource holding the program. */
    public String resource() {
        return resource(fileName());
    }

    /** The classpath resource of program {@code file} shipped with the algorithms. */
    public static String resource(String file) {
        return "/org/stag/algorithms/" + file;
    }

    /** The program's text. */
    public String text() {
        return text(fileName());
    }

    /** The text of program {@code file} shipped with the algorithms (an algorithm's, or an incremental one). */
    public static String text(String file) {
        String resource = resource(file);
        try (InputStream in = Algorithm.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The program, parsed and checked once (the shipped programs always check). */
    public CheckedProgram program() {
        CheckedProgram p = checked;
        if (p == null) {
            p = new Checker().check(new Source(fileName(), text()));
            checked = p;
        }
        return p;
    }

    /** Whether the program takes setting {@code s} (declares a parameter or an input of its name). */
    public boolean takes(Setting s) {
        return descriptor.settings().contains(s);
    }

    /** The ids of the algorithms whose descriptors satisfy {@code p}, in declaration order (for help and messages). */
    public static List<String> ids(java.util.function.Predicate<Descriptor> p) {
        List<String> out = new ArrayList<>();
        for (Algorithm a : values()) {
            if (p.test(a.descriptor)) {
                out.add(a.id());
            }
        }
        return out;
    }

    /** Whether {@code p} declares a parameter or an input called {@code name}. */
    public static boolean declares(CheckedProgram p, String name) {
        for (Symbol sym : p.parameters()) {
            if (sym.name().equals(name)) {
                return true;
            }
        }
        for (Symbol sym : p.inputs()) {
            if (sym.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The algorithm called {@code name} (any case), if there is one. */
    public static Optional<Algorithm> byName(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (Algorithm a : values()) {
            if (a.id().equals(n)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** Every name, in declaration order, for messages. */
    public static List<String> names() {
        return ids(d -> true);
    }
}
