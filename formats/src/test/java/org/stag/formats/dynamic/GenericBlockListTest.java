package org.stag.formats.dynamic;

import org.stag.formats.dynamic.impl.GenericFormat;

/** The dynamic format contract for the user schema {@code blist5.schema}, built by {@link GenericFormat}. */
class GenericBlockListTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        DynamicFormat f = UserSchemas.format("blist5.schema");
        if (!(f instanceof GenericFormat)) {
            throw new AssertionError("blist5.schema should need the generic format, got " + f.getClass());
        }
        return f;
    }
}
