package org.stag.engine.front;

import java.util.Objects;

/** The size of a dimension: a global {@code int} parameter or a positive integer. */
public sealed interface Size extends Node {

    /** The size as written, which is also how shapes are compared ({@code N}, {@code 1}). */
    String text();

    /** A size given by a global parameter, e.g. {@code N}. */
    record Named(SourcePos pos, String name) implements Size {
        /** Checks that both parts are present. */
        public Named {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(name, "name");
        }

        @Override
        public String text() {
            return name;
        }
    }

    /** A size given by a number, e.g. {@code 1}. */
    record Fixed(SourcePos pos, int value) implements Size {
        /** Checks that the position is present. */
        public Fixed {
            Objects.requireNonNull(pos, "pos");
        }

        @Override
        public String text() {
            return Integer.toString(value);
        }
    }
}
