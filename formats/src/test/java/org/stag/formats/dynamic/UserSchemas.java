package org.stag.formats.dynamic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.DynamicFormats;

/** The user schema files under test resources {@code schemas/}, loaded as a user would. */
final class UserSchemas {
    private UserSchemas() {
    }

    /** The file {@code schemas/NAME}. */
    static Path path(String name) {
        URL url = UserSchemas.class.getResource("/schemas/" + name);
        if (url == null) {
            throw new IllegalStateException("test resource schemas/" + name + " is missing");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The format of {@code schemas/NAME} through {@link Schemas#load(Path)} and {@link DynamicFormats#forSchema}. */
    static DynamicFormat format(String name) {
        try {
            return DynamicFormats.forSchema(Schemas.load(path(name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
