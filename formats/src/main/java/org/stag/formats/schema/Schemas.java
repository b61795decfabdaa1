package org.stag.formats.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Loads the node schemas shipped with stag (resources next to this class) and schema files. */
public final class Schemas {

    /** Names of the shipped schemas; see {@code formats/docs/node-schema-language.md} for which is which. */
    private static final List<String> BUILTIN = List.of(
            "list", "blist", "blist-gaps", "blist-fixed", "blist-unsorted", "vblist",
            "ttree", "bst", "rbtree", "ctree", "vctree", "btree");

    /** Parsed once: schemas are immutable. */
    private static final Map<String, Schema> CACHE = new ConcurrentHashMap<>();

    private Schemas() {
    }

    /** The names {@link #builtin} accepts, e.g. {@code ctree}. */
    public static List<String> builtinNames() {
        return BUILTIN;
    }

    /**
     * A shipped schema by name, with or without the {@code .schema} extension.
     *
     * @throws IllegalArgumentException if no schema of that name is shipped
     */
    public static Schema builtin(String name) {
        String bare = Schema.stripExtension(name);
        if (!BUILTIN.contains(bare)) {
            throw new IllegalArgumentException("no built-in schema '" + name + "'; built-in schemas are " + BUILTIN);
        }
        return CACHE.computeIfAbsent(bare, Schemas::load);
    }

    private static Schema load(String bare) {
        String resource = bare + ".schema";
        try (InputStream in = Schemas.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing from the classpath");
            }
            return Schema.parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + resource, e);
        }
    }

    /**
     * Parses a user's schema file; error messages name the file as given.
     *
     * @throws IOException     if the file cannot be read
     * @throws SchemaException if it is not a valid schema
     */
    public static Schema load(Path file) throws IOException {
        Path fileName = file.getFileName();
        String schemaName = Schema.stripExtension(fileName == null ? file.toString() : fileName.toString());
        return Schema.parse(file.toString(), schemaName, Files.readString(file, StandardCharsets.UTF_8));
    }
}
