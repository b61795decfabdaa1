package org.stag.loaders.gen;

import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Graph500 Kronecker (R-MAT) graphs: {@code n = 2^scale} vertices and {@code m = degree * n} edges. Each
 * edge descends {@code scale} levels of the adjacency matrix, choosing at every level the quadrant
 * top-left, top-right, bottom-left or bottom-right with probabilities {@code a, b, c, d = 1 - a - b - c}
 * (Graph500 and GAP: 0.57, 0.19, 0.19, 0.05). As in GAP's generator there is no per-level noise and no
 * clip-and-flip; undirectedness comes from {@link Symmetry#SYMMETRIC}.
 *
 * <p>Vertex ids are then relabelled by a seeded random permutation, so that the hubs, which the recursion
 * puts at small ids, are spread over the id range. Self-loops and duplicate edges, frequent between hubs,
 * are kept.
 */
public final class KroneckerGenerator implements GraphGenerator {
    /** The name in source strings: {@value}. */
    public static final String NAME = "kron";
    /** Graph500's top-left (both ids in the lower half) probability. */
    public static final double GRAPH500_A = 0.57;
    /** Graph500's top-right probability. */
    public static final double GRAPH500_B = 0.19;
    /** Graph500's bottom-left probability. */
    public static final double GRAPH500_C = 0.19;

    private final double a;
    private final double b;
    private final double c;

    /** A generator with Graph500's initiator probabilities. */
    public KroneckerGenerator() {
        this(GRAPH500_A, GRAPH500_B, GRAPH500_C);
    }

    /**
     * A generator with the initiator probabilities {@code a, b, c} and {@code d = 1 - a - b - c}.
     *
     * @throws IllegalArgumentException unless all four are in [0, 1]
     */
    public KroneckerGenerator(double a, double b, double c) {
        if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c <= 1 + 1e-9)) {
            throw new IllegalArgumentException("Kronecker probabilities a, b, c must be non-negative with a + b + c <= 1,"
                    + " got a=" + a + ", b=" + b + ", c=" + c);
        }
        this.a = a;
        this.b = b;
        this.c = c;
    }

    /** The top-left probability. */
    public double a() {
        return a;
    }

    /** The top-right probability. */
    public double b() {
        return b;
    }

    /** The bottom-left probability. */
    public double c() {
        return c;
    }

    /** The bottom-right probability {@code 1 - a - b - c}. */
    public double d() {
        return Math.max(0, 1 - a - b - c);
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Generates the graph; its source string is {@code kron(scale=S,degree=D,seed=X)}, with
     * {@code ,a=..,b=..,c=..} appended when the probabilities are not Graph500's.
     *
     * @throws IllegalArgumentException when {@code degree * 2^scale} exceeds {@link GeneratorOptions#MAX_EDGES}
     */
    @Override
    public EdgeList generate(GeneratorOptions options) {
        return generate(options, true);
    }

    /** {@link #generate(GeneratorOptions)}, optionally without the relabelling (for tests). */
    EdgeList generate(GeneratorOptions options, boolean permute) {
        int n = options.numVertices();
        int m = options.edgeFactorEdges();
        long seed = options.seed();
        int threads = options.threads();
        // Quadrant A is r < tA, B is tA <= r < tAB, C is tAB <= r < tABC, D the rest, for 32 random bits r.
        // Stored minus one: (t1 - r) >>> 63 is then 1 exactly when r >= t, a branch-free comparison.
        // The permutation comes first so each block writes final ids: one pass over the edge arrays, not two.
        EdgeBlocks blocks = blocks(options, permute);
        int[] src = new int[m];
        int[] dst = new int[m];
        Blocks.run(threads, Blocks.count(m), blk -> blocks.block(blk, src, dst, Blocks.start(blk)));
        double[] weights = null;
        if (options.weighted()) {
            weights = new double[m];
            Blocks.fillWeights(weights, seed, threads);
        }
        String extra = a == GRAPH500_A && b == GRAPH500_B && c == GRAPH500_C ? ""
                : ",a=" + Blocks.format(a) + ",b=" + Blocks.format(b) + ",c=" + Blocks.format(c);
        return new EdgeList(options.describe(NAME, extra), n, n, src, dst, weights, m,
                options.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                options.weighted() ? ValueKind.INTEGER : ValueKind.PATTERN, VertexIds.offset(0), null);
    }

    /**
     * The edges of {@code options} block by block ({@link EdgeBlocks}), each regenerated from (seed, block) alone:
     * what {@link #generate} puts in its arrays, for a build that passes over them more than once.
     */
    public EdgeBlocks blocks(GeneratorOptions options) {
        return blocks(options, true);
    }

    private EdgeBlocks blocks(GeneratorOptions options, boolean permute) {
        int scale = options.scale();
        long m = options.edgeCount();
        long seed = options.seed();
        // Quadrant A is r < tA, B is tA <= r < tAB, C is tAB <= r < tABC, D the rest, for 32 random bits r.
        // Stored minus one: (t1 - r) >>> 63 is then 1 exactly when r >= t, a branch-free comparison.
        long tA1 = threshold(a) - 1;
        long tAB1 = threshold(a + b) - 1;
        long tABC1 = threshold(a + b + c) - 1;
        int[] perm = permute ? permutation(options.numVertices(), seed) : null;
        return new EdgeBlocks(m) {
            @Override
            public int block(long blk, int[] src, int[] dst, int at) {
                SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_KRON, blk);
                int count = count(blk);
                for (int k = 0; k < count; k++) {
                    int s = 0;
                    int d = 0;
                    // One 64-bit draw serves two levels: the high half the first, the low half the second.
                    for (int level = 0; level < scale; level += 2) {
                        long bits = rng.nextLong();
                        long r = bits >>> 32;
                        s = (s << 1) | (int) ((tAB1 - r) >>> 63);
                        d = (d << 1) | (int) (((tA1 - r) ^ (tAB1 - r) ^ (tABC1 - r)) >>> 63);
                        if (level + 1 < scale) {
                            r = bits & SplitMix64.LOW32;
                            s = (s << 1) | (int) ((tAB1 - r) >>> 63);
                            d = (d << 1) | (int) (((tA1 - r) ^ (tAB1 - r) ^ (tABC1 - r)) >>> 63);
                        }
                    }
                    if (perm != null) {
                        s = perm[s];
                        d = perm[d];
                    }
                    src[at + k] = s;
                    dst[at + k] = d;
                }
                return count;
            }
        };
    }

    /** {@code p * 2^32} rounded, in [0, 2^32]; comparing 32 random bits against it succeeds with probability p. */
    private static long threshold(double p) {
        return Math.min(1L << 32, Math.round(p * 0x1p32));
    }

    /**
     * A uniformly random permutation of {@code 0..n-1} determined by {@code seed}: Fisher–Yates driven by
     * SplitMix64. Sequential and O(n) but cache-unfriendly: measured 1.5 to 2.5 s at scale 26, a few percent of
     * generating that graph's 2^30 edges.
     */
    static int[] permutation(int n, long seed) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_PERMUTATION, 0);
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        return perm;
    }
}
