package org.stag.algorithms.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.engine.program.IterationListener;
import org.stag.engine.program.RunOptions;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;

/**
 * What {@code stag run} was asked, before it is checked against the program: the graph format (parsed), threads,
 * the source vertex or sources (in the input's numbering), iterations and damping factor, other parameters
 * as text, where {@code --explain} lines go, and the LDBC parameters of the graph. A mutable builder;
 * {@code null} (or an empty array for sources) means "not given".
 */
public final class RunSettings {
    /** The graph format when none is given, as written: CSR. */
    public static final String DEFAULT_FORMAT = "dense,compressed";

    private Format format = Format.csr();
    private int threads = 1;
    private Long source;
    private long[] sources;
    private Integer iterations;
    private Long seed;
    private Integer k;
    private Double damping;
    private final Map<String, String> params = new LinkedHashMap<>();
    private Consumer<String> explain;
    private long maxIterations = RunOptions.DEFAULT_MAX_ITERATIONS;
    private IterationListener listener;
    private LdbcParameters ldbc = LdbcParameters.NONE;
    private String graphName;
    private org.stag.engine.program.KernelExecutor executor;

    /**
     * Runs the kernels that read tensors held elsewhere through {@code e} ({@link RunOptions#executor}): a graph
     * bound as stand-ins whose blocks live in a cluster. Null (the default) runs everything in this JVM.
     */
    public RunSettings executor(org.stag.engine.program.KernelExecutor e) {
        this.executor = e;
        return this;
    }

    /** The executor of kernels over tensors held elsewhere, or null. */
    public org.stag.engine.program.KernelExecutor executor() {
        return executor;
    }

    /** Sets the format of {@code A}, {@code AT} and {@code W}: two levels ({@link GraphTensor#format}). */
    public RunSettings format(Format f) {
        this.format = Objects.requireNonNull(f, "format");
        return this;
    }

    /**
     * Sets the format of {@code A}, {@code AT} and {@code W} from its text, e.g. {@code dense,ctree}, parsed by
     * {@link GraphTensor#format} (for code that starts from text: a command line parses its option once itself).
     *
     * @throws org.stag.loaders.BadInputException for a malformed format or one that is not of two levels
     */
    public RunSettings format(String text) {
        return format(GraphTensor.format(text));
    }

    /** Worker threads for the kernels (at least 1). */
    public RunSettings threads(int t) {
        if (t < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + t);
        }
        this.threads = t;
        return this;
    }

    /** The source vertex in the input's numbering ({@code --source}); null for none. */
    public RunSettings source(Long id) {
        this.source = id;
        return this;
    }

    /** Betweenness sources in the input's numbering ({@code --sources}); null for all vertices. */
    public RunSettings sources(long[] ids) {
        this.sources = ids == null ? null : ids.clone();
        return this;
    }

    /**
     * Where a harness that runs several algorithms alike starts each (bench, {@code stag bench}): the source
     * {@code source} for an algorithm that takes one, the sources {@code sources} (else {@code source} alone) for
     * one that takes sources, nothing for the others.
     */
    public RunSettings startAt(Algorithm a, long source, long... sources) {
        if (a.takes(Setting.SOURCE)) {
            source(source);
        } else if (a.takes(Setting.SOURCES)) {
            sources(sources.length == 0 ? new long[] {source} : sources);
        }
        return this;
    }

    /** {@code --iterations}; null for the LDBC or program default. */
    public RunSettings iterations(Integer k) {
        this.iterations = k;
        return this;
    }

    /** {@code --damping}; null for the LDBC or program default. */
    public RunSettings damping(Double d) {
        this.damping = d;
        return this;
    }

    /** {@code --seed}: a randomised algorithm's seed; null for the program's default. */
    public RunSettings seed(Long s) {
        this.seed = s;
        return this;
    }

    /** {@code --k}: k-truss's k; null for the program's default. */
    public RunSettings k(Integer value) {
        this.k = value;
        return this;
    }

    /** {@code --param name=value}. */
    public RunSettings param(String name, String value) {
        params.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Several {@code --param}s. */
    public RunSettings params(Map<String, String> values) {
        values.forEach(this::param);
        return this;
    }

    /** Where {@code --explain} lines go; null for nowhere. */
    public RunSettings explain(Consumer<String> sink) {
        this.explain = sink;
        return this;
    }

    /** The most iterations a star call with a stop condition may run ({@code --max-iterations}, at least 1). */
    public RunSettings maxIterations(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("the iteration limit must be at least 1, not " + n);
        }
        this.maxIterations = n;
        return this;
    }

    /** Told after every iteration of a star call (progress); null for none. */
    public RunSettings onIteration(IterationListener l) {
        this.listener = l;
        return this;
    }

    public long maxIterations() {
        return maxIterations;
    }

    public IterationListener iterationListener() {
        return listener;
    }

    /** The parameters the graph's LDBC {@code .properties} file gives. */
    public RunSettings ldbc(LdbcParameters p) {
        this.ldbc = Objects.requireNonNull(p, "ldbc");
        return this;
    }

    /** How messages name the graph (e.g. the path given on the command line); null for the loader's name. */
    public RunSettings graphName(String name) {
        this.graphName = name;
        return this;
    }

    public String graphName() {
        return graphName;
    }

    public Format format() {
        return format;
    }

    public int threads() {
        return threads;
    }

    public Long source() {
        return source;
    }

    public long[] sources() {
        return sources == null ? null : sources.clone();
    }

    public Integer iterations() {
        return iterations;
    }

    public Double damping() {
        return damping;
    }

    public Long seed() {
        return seed;
    }

    public Integer k() {
        return k;
    }

    /**
     * Whether setting {@code s} was given. With {@link #clear(Setting)}, the one place that maps a {@link Setting} to
     * its field: the switches are exhaustive, so a new setting cannot be left out.
     */
    public boolean has(Setting s) {
        return switch (s) {
            case SOURCE -> source != null;
            case SOURCES -> sources != null;
            case ITERATIONS -> iterations != null;
            case DAMPING -> damping != null;
            case SEED -> seed != null;
            case K -> k != null;
        };
    }

    /** Forgets what was given for setting {@code s}. */
    public RunSettings clear(Setting s) {
        switch (s) {
            case SOURCE -> source = null;
            case SOURCES -> sources = null;
            case ITERATIONS -> iterations = null;
            case DAMPING -> damping = null;
            case SEED -> seed = null;
            case K -> k = null;
        }
        return this;
    }

    public Map<String, String> params() {
        return Collections.unmodifiableMap(params);
    }

    public Consumer<String> explain() {
        return explain;
    }

    public LdbcParameters ldbc() {
        return ldbc;
    }
}
