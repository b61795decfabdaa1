package org.stag.loaders.gen;

import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Road-like 2-D grids: low degree and high diameter (about {@code rows + cols}), the opposite of Kronecker
 * graphs. The {@code n = 2^scale} vertices form {@link #rows(int) rows} {@code = 2^floor(scale/2)} by
 * {@link #cols(int) cols} {@code = 2^ceil(scale/2)}, numbered row by row: vertex {@code v} is at row
 * {@code v / cols}, column {@code v % cols}. The lattice has {@code L = rows*(cols-1) + (rows-1)*cols}
 * edges, each joining a vertex to its right or lower neighbour; every one is kept independently with
 * probability {@code p = min(1, degree * n / (2 * L))}, so the expected average degree of the undirected
 * graph is {@code degree}.
 *
 * <p>Because of the border the full lattice has average degree {@link #latticeDegree(int)}
 * {@code = 4 - 2 * (rows + cols) / n} (3.984 at scale 16, 1 at scale 1), just under 4. A {@code degree} at
 * or above that gives {@code p = 1}: exactly the full lattice, every seed alike, with that average degree.
 *
 * <p>Entries are generated in vertex order, the right edge before the lower one, always from the smaller id
 * to the larger; a directed grid therefore only points right and down. Ids are not relabelled, so ids keep
 * the grid's locality (as road networks numbered by region often do). There are no self-loops or
 * duplicates.
 */
public final class GridGenerator implements GraphGenerator {
    /** The name in source strings: {@value}. */
    public static final String NAME = "grid";
    /** The largest accepted degree: a full 4-neighbour lattice. */
    public static final double MAX_DEGREE = 4;

    /** The generator; it has no parameters beyond {@link GeneratorOptions}. */
    public GridGenerator() {
    }

    @Override
    public String name() {
        return NAME;
    }

    /** A grid's degree is its lattice's: 4. */
    @Override
    public double defaultDegree() {
        return MAX_DEGREE;
    }

    /** The number of grid rows, {@code 2^floor(scale/2)}. */
    public static int rows(int scale) {
        return 1 << (scale / 2);
    }

    /** The number of grid columns, {@code 2^ceil(scale/2)}. */
    public static int cols(int scale) {
        return 1 << (scale - scale / 2);
    }

    /** The number of lattice edges, {@code rows*(cols-1) + (rows-1)*cols}. */
    public static long latticeEdges(int scale) {
        long r = rows(scale);
        long c = cols(scale);
        return r * (c - 1) + (r - 1) * c;
    }

    /** The average degree of the full lattice, {@code 2 * L / n}: the most a grid of this scale can have. */
    public static double latticeDegree(int scale) {
        return 2.0 * latticeEdges(scale) / (1L << scale);
    }

    /**
     * Generates the grid; its source string is {@code grid(scale=S,degree=D,seed=X)}.
     *
     * @throws IllegalArgumentException when {@code degree} is not in (0, 4]
     */
    @Override
    public EdgeList generate(GeneratorOptions options) {
        double degree = options.degree();
        if (!(degree > 0 && degree <= MAX_DEGREE)) {
            throw new IllegalArgumentException("grid degree is the average degree of a 4-neighbour lattice and must be"
                    + " in (0, 4], got " + Blocks.format(degree));
        }
        int scale = options.scale();
        int n = options.numVertices();
        int logCols = scale - scale / 2;
        int rows = rows(scale);
        int cols = cols(scale);
        long seed = options.seed();
        int threads = options.threads();
        double p = Math.min(1.0, degree * n / (2.0 * latticeEdges(scale)));
        // Keep an edge when its 32 random bits are below keep; 2^32 keeps all.
        long keep = p >= 1 ? 1L << 32 : Math.min(1L << 32, Math.round(p * 0x1p32));

        // The kept count is random, so a counting pass sizes the arrays and gives each block its output
        // offset; the writing pass replays the same random stream. Blocks are of vertices here.
        int blocks = Blocks.count(n);
        long[] offset = new long[blocks + 1];
        Blocks.run(threads, blocks, blk -> {
            SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_GRID, blk);
            long kept = 0;
            for (int v = Blocks.start(blk), end = Blocks.end(blk, n); v < end; v++) {
                long bits = rng.nextLong();
                int r = v >>> logCols;
                int c = v & (cols - 1);
                if (c < cols - 1 && (bits >>> 32) < keep) {
                    kept++;
                }
                if (r < rows - 1 && (bits & SplitMix64.LOW32) < keep) {
                    kept++;
                }
            }
            offset[blk + 1] = kept;
        });
        for (int blk = 0; blk < blocks; blk++) {
            offset[blk + 1] += offset[blk];
        }
        long total = offset[blocks];
        if (total > GeneratorOptions.MAX_EDGES) {
            // Cannot happen (L < 2^31 - 2^16 for scale <= 30), but the int cast below relies on it.
            throw new IllegalArgumentException("grid of scale " + scale + " has " + total + " edges; at most "
                    + GeneratorOptions.MAX_EDGES + " fit in Java arrays");
        }
        int m = (int) total;
        int[] src = new int[m];
        int[] dst = new int[m];
        Blocks.run(threads, blocks, blk -> {
            SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_GRID, blk);
            int e = (int) offset[blk];
            for (int v = Blocks.start(blk), end = Blocks.end(blk, n); v < end; v++) {
                long bits = rng.nextLong();
                int r = v >>> logCols;
                int c = v & (cols - 1);
                if (c < cols - 1 && (bits >>> 32) < keep) {
                    src[e] = v;
                    dst[e] = v + 1;
                    e++;
                }
                if (r < rows - 1 && (bits & SplitMix64.LOW32) < keep) {
                    src[e] = v;
                    dst[e] = v + cols;
                    e++;
                }
            }
        });
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
