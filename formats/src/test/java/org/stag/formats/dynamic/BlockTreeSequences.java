package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Adversarial single-structure update sequences for the block trees (T-tree, B-tree): elements inserted
 * one at a time in sorted, reverse, interleaved or random order, then every other one deleted, then all
 * the rest; after every step the format's own check, a comparison with a model, and the caller's check of
 * its particular invariants (e.g. a height bound).
 */
final class BlockTreeSequences {
    private BlockTreeSequences() {
    }

    /** An order in which to visit {@code n} coordinates. */
    enum Order {
        SORTED, REVERSE, INTERLEAVED, RANDOM
    }

    /** A format's particular invariant, verified after every step. */
    @FunctionalInterface
    interface Invariant {
        void verify(NodeStore s, int root, int size, String what);
    }

    /**
     * The shipped schema {@code name} with its text edited by pairs {@code (from, to)}, each replacing the
     * first occurrence of {@code from}, which must be present.
     */
    static Schema shippedWith(String name, String... fromTo) {
        String text;
        try (InputStream in = Schemas.class.getResourceAsStream(name + ".schema")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < fromTo.length; i += 2) {
            int at = text.indexOf(fromTo[i]);
            if (at < 0) {
                throw new AssertionError(name + ".schema no longer contains '" + fromTo[i] + "'");
            }
            text = text.substring(0, at) + fromTo[i + 1] + text.substring(at + fromTo[i].length());
        }
        return Schema.parse(name + "-small.schema", text);
    }

    /** Coordinates {@code 3i + 1} for {@code i < n}, in the given order (gaps leave room for absent lookups). */
    static int[] coordinates(Order order, int n, long seed) {
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            int k = switch (order) {
                case SORTED, RANDOM -> i;
                case REVERSE -> n - 1 - i;
                case INTERLEAVED -> (i & 1) == 0 ? i / 2 : n - 1 - i / 2;
            };
            c[i] = 3 * k + 1;
        }
        if (order == Order.RANDOM) {
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = c[i];
                c[i] = c[j];
                c[j] = t;
            }
        }
        return c;
    }

    /**
     * Inserts {@code n} elements one by one in {@code insertOrder} (each once more to update its value),
     * deletes every other one in ascending order, then the rest in {@code deleteOrder}.
     */
    static void run(DynamicFormat f, ValueMode mode, int n, Order insertOrder, Order deleteOrder, Invariant inv) {
        NodeStore s = f.newStore(mode);
        int root = f.newRoot(s);
        double[] model = new double[3 * n + 3];
        Arrays.fill(model, Double.NaN);
        int size = 0;
        int[] one = new int[1];
        double[] oneVal = new double[1];
        int[] ins = coordinates(insertOrder, n, 7);
        for (int i = 0; i < n; i++) {
            one[0] = ins[i];
            oneVal[0] = mode == ValueMode.POSITION ? 2 * ins[i] : ins[i] + 0.5;
            String what = f.name() + " insert " + insertOrder + " step " + i + " (" + ins[i] + ")";
            assertEquals(1, f.insert(s, root, one, oneVal, 0, 1), what);
            model[ins[i]] = mode == ValueMode.NONE ? 1.0 : oneVal[0];
            verify(f, s, root, model, ++size, what, inv);
        }
        for (int i = 0; i < n; i += 97) {
            one[0] = ins[i];
            oneVal[0] = -i;
            assertEquals(0, f.insert(s, root, one, oneVal, 0, 1), "re-insert " + ins[i]);
            model[ins[i]] = mode == ValueMode.NONE ? 1.0 : -i;
        }
        verify(f, s, root, model, size, f.name() + " after value updates", inv);
        for (int i = 0; i < n; i += 2) {
            one[0] = 3 * i + 1;
            String what = f.name() + " delete every other, step " + i;
            assertEquals(1, f.delete(s, root, one, 0, 1), what);
            model[one[0]] = Double.NaN;
            verify(f, s, root, model, --size, what, inv);
        }
        int[] del = coordinates(deleteOrder, n, 8);
        for (int i = 0; i < n; i++) {
            one[0] = del[i];
            boolean present = !Double.isNaN(model[del[i]]);
            String what = f.name() + " delete " + deleteOrder + " step " + i + " (" + del[i] + ")";
            assertEquals(present ? 1 : 0, f.delete(s, root, one, 0, 1), what);
            if (present) {
                model[del[i]] = Double.NaN;
                verify(f, s, root, model, --size, what, inv);
            }
        }
        assertEquals(0, size);
        assertEquals(0, f.size(s, root));
        for (NodePool p : poolsOf(s)) {
            assertEquals(0, p.live(), f.name() + ": " + p.type().name() + " nodes left after deleting everything");
        }
    }

    private static NodePool[] poolsOf(NodeStore s) {
        return s.schema().nodeTypes().stream().filter(t -> !t.isRoot()).map(t -> s.pool(t.name())).toArray(NodePool[]::new);
    }

    /** The format's check, then contents, order, values, lookups and the caller's invariant. */
    static void verify(DynamicFormat f, NodeStore s, int root, double[] model, int size, String what, Invariant inv) {
        f.check(s, root);
        assertEquals(size, f.size(s, root), what + ": size");
        int[] crd = new int[size];
        double[] val = new double[size];
        assertEquals(size, f.collect(s, root, crd, val, 0), what + ": collected");
        int k = 0;
        for (int c = 0; c < model.length; c++) {
            if (!Double.isNaN(model[c])) {
                if (crd[k] != c || val[k] != model[c]) {
                    throw new AssertionError(what + ": element " + k + " is (" + crd[k] + ", " + val[k] + "), expected (" + c
                            + ", " + model[c] + ")");
                }
                k++;
            }
        }
        for (int c = 0; c < model.length; c += 1 + size % 5) {
            double g = f.get(s, root, c);
            if (Double.isNaN(model[c]) != Double.isNaN(g) || !Double.isNaN(g) && g != model[c]) {
                throw new AssertionError(what + ": get(" + c + ") = " + g + ", expected " + model[c]);
            }
        }
        inv.verify(s, root, size, what);
    }
}
