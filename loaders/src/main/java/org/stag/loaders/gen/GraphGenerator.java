package org.stag.loaders.gen;

import java.util.Locale;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;

/**
 * A deterministic synthetic graph generator. The result is an {@link EdgeList} in generation order with
 * 0-based dense ids ({@code VertexIds.offset(0)}) and no line locator; self-loops and duplicate edges are
 * kept as generated, for the graph builder to resolve. Equal options give identical arrays whatever the
 * thread count.
 */
public interface GraphGenerator {
    /** The short name used in source strings and on the command line, e.g. {@code kron}. */
    String name();

    /**
     * Generates a graph.
     *
     * @throws IllegalArgumentException when the options do not suit this generator (e.g. too many edges)
     */
    EdgeList generate(GeneratorOptions options);

    /** The average degree a graph gets when none is asked for: 16, as GAP's kron and urand (a grid: its 4). */
    default double defaultDegree() {
        return 16;
    }

    /**
     * Generates a graph and builds it, as {@code stag generate} writes it: duplicates kept once (the first), self-loops
     * kept.
     *
     * @throws IllegalArgumentException when the options do not suit this generator
     */
    default Graph graph(GeneratorOptions options) {
        return GraphBuilder.build(generate(options), DuplicatePolicy.FIRST, options.threads());
    }

    /**
     * The generator called {@code name}: {@code kron} (Graph500 parameters), {@code urand} or {@code grid}.
     *
     * @throws IllegalArgumentException for any other name
     */
    static GraphGenerator byName(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case KroneckerGenerator.NAME -> new KroneckerGenerator();
            case UniformRandomGenerator.NAME -> new UniformRandomGenerator();
            case GridGenerator.NAME -> new GridGenerator();
            default -> throw new IllegalArgumentException(
                    "unknown generator '" + name + "' (expected kron, urand or grid)");
        };
    }
}
