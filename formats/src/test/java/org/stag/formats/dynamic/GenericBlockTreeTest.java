package org.stag.formats.dynamic;

import org.stag.formats.dynamic.impl.GenericFormat;

/** The dynamic format contract for the user schema {@code blocktree4.schema}, built by {@link GenericFormat}. */
class GenericBlockTreeTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        DynamicFormat f = UserSchemas.format("blocktree4.schema");
        if (!(f instanceof GenericFormat)) {
            throw new AssertionError("blocktree4.schema should need the generic format, got " + f.getClass());
        }
        return f;
    }
}
