package org.stag.formats.dynamic;

import org.stag.formats.dynamic.impl.ListFormat;

class ListFormatTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        return new ListFormat();
    }
}
