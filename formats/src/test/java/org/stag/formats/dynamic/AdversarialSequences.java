package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;

/**
 * Single-element update sequences that degenerate naive search trees, replayed on a tree format with the
 * structure's {@code check}, its contents against a {@code TreeMap} model and a height bound verified
 * after every step.
 */
final class AdversarialSequences {
    /** The orders {@link #run} knows. */
    static final String[] ORDERS = {"sorted", "reversed", "zigzag", "appended"};

    /** A format's height bound, asserted after every step. */
    @FunctionalInterface
    interface Bound {
        void verify(NodeStore s, int root, int n, String what);
    }

    private AdversarialSequences() {
    }

    /** 0..n-1 in the named order: sorted, reversed or zigzag (0, n-1, 1, n-2, ...). */
    static int[] order(String name, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = switch (name) {
                case "sorted", "appended" -> i;
                case "reversed" -> n - 1 - i;
                case "zigzag" -> i % 2 == 0 ? i / 2 : n - 1 - i / 2;
                default -> throw new IllegalArgumentException(name);
            };
        }
        return a;
    }

    /**
     * Inserts 0..n-1 one at a time in {@code order} ("appended" goes through appendFirst/appendRest), then
     * deletes every other coordinate in ascending order, then deletes the top node's element until the
     * tree is empty. {@code type} names the node type whose field {@code e} holds the top's coordinate.
     */
    static void run(DynamicFormat f, String order, int n, String type, Bound bound) {
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        TreeMap<Integer, Double> model = new TreeMap<>();
        int[] seq = order(order, n);
        int state = 0;
        for (int i = 0; i < n; i++) {
            int c = seq[i];
            double v = c + 0.25;
            if (order.equals("appended")) {
                state = i == 0 ? f.appendFirst(s, root, c, v) : f.appendRest(s, root, state, c, v);
            } else {
                assertEquals(1, f.insert(s, root, new int[] {c}, new double[] {v}, 0, 1), order + ": insert " + c);
            }
            model.put(c, v);
            verify(f, s, root, model, bound, order + " insert #" + i + " (" + c + ")");
        }
        for (int c = 0; c < n; c += 2) {
            assertEquals(1, f.delete(s, root, new int[] {c}, 0, 1), order + ": delete " + c);
            model.remove(c);
            verify(f, s, root, model, bound, order + " delete " + c);
        }
        while (!model.isEmpty()) {
            BinaryTreeProbe t = new BinaryTreeProbe(s, root, type, "r");
            int c = t.crd[t.top()];
            assertEquals(1, f.delete(s, root, new int[] {c}, 0, 1), order + ": delete top " + c);
            model.remove(c);
            verify(f, s, root, model, bound, order + " delete top " + c);
        }
        assertEquals(0, f.delete(s, root, new int[] {1}, 0, 1));
    }

    private static void verify(DynamicFormat f, NodeStore s, int root, TreeMap<Integer, Double> model, Bound bound, String what) {
        f.check(s, root);
        int n = model.size();
        assertEquals(n, f.size(s, root), what + ": size");
        int[] crd = new int[n];
        double[] val = new double[n];
        assertEquals(n, f.collect(s, root, crd, val, 0), what + ": collected");
        int k = 0;
        for (Map.Entry<Integer, Double> e : model.entrySet()) {
            assertEquals(e.getKey(), crd[k], what + ": coordinate #" + k);
            assertEquals(e.getValue(), val[k], what + ": value #" + k);
            k++;
        }
        bound.verify(s, root, n, what);
    }
}
