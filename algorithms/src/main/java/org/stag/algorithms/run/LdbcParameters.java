package org.stag.algorithms.run;

import java.nio.file.Path;
import java.util.Optional;
import org.stag.loaders.BadInputException;
import org.stag.loaders.ldbc.LdbcGraphFiles;
import org.stag.loaders.ldbc.LdbcProperties;

/**
 * The algorithm parameters an LDBC Graphalytics {@code NAME.properties} file gives, each {@code null} when
 * the file does not give it: the BFS and SSSP roots ({@code graph.NAME.bfs.source-vertex},
 * {@code graph.NAME.sssp.source-vertex}, in the input's numbering), PageRank's iterations and damping factor
 * ({@code graph.NAME.pr.num-iterations}, {@code graph.NAME.pr.damping-factor}) and CDLP's rounds
 * ({@code graph.NAME.cdlp.max-iterations}). {@code stag run} uses them unless the command line says otherwise.
 */
public record LdbcParameters(Path propertiesFile, Long bfsSource, Long ssspSource, Integer prIterations,
                             Double prDamping, Integer cdlpIterations) {

    /** No parameters (a graph that is not an LDBC dataset). */
    public static final LdbcParameters NONE = new LdbcParameters(null, null, null, null, null, null);

    /**
     * The parameters of the LDBC graph {@code graphFile} names (its {@code .properties}, {@code .v} or
     * {@code .e} file); {@link #NONE} when it has no properties file.
     *
     * @throws BadInputException when a value is malformed or out of range
     */
    public static LdbcParameters of(Path graphFile) {
        LdbcGraphFiles files = LdbcGraphFiles.locate(graphFile);
        LdbcProperties p = files.properties();
        if (p == null) {
            return NONE;
        }
        String prefix = "graph." + files.name() + ".";
        return new LdbcParameters(files.propertiesFile(), p.getLong(prefix + "bfs.source-vertex"),
                p.getLong(prefix + "sssp.source-vertex"), count(p, prefix + "pr.num-iterations"),
                p.getDouble(prefix + "pr.damping-factor"), count(p, prefix + "cdlp.max-iterations"));
    }

    private static Integer count(LdbcProperties p, String key) {
        Long v = p.getLong(key);
        if (v == null) {
            return null;
        }
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new BadInputException(p.file(), 0, key + " out of range: " + v);
        }
        return v.intValue();
    }

    /** The root the file gives for {@code a} (BFS or SSSP). */
    public Optional<Long> source(Algorithm a) {
        return Optional.ofNullable(a == Algorithm.BFS ? bfsSource : a == Algorithm.SSSP ? ssspSource : null);
    }

    /** The iteration count the file gives for {@code a} (PageRank or CDLP). */
    public Optional<Integer> iterations(Algorithm a) {
        return Optional.ofNullable(a == Algorithm.PAGERANK ? prIterations : a == Algorithm.CDLP ? cdlpIterations : null);
    }

    /** The damping factor the file gives for {@code a} (PageRank). */
    public Optional<Double> damping(Algorithm a) {
        return Optional.ofNullable(a == Algorithm.PAGERANK ? prDamping : null);
    }
}
