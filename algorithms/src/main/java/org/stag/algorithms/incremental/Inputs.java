package org.stag.algorithms.incremental;

import java.util.Arrays;
import java.util.List;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * The inputs of an incremental program besides the graph: the previous result extended to the new vertices
 * ({@code prev}), and the vertices it starts from, as its {@code seeds bool[list[N]]} input: the tails of the
 * edges that got shorter (inserted, or lighter for SSSP), both endpoints on an undirected graph, and both
 * endpoints always for WCC, whose labels spread both ways. A sparse list, so the first round's work follows
 * the batch, not the graph.
 */
final class Inputs {
    private static final Format LIST = FormatParser.parse("list");

    private Inputs() {
    }

    /** The seed vertices of {@code since} (with repeats), on a graph of {@code n} vertices. */
    static int[] of(Kind kind, List<EdgeChanges> since, boolean directed) {
        boolean both = !directed || kind == Kind.WCC;
        int count = 0;
        for (EdgeChanges c : since) {
            count += (both ? 2 : 1) * (c.inserted() + (kind == Kind.SSSP ? c.updated() : 0));
        }
        int[] out = new int[count];
        int m = 0;
        for (EdgeChanges c : since) {
            for (int k = 0; k < c.inserted(); k++) {
                out[m++] = c.insertedSrc()[k];
                if (both) {
                    out[m++] = c.insertedDst()[k];
                }
            }
            if (kind == Kind.SSSP) {
                for (int k = 0; k < c.updated(); k++) {
                    // A heavier edge shortens nothing; Invalidation decided it lengthens nothing either.
                    if (c.newWeight()[k] < c.oldWeight()[k]) {
                        out[m++] = c.updatedSrc()[k];
                        if (both) {
                            out[m++] = c.updatedDst()[k];
                        }
                    }
                }
            }
        }
        return m == out.length ? out : Arrays.copyOf(out, m);
    }

    /** {@code seeds} as a {@code bool[list[n]]} (repeats stored once). */
    static Tensor tensor(int[] seeds, int n) {
        return Tensor.build(LIST, new int[] {n}, new int[][] {seeds}, Values.constantBool(true, false, seeds.length));
    }

    /** A previous integer result extended to {@code n} vertices with {@code fill}, as a dense {@code long[n]}. */
    static Tensor previous(long[] prev, int n, long fill) {
        long[] v = Arrays.copyOf(prev, n);
        Arrays.fill(v, Math.min(prev.length, n), n, fill);
        return GraphTensor.denseVector(Values.ofLongs(v, fill));
    }

    /** A previous real result extended to {@code n} vertices, as a dense {@code double[n]} of fill {@code fill}. */
    static Tensor previous(double[] prev, int n, double newVertex, double fill) {
        double[] v = Arrays.copyOf(prev, n);
        Arrays.fill(v, Math.min(prev.length, n), n, newVertex);
        return GraphTensor.denseVector(Values.ofDoubles(v, fill));
    }
}
