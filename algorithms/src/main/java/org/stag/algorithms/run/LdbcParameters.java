package org.stag.algorithms.run;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.LdbcNames;
import org.stag.algorithms.catalog.Setting;
import org.stag.loaders.BadInputException;
import org.stag.loaders.ldbc.LdbcGraphFiles;
import org.stag.loaders.ldbc.LdbcProperties;

/**
 * The algorithm settings an LDBC Graphalytics {@code NAME.properties} file gives: for every algorithm, the
 * properties its descriptor names ({@link LdbcNames}), e.g. {@code graph.NAME.bfs.source-vertex} (a root in the
 * input's numbering), {@code graph.NAME.pr.num-iterations}, {@code graph.NAME.pr.damping-factor},
 * {@code graph.NAME.cdlp.max-iterations}. {@code stag run} uses them unless the command line says otherwise.
 *
 * @param propertiesFile the file, or null
 * @param values         each algorithm's settings the file gives: sources as {@code Long}, iteration counts as
 *                       {@code Integer}, damping factors as {@code Double}
 */
public record LdbcParameters(Path propertiesFile, Map<Algorithm, Map<Setting, Object>> values) {

    /** No parameters (a graph that is not an LDBC dataset). */
    public static final LdbcParameters NONE = new LdbcParameters(null, Map.of());

    public LdbcParameters {
        Map<Algorithm, Map<Setting, Object>> copy = new EnumMap<>(Algorithm.class);
        values.forEach((a, v) -> copy.put(a, Map.copyOf(v)));
        values = Map.copyOf(copy);
    }

    /**
     * The parameters of the LDBC graph {@code graphFile} names (its {@code .properties}, {@code .v} or
     * {@code .e} file); {@link #NONE} when it has no properties file. Every algorithm's properties are read
     * now, so a malformed one is found before anything runs.
     *
     * @throws BadInputException when a value is malformed or out of range
     */
    public static LdbcParameters of(Path graphFile) {
        LdbcGraphFiles files = LdbcGraphFiles.locate(graphFile);
        LdbcProperties p = files.properties();
        if (p == null) {
            return NONE;
        }
        Map<Algorithm, Map<Setting, Object>> values = new EnumMap<>(Algorithm.class);
        for (Algorithm a : Algorithm.values()) {
            LdbcNames names = a.descriptor().ldbc().orElse(null);
            if (names == null) {
                continue;
            }
            Map<Setting, Object> given = new EnumMap<>(Setting.class);
            names.properties().forEach((setting, property) -> {
                Object v = read(p, setting, names.key(files.name(), property));
                if (v != null) {
                    given.put(setting, v);
                }
            });
            values.put(a, given);
        }
        return new LdbcParameters(files.propertiesFile(), values);
    }

    /** The value of {@code key} as {@code setting} takes it, or null when the file does not give it. */
    private static Object read(LdbcProperties p, Setting setting, String key) {
        return switch (setting) {
            case SOURCE -> p.getLong(key);
            case ITERATIONS -> count(p, key);
            case DAMPING -> p.getDouble(key);
            case SOURCES, SEED, K -> throw new IllegalArgumentException("LDBC gives no " + setting.parameter() + " (" + key + ")");
        };
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

    /** Setting {@code s} of {@code a}, if the file gives it. */
    public Optional<Object> value(Algorithm a, Setting s) {
        return Optional.ofNullable(values.getOrDefault(a, Map.of()).get(s));
    }

    /** The root the file gives for {@code a} (BFS or SSSP). */
    public Optional<Long> source(Algorithm a) {
        return value(a, Setting.SOURCE).map(Long.class::cast);
    }

    /** The iteration count the file gives for {@code a} (PageRank or CDLP). */
    public Optional<Integer> iterations(Algorithm a) {
        return value(a, Setting.ITERATIONS).map(Integer.class::cast);
    }

    /** The damping factor the file gives for {@code a} (PageRank). */
    public Optional<Double> damping(Algorithm a) {
        return value(a, Setting.DAMPING).map(Double.class::cast);
    }
}
