package org.stag.formats.dynamic;

import org.stag.formats.dynamic.impl.GenericFormat;

/** The dynamic format contract for the user schema {@code bst-plain.schema}, built by {@link GenericFormat}. */
class GenericBstTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        DynamicFormat f = UserSchemas.format("bst-plain.schema");
        if (!(f instanceof GenericFormat)) {
            throw new AssertionError("bst-plain.schema should need the generic format, got " + f.getClass());
        }
        return f;
    }
}
