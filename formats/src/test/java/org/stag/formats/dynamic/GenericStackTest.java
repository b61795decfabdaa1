package org.stag.formats.dynamic;

import org.stag.formats.dynamic.impl.GenericFormat;

/** The dynamic format contract for the user schema {@code stack.schema}, built by {@link GenericFormat}. */
class GenericStackTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        DynamicFormat f = UserSchemas.format("stack.schema");
        if (!(f instanceof GenericFormat)) {
            throw new AssertionError("stack.schema should need the generic format, got " + f.getClass());
        }
        return f;
    }
}
