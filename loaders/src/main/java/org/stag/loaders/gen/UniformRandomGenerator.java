package org.stag.loaders.gen;

import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Uniform random graphs (Erdős–Rényi-like, GAP's {@code -u}): {@code n = 2^scale} vertices and
 * {@code m = degree * n} edges whose endpoints are independent and uniform in {@code [0, n)}. Self-loops
 * and duplicate edges are kept as generated. Ids are not relabelled: a permutation of a uniform graph is
 * again uniform.
 */
public final class UniformRandomGenerator implements GraphGenerator {
    /** The name in source strings: {@value}. */
    public static final String NAME = "urand";

    /** The generator; it has no parameters beyond {@link GeneratorOptions}. */
    public UniformRandomGenerator() {
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The edges of {@code options} block by block ({@link EdgeBlocks}), each regenerated from (seed, block) alone:
     * what {@link #generate} puts in its arrays, for a build that passes over them more than once.
     */
    public EdgeBlocks blocks(GeneratorOptions options) {
        long seed = options.seed();
        // n is a power of two, so the top 'scale' bits of a 32-bit half are an exactly uniform id.
        int shift = 32 - options.scale();
        return new EdgeBlocks(options.edgeCount()) {
            @Override
            public int block(long blk, int[] src, int[] dst, int at) {
                SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_URAND, blk);
                int count = count(blk);
                for (int k = 0; k < count; k++) {
                    long bits = rng.nextLong();
                    src[at + k] = (int) ((bits >>> 32) >>> shift);
                    dst[at + k] = (int) ((bits & SplitMix64.LOW32) >>> shift);
                }
                return count;
            }
        };
    }

    /**
     * Generates the graph; its source string is {@code urand(scale=S,degree=D,seed=X)}.
     *
     * @throws IllegalArgumentException when {@code degree * 2^scale} exceeds {@link GeneratorOptions#MAX_EDGES}
     */
    @Override
    public EdgeList generate(GeneratorOptions options) {
        int n = options.numVertices();
        int m = options.edgeFactorEdges();
        long seed = options.seed();
        int threads = options.threads();
        EdgeBlocks blocks = blocks(options);
        int[] src = new int[m];
        int[] dst = new int[m];
        Blocks.run(threads, Blocks.count(m), blk -> blocks.block(blk, src, dst, Blocks.start(blk)));
        double[] weights = null;
        if (options.weighted()) {
            weights = new double[m];
            Blocks.fillWeights(weights, seed, threads);
        }
        return new EdgeList(options.describe(NAME, ""), n, n, src, dst, weights, m,
                options.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                options.weighted() ? ValueKind.INTEGER : ValueKind.PATTERN, VertexIds.offset(0), null);
    }
}
