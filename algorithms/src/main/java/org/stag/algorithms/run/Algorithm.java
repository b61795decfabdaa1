package org.stag.algorithms.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;

/**
 * The algorithms shipped as stag programs ({@code org/stag/algorithms/NAME.stag}): the name {@code stag run}
 * knows them by, the output of {@code Main} that holds the per-vertex result, and the LDBC Graphalytics
 * algorithm whose output files it reproduces (none for betweenness, which LDBC does not define).
 */
public enum Algorithm {
    /** PageRank, LDBC semantics (fixed iterations, dangling rank spread evenly). */
    PAGERANK("pagerank", "rank", LdbcAlgorithm.PR),
    /** Direction-optimizing breadth-first search: depths, unreachable = 9223372036854775807. */
    BFS("bfs", "depth", LdbcAlgorithm.BFS),
    /** Delta-stepping single-source shortest paths: distances, unreachable = Infinity. */
    SSSP("sssp", "dist", LdbcAlgorithm.SSSP),
    /** Weakly connected components, each labelled with its smallest vertex id. */
    WCC("wcc", "component", LdbcAlgorithm.WCC),
    /** Community detection by label propagation. */
    CDLP("cdlp", "community", LdbcAlgorithm.CDLP),
    /** Local clustering coefficient. */
    LCC("lcc", "lcc", LdbcAlgorithm.LCC),
    /** Betweenness centrality (Brandes), from all vertices or a sample of sources. */
    BC("bc", "centrality", null);

    private final String id;
    private final String output;
    private final LdbcAlgorithm ldbc;
    private volatile CheckedProgram checked;

    Algorithm(String id, String output, LdbcAlgorithm ldbc) {
        this.id = id;
        this.output = output;
        this.ldbc = ldbc;
    }

    /** The name on the command line, e.g. {@code pagerank}; also the program's file name without {@code .stag}. */
    public String id() {
        return id;
    }

    /** The output of {@code Main} that holds the per-vertex result. */
    public String output() {
        return output;
    }

    /** The LDBC Graphalytics algorithm with the same semantics, if there is one. */
    public Optional<LdbcAlgorithm> ldbc() {
        return Optional.ofNullable(ldbc);
    }

    /** The program's file name, e.g. {@code pagerank.stag}. */
    public String fileName() {
        return id + ".stag";
    }

    /** The classpath resource holding the program. */
    public String resource() {
        return "/org/stag/algorithms/" + fileName();
    }

    /** The program's text. */
    public String text() {
        try (InputStream in = Algorithm.class.getResourceAsStream(resource())) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource(), e);
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

    /** The algorithm called {@code name} (any case), if there is one. */
    public static Optional<Algorithm> byName(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (Algorithm a : values()) {
            if (a.id.equals(n)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** Every name, in declaration order, for messages. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        for (Algorithm a : values()) {
            out.add(a.id);
        }
        return out;
    }
}
