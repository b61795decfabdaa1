package org.stag.loaders;

import java.util.function.IntUnaryOperator;

/**
 * What a {@link Graph} whose edges are held elsewhere still answers (a graph loaded straight into an encoded structure,
 * e.g. {@code dense,vbyte} from a {@code .stagb}, keeps no column array): its stored entries, each row's degree (read
 * from the structure), its self-loops, whether every edge has its mirror, and its weights' range. A
 * {@link Collector} gathers them, and checks what a whole load checks, in the one pass that reads the rows.
 *
 * @param heldIn           what holds the edges, for messages (e.g. {@code dense,vbyte})
 * @param entries          stored entries
 * @param degree           row {@code r}'s stored entries
 * @param selfLoops        stored entries {@code (v, v)}
 * @param symmetricPattern whether every entry {@code (u, v)} has its mirror {@code (v, u)}
 * @param minWeight        the smallest weight (0 without entries or weights)
 * @param maxWeight        the largest weight (0 without entries or weights)
 * @param weightSum        the weights' sum (0 without weights)
 * @param weightMean       the weights' mean, each divided by the entries first (finite where the sum overflows)
 * @param firstNegative    the first entry with a negative weight as {@code {row, column}}, or null
 */
public record EdgeFacts(String heldIn, long entries, IntUnaryOperator degree, long selfLoops, boolean symmetricPattern,
                        double minWeight, double maxWeight, double weightSum, double weightMean,
                        int[] firstNegative) {

    /**
     * Receives a file's rows in order, as {@code BinaryRowReader} hands them over, gathering the facts and refusing, in
     * one line naming {@code file}, what a whole load refuses: NaN or infinite weights (a structure built from the rows
     * holds finite weights only), a value not of the declared type, and a symmetric file whose entries are not stored
     * in both directions with equal values.
     */
    public static final class Collector {
        private final String file;
        private final long entries;
        private final Symmetry symmetry;
        private final ValueKind kind;
        private final GraphBlasType type;
        private final long[] keys = SymmetricPairs.keys();
        private final long[] hash = new long[4];
        private long selfLoops;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;
        private double sum;
        private double meanDividedFirst;
        private int[] firstNegative;

        /** A collector for a file of {@code entries} stored entries, whose header gives the symmetry and value kind and type. */
        public Collector(String file, long entries, Symmetry symmetry, ValueKind kind, GraphBlasType type) {
            this.file = file;
            this.entries = entries;
            this.symmetry = symmetry;
            this.kind = kind;
            this.type = type;
        }

        /** Row {@code r}: columns {@code col[from, to)}, increasing, weights {@code w} at the same indices (or null). */
        public void row(int r, int[] col, double[] w, int from, int to) {
            boolean both = symmetry != Symmetry.GENERAL;
            SymmetricPairs.hashRow(r, col, from, to, both ? w : null, null, symmetry == Symmetry.SKEW_SYMMETRIC, keys,
                    hash);
            for (int p = from; p < to && col[p] <= r; p++) {
                if (col[p] == r) {
                    selfLoops++;
                }
            }
            if (w != null) {
                weights(r, col, w, from, to);
            }
        }

        private void weights(int r, int[] col, double[] w, int from, int to) {
            boolean whole = type != null || kind == ValueKind.INTEGER;
            for (int p = from; p < to; p++) {
                double x = w[p];
                if (!Double.isFinite(x)) {
                    throw new BadInputException(file, 0, "value " + x + " in row " + r + ": NaN or infinite weights are"
                            + " not held by a structure built straight from the file's rows; load it with --format"
                            + " dense,compressed");
                }
                if (whole && (type != null ? !type.accepts(x) : x != Math.rint(x))) {
                    throw new BadInputException(file, 0, "value " + x + " in row " + r + " is not " + (type != null
                            ? "a value of type " + type.shortName() : "an integer") + " (the file is corrupt)");
                }
                if (x < 0 && firstNegative == null) {
                    firstNegative = new int[] {r, col[p]};
                }
                min = Math.min(min, x);
                max = Math.max(max, x);
                sum += x;
                meanDividedFirst += x / entries;
            }
        }

        /**
         * The facts, with the edges held in {@code heldIn} and degrees read through {@code degree}.
         *
         * @throws BadInputException for a symmetric file whose entries are not stored in both directions
         */
        public EdgeFacts facts(String heldIn, IntUnaryOperator degree) {
            boolean mirrored = SymmetricPairs.pairsOf(hash, 1) >= 0;
            if (symmetry != Symmetry.GENERAL && !mirrored) {
                throw new BadInputException(file, 0, "marked " + symmetry.mtxName() + ", but its entries do not hold"
                        + " every edge in both directions" + (symmetry == Symmetry.SKEW_SYMMETRIC
                        ? " with negated values and an empty diagonal" : " with equal values") + " (the file is corrupt)");
            }
            boolean any = max >= min;
            return new EdgeFacts(heldIn, entries, degree, selfLoops, mirrored, any ? min : 0, any ? max : 0, sum,
                    meanDividedFirst, firstNegative);
        }
    }
}
