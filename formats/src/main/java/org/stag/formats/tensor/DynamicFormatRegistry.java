package org.stag.formats.tensor;

import java.util.Optional;
import java.util.Set;
import org.stag.formats.dynamic.DynamicFormat;

/** Where the format parser finds the implementation of a dynamic level format by name. */
public interface DynamicFormatRegistry {

    /** A fresh instance of the format registered under {@code name} (lower case), if any. */
    Optional<DynamicFormat> create(String name);

    /** The names that have an implementation, sorted. */
    Set<String> names();
}
