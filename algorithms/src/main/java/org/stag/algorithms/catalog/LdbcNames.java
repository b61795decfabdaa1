package org.stag.algorithms.catalog;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.stag.algorithms.ldbc.LdbcAlgorithm;

/**
 * How LDBC Graphalytics names an algorithm: its algorithm (the suffix of its expected output files, how they are
 * validated), and the {@code .properties} keys that give its settings, {@code graph.NAME.KEY.PROPERTY} with KEY
 * the algorithm's {@link LdbcAlgorithm#key()}, e.g. {@code graph.example.bfs.source-vertex}.
 *
 * @param algorithm  the LDBC algorithm
 * @param properties the property of each setting the dataset may give, e.g. {@code SOURCE -> source-vertex}
 */
public record LdbcNames(LdbcAlgorithm algorithm, Map<Setting, String> properties) {
    public LdbcNames {
        Objects.requireNonNull(algorithm, "algorithm");
        // In the settings' order, so that a dataset's properties are read (and refused) in one order.
        Map<Setting, String> ordered = new EnumMap<>(Setting.class);
        ordered.putAll(properties);
        properties = Collections.unmodifiableMap(ordered);
    }

    /** The full key of {@code property} for the graph called {@code graph}. */
    public String key(String graph, String property) {
        return "graph." + graph + "." + algorithm.key() + "." + property;
    }
}
