package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schemas;

/** {@link NodeStore}'s pools by index: the same pool as by name, the same index in a copy, unknown names refused. */
class NodeStoreTest {
    @Test
    void poolsByIndexAreThePoolsByName() {
        NodeStore s = new NodeStore(Schemas.builtin("ctree"), ValueMode.DOUBLE);
        NodeStore copy = s.copy();
        for (NodeType t : s.schema().nodeTypes()) {
            int i = s.poolIndex(t.name());
            assertSame(s.pool(t.name()), s.pool(i), t.name());
            assertEquals(i, copy.poolIndex(t.name()), t.name());
            assertSame(copy.pool(t.name()), copy.pool(i), t.name());
        }
        String why = assertThrows(IllegalArgumentException.class, () -> s.poolIndex("nothing")).getMessage();
        assertEquals("schema ctree has no node type 'nothing'", why);
    }
}
