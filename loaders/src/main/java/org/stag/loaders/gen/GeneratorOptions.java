package org.stag.loaders.gen;

/**
 * Parameters shared by all synthetic generators.
 *
 * <p>What {@code degree} means depends on the generator, following the benchmark each one imitates:
 * <ul>
 *   <li>{@link KroneckerGenerator} and {@link UniformRandomGenerator}: the Graph500/GAP "edge factor",
 *       {@code m = round(degree * n)} generated edges. An undirected graph then has average degree
 *       {@code 2 * degree} before duplicates are merged (Graph500's edge factor 16 gives 32).</li>
 *   <li>{@link GridGenerator}: the expected average degree of the undirected grid, in (0, 4].</li>
 * </ul>
 *
 * @param scale    log2 of the vertex count, 1..30
 * @param degree   edge factor or average degree (see above); positive and finite
 * @param seed     any value; equal seeds and parameters give identical graphs
 * @param threads  worker threads, at least 1; does not change the result
 * @param weighted integer weights uniform in [1, 255] ({@code ValueKind.INTEGER}); otherwise a pattern graph
 * @param directed a directed graph ({@code Symmetry.GENERAL}); otherwise each entry stands for both
 *                 directions ({@code Symmetry.SYMMETRIC})
 */
public record GeneratorOptions(int scale, double degree, long seed, int threads, boolean weighted, boolean directed) {
    /** Smallest accepted scale. */
    public static final int MIN_SCALE = 1;
    /** Largest accepted scale: 2^30 vertices, the largest power of two below Java's array limit. */
    public static final int MAX_SCALE = 30;
    /** The most edges a generator will make: the largest length Java reliably allows for an array. */
    public static final long MAX_EDGES = Integer.MAX_VALUE - 8L;

    /**
     * Validates the parameters.
     *
     * @throws IllegalArgumentException when one is out of range
     */
    public GeneratorOptions {
        if (scale < MIN_SCALE || scale > MAX_SCALE) {
            throw new IllegalArgumentException(
                    "scale must be in " + MIN_SCALE + ".." + MAX_SCALE + " (2^scale vertices), got " + scale);
        }
        if (!(degree > 0) || Double.isInfinite(degree)) {
            throw new IllegalArgumentException("degree must be a positive number, got " + degree);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
    }

    /** Undirected, unweighted, single-threaded options. */
    public static GeneratorOptions of(int scale, double degree, long seed) {
        return new GeneratorOptions(scale, degree, seed, 1, false, false);
    }

    /** These options with another thread count. */
    public GeneratorOptions withThreads(int threads) {
        return new GeneratorOptions(scale, degree, seed, threads, weighted, directed);
    }

    /** These options with or without weights. */
    public GeneratorOptions withWeighted(boolean weighted) {
        return new GeneratorOptions(scale, degree, seed, threads, weighted, directed);
    }

    /** These options, directed or undirected. */
    public GeneratorOptions withDirected(boolean directed) {
        return new GeneratorOptions(scale, degree, seed, threads, weighted, directed);
    }

    /** These options with another seed. */
    public GeneratorOptions withSeed(long seed) {
        return new GeneratorOptions(scale, degree, seed, threads, weighted, directed);
    }

    /** The vertex count, {@code 2^scale}. */
    public int numVertices() {
        return 1 << scale;
    }

    /**
     * The edge count {@code round(degree * 2^scale)} for the edge-factor generators.
     *
     * @throws IllegalArgumentException when it exceeds {@link #MAX_EDGES}
     */
    public long edgeCount() {
        return Math.round(degree * numVertices());
    }

    /**
     * {@link #edgeCount()} as an int, for the generators that hold the edges in arrays.
     *
     * @throws IllegalArgumentException when it exceeds {@link #MAX_EDGES}
     */
    public int edgeFactorEdges() {
        long m = Math.round(degree * numVertices());
        if (m > MAX_EDGES) {
            throw new IllegalArgumentException("scale " + scale + " with degree " + Blocks.format(degree) + " gives "
                    + m + " edges; at most " + MAX_EDGES + " fit in Java arrays");
        }
        return (int) m;
    }

    /** The source string of a generated graph: {@code name(scale=S,degree=D,seed=X)} plus any extras. */
    String describe(String name, String extra) {
        return name + "(scale=" + scale + ",degree=" + Blocks.format(degree) + ",seed=" + seed + extra + ")";
    }
}
