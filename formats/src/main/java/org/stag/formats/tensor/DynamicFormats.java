package org.stag.formats.tensor;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.dynamic.impl.NamedFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/** A mutable {@link DynamicFormatRegistry} backed by a map of suppliers. */
public final class DynamicFormats implements DynamicFormatRegistry {
    private final Map<String, Supplier<DynamicFormat>> suppliers = new TreeMap<>();

    /** An empty registry. */
    public DynamicFormats() {
    }

    /** The dynamic formats stag implements ({@link BuiltinFormats}, where new implementations are registered). */
    public static DynamicFormats builtin() {
        DynamicFormats all = new DynamicFormats();
        for (String name : BuiltinFormats.names()) {
            all.register(name, () -> BuiltinFormats.byName(name));
        }
        return all;
    }

    /**
     * The dynamic format of a parsed schema, e.g. one a user loaded with
     * {@link Schemas#load(java.nio.file.Path)}: the shipped implementation when the schema is a shipped one
     * (same name and content); the shipped implementation over this schema when it differs from a shipped one
     * only in its size bounds (a B-tree of order 8, a block list of 5); else a {@link GenericFormat} derived
     * from the schema. The latter two are named by {@link GenericFormat#contentName}.
     *
     * @throws IllegalArgumentException naming the schema and what is unsupported, when the generic format
     *                                  cannot build it
     */
    public static DynamicFormat forSchema(Schema schema) {
        return forSchema(schema, GenericFormat.contentName(schema));
    }

    /**
     * As {@link #forSchema(Schema)}, naming a generic format {@code name} (a schema file's path as written
     * in a format string, so that the format string reads back).
     */
    public static DynamicFormat forSchema(Schema schema, String name) {
        String shipped = schema.name();
        if (Schemas.builtinNames().contains(shipped) && BuiltinFormats.isKnown(shipped) && Schemas.builtin(shipped).equals(schema)) {
            return BuiltinFormats.byName(shipped);
        }
        String shape = shape(schema);
        for (String builtin : Schemas.builtinNames()) {
            if (BuiltinFormats.isKnown(builtin) && shape(Schemas.builtin(builtin)).equals(shape)) {
                try {
                    return new NamedFormat(name, BuiltinFormats.overSchema(builtin, schema));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("schema " + schema.name() + " has the shape of the shipped " + builtin
                            + " schema, whose implementation refuses its bounds: " + e.getMessage(), e);
                }
            }
        }
        return new GenericFormat(schema, name);
    }

    /** The schema's canonical source without size bounds: schemas equal but for bounds have one shape. */
    private static String shape(Schema schema) {
        return SIZE_BOUNDS.matcher(schema.toSource()).replaceAll("size");
    }

    private static final java.util.regex.Pattern SIZE_BOUNDS = java.util.regex.Pattern.compile("size in \\[[0-9]+, ([0-9]+|\\*)\\]");

    /** Registers (or replaces) the implementation of {@code name}; returns this registry. */
    public DynamicFormats register(String name, Supplier<DynamicFormat> supplier) {
        suppliers.put(name.toLowerCase(Locale.ROOT), supplier);
        return this;
    }

    @Override
    public Optional<DynamicFormat> create(String name) {
        Supplier<DynamicFormat> s = suppliers.get(name);
        return s == null ? Optional.empty() : Optional.of(s.get());
    }

    @Override
    public Set<String> names() {
        return Collections.unmodifiableSet(suppliers.keySet());
    }
}
