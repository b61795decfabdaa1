package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.impl.GenericFormat;

/**
 * The schema-derived reading of {@link GenericFormat} ({@code collect}, {@code get}, {@code size}) agrees
 * with the hand-written formats on their own structures, for every shipped schema in its class: what the
 * schema model says a structure holds is what the hand-written code stored.
 */
class SchemaReadsShippedFormatsTest {

    @ParameterizedTest
    @ValueSource(strings = {"list", "blist", "ttree", "bst", "rbtree"})
    void theSchemaModelReadsWhatTheHandWrittenFormatStored(String name) {
        DynamicFormat shipped = BuiltinFormats.byName(name);
        GenericFormat reader = new GenericFormat(shipped.schema());
        NodeStore s = shipped.newStore(ValueMode.DOUBLE);
        SplittableRandom rnd = new SplittableRandom(name.hashCode());
        int root = shipped.newRoot(s);
        int n = 3000;
        int[] crd = new int[n];
        double[] val = new double[n];
        for (int i = 0; i < n; i++) {
            crd[i] = 2 * i;
            val[i] = i + 0.25;
        }
        shipped.build(s, root, crd, val, 0, n);
        // Updates through the hand-written code reshape the structure (splits, rotations, rebalancing).
        for (int step = 0; step < 20; step++) {
            int k = 1 + rnd.nextInt(200);
            int[] batch = rnd.ints(k, 0, 3 * n).sorted().distinct().toArray();
            double[] bv = new double[batch.length];
            for (int i = 0; i < batch.length; i++) {
                bv[i] = -batch[i];
            }
            if (step % 2 == 0) {
                shipped.insert(s, root, batch, bv, 0, batch.length);
            } else {
                shipped.delete(s, root, batch, 0, batch.length);
            }
            int size = shipped.size(s, root);
            assertEquals(size, reader.size(s, root), name + " step " + step + ": size");
            int[] expectC = new int[size];
            double[] expectV = new double[size];
            shipped.collect(s, root, expectC, expectV, 0);
            int[] gotC = new int[size];
            double[] gotV = new double[size];
            assertEquals(size, reader.collect(s, root, gotC, gotV, 0));
            assertArrayEquals(expectC, gotC, name + " step " + step + ": coordinates");
            assertArrayEquals(expectV, gotV, name + " step " + step + ": values");
            for (int probe = 0; probe < 200; probe++) {
                int c = rnd.nextInt(3 * n + 5);
                assertEquals(shipped.get(s, root, c), reader.get(s, root, c), name + " step " + step + ": get(" + c + ")");
            }
        }
    }
}
