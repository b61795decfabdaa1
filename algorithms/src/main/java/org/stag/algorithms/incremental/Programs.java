package org.stag.algorithms.incremental;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;

/** The incremental programs shipped next to the static ones, parsed and checked once each. */
final class Programs {
    private static final Map<Kind, CheckedProgram> CHECKED = new EnumMap<>(Kind.class);

    private Programs() {
    }

    /** The program of {@code kind} (which has one). */
    static synchronized CheckedProgram of(Kind kind) {
        return CHECKED.computeIfAbsent(kind, k -> new Checker().check(new Source(k.file(), text(k.file()))));
    }

    /** The text of program {@code file}. */
    static String text(String file) {
        String resource = "/org/stag/algorithms/" + file;
        try (InputStream in = Programs.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
