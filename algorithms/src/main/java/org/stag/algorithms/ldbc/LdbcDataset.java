package org.stag.algorithms.ldbc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.ldbc.LdbcGraphFiles;
import org.stag.loaders.ldbc.LdbcProperties;

/**
 * An LDBC Graphalytics dataset described by its {@code NAME.properties} file: the graph's files and
 * metadata, the parameters of each algorithm ({@code graph.NAME.bfs.source-vertex},
 * {@code graph.NAME.pr.damping-factor} and so on), and where the expected outputs are
 * ({@code NAME-BFS}, {@code NAME-CDLP}, {@code NAME-LCC}, {@code NAME-PR}, {@code NAME-SSSP},
 * {@code NAME-WCC} beside the properties file). Source vertices are in the input's numbering.
 *
 * <p>A parameter the file does not give is an error when asked for, naming the missing key.
 */
public final class LdbcDataset {
    private final Path propertiesFile;
    private final LdbcGraphFiles files;
    private final LdbcProperties properties;

    private LdbcDataset(Path propertiesFile, LdbcGraphFiles files) {
        this.propertiesFile = propertiesFile;
        this.files = files;
        this.properties = files.properties();
    }

    /**
     * Opens the dataset of a {@code .properties} file.
     *
     * @throws BadInputException when the file, or the graph files it names, do not exist
     */
    public static LdbcDataset open(Path propertiesFile) {
        if (!Files.isRegularFile(propertiesFile)) {
            throw new BadInputException(propertiesFile.toString(), 0, "no such file");
        }
        if (!propertiesFile.getFileName().toString().endsWith(".properties")) {
            throw new BadInputException(propertiesFile.toString(), 0, "expected an LDBC .properties file");
        }
        return new LdbcDataset(propertiesFile, LdbcGraphFiles.locate(propertiesFile));
    }

    /** The graph's name, {@code NAME} of {@code NAME.properties}. */
    public String name() {
        return files.name();
    }

    public Path propertiesFile() {
        return propertiesFile;
    }

    public Path vertexFile() {
        return files.vertexFile();
    }

    public Path edgeFile() {
        return files.edgeFile();
    }

    /** Whether the graph is directed ({@code graph.NAME.directed}; directed when absent, as the loader reads it). */
    public boolean directed() {
        return files.directed() == null || files.directed();
    }

    /** Whether edges carry a weight ({@code graph.NAME.edge-properties.names} lists {@code weight}). */
    public boolean weighted() {
        return files.weighted() != null && files.weighted();
    }

    /** Loads the graph. */
    public Graph load(LoadOptions options) {
        return GraphLoader.load(propertiesFile, options.withFormat(GraphFileFormat.LDBC));
    }

    /** The algorithms the file lists ({@code graph.NAME.algorithms}); all six when it lists none. */
    public List<LdbcAlgorithm> algorithms() {
        String list = properties.get(key("algorithms"));
        if (list == null || list.isBlank()) {
            return List.of(LdbcAlgorithm.values());
        }
        List<LdbcAlgorithm> out = new ArrayList<>();
        for (String s : list.split("\\s*,\\s*")) {
            String t = s.strip().toUpperCase(Locale.ROOT);
            if (t.isEmpty()) {
                continue;
            }
            try {
                out.add(LdbcAlgorithm.valueOf(t));
            } catch (IllegalArgumentException e) {
                throw new BadInputException(propertiesFile.toString(), 0, key("algorithms") + " lists unknown algorithm '" + s + "'");
            }
        }
        return List.copyOf(out);
    }

    /** The BFS root ({@code graph.NAME.bfs.source-vertex}). */
    public long bfsSource() {
        return requireLong(key("bfs.source-vertex"));
    }

    /** The SSSP root ({@code graph.NAME.sssp.source-vertex}). */
    public long ssspSource() {
        return requireLong(key("sssp.source-vertex"));
    }

    /** The edge property SSSP uses as weight ({@code graph.NAME.sssp.weight-property}), or {@code null}. */
    public String ssspWeightProperty() {
        return properties.get(key("sssp.weight-property"));
    }

    /** CDLP's number of rounds ({@code graph.NAME.cdlp.max-iterations}). */
    public int cdlpMaxIterations() {
        return requireInt(key("cdlp.max-iterations"));
    }

    /** PageRank's number of iterations ({@code graph.NAME.pr.num-iterations}). */
    public int prIterations() {
        return requireInt(key("pr.num-iterations"));
    }

    /** PageRank's damping factor ({@code graph.NAME.pr.damping-factor}). */
    public double prDampingFactor() {
        Double d = properties.getDouble(key("pr.damping-factor"));
        if (d == null) {
            throw missing(key("pr.damping-factor"));
        }
        return d;
    }

    /** The expected output of {@code algorithm}: {@code NAME-SUFFIX} beside the properties file. */
    public Path expectedOutput(LdbcAlgorithm algorithm) {
        return propertiesFile.resolveSibling(name() + "-" + algorithm.suffix());
    }

    /** Whether the expected output of {@code algorithm} exists. */
    public boolean hasExpectedOutput(LdbcAlgorithm algorithm) {
        return Files.isRegularFile(expectedOutput(algorithm));
    }

    private String key(String suffix) {
        return "graph." + name() + "." + suffix;
    }

    private long requireLong(String key) {
        Long v = properties.getLong(key);
        if (v == null) {
            throw missing(key);
        }
        return v;
    }

    private int requireInt(String key) {
        long v = requireLong(key);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new BadInputException(propertiesFile.toString(), 0, key + " out of range: " + v);
        }
        return (int) v;
    }

    private BadInputException missing(String key) {
        return new BadInputException(propertiesFile.toString(), 0, "no " + key + " given");
    }
}
