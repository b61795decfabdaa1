package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.DynamicFormats;

/**
 * The dynamic format contract for the skip list of {@code cli/examples/skiplist.schema}, which stag has no
 * Java for: {@link GenericFormat} builds it, {@link SchemaWalk} reads it.
 */
class GenericSkipListTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        try {
            DynamicFormat f = DynamicFormats.forSchema(Schemas.load(Path.of("..", "cli", "examples", "skiplist.schema")));
            if (!(f instanceof GenericFormat)) {
                throw new AssertionError("skiplist.schema should need the generic format, got " + f.getClass());
            }
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Levels four times sparser each: a lookup visits a few nodes per level, not the whole list. */
    @Test
    void aBuiltSkipListIsSearchedFromTheTopLevelDown() {
        DynamicFormat f = format();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int n = 100_000;
        int[] crd = new int[n];
        double[] val = new double[n];
        for (int i = 0; i < n; i++) {
            crd[i] = 3 * i;
            val[i] = i;
        }
        f.build(s, root, crd, val, 0, n);
        f.check(s, root);
        assertNull(s.walk().searchable());
        NodePool nodes = s.pool("skip");
        int[] down = nodes.ints(nodes.layout("d"));
        int[] next = nodes.ints(nodes.layout("n"));
        int top = s.rootPool().ints(s.rootPool().layout("top"))[root];
        int levels = 0;
        for (int h = top; h != 0; h = down[h]) {
            levels++;
        }
        assertEquals(9, levels, "log4(100000) levels, the top one at most 4 nodes");
        int topNodes = 0;
        for (int h = top; h != 0; h = next[h]) {
            topNodes++;
        }
        assertEquals(2, topNodes, "100000 nodes at 65536 apart on the top level");
        assertEquals(12345.0, f.get(s, root, 3 * 12345));
        assertEquals(Double.NaN, f.get(s, root, 3 * 12345 + 1));
    }
}
