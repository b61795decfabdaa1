package org.stag.formats.dynamic;

import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.NamedFormat;

/**
 * The dynamic format contract for a user's B-tree of order 8 ({@code btree-order8.schema}: the shipped
 * schema with {@code B in [1, 7]}), which the shipped B-tree code maintains under the file's own name.
 */
class UserBtreeOrder8Test extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        DynamicFormat f = UserSchemas.format("btree-order8.schema");
        if (!(f instanceof NamedFormat n) || !(n.implementation() instanceof BtreeFormat)) {
            throw new AssertionError("btree-order8.schema should get the shipped B-tree code, got " + f.getClass());
        }
        return f;
    }
}
