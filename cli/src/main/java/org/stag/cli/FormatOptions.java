package org.stag.cli;

import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatException;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.BadInputException;
import picocli.CommandLine;

/**
 * The {@code --format} options as picocli converters: each value is parsed once, into the parsed
 * {@link Format}, while the command line is read, so a bad format is refused before any file is opened (a
 * typo does not cost a load). A parse error is bad input ({@link org.stag.loaders.BadInputException}, or the
 * {@link org.stag.formats.schema.SchemaException} of a schema file): {@link Stag} reports it as one line with
 * exit status 2.
 */
final class FormatOptions {
    private FormatOptions() {
    }

    /**
     * A level list of any order (a tensor's format: {@code compile --format NAME=LEVELS}, {@code eval --input}, a
     * declared format); a bad one is bad input naming {@code what} (e.g. {@code --format A}).
     */
    static Format levels(String text, String what) {
        try {
            return FormatParser.parse(text);
        } catch (FormatException e) {
            throw new BadInputException(what + ": format '" + text + "', column " + e.column() + ": " + e.reason());
        }
    }

    /** A graph's format: two levels, as {@code run}, {@code compare}, {@code stream}, {@code info} and {@code convert} hold it. */
    static final class Graph implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String text) {
            return GraphTensor.format(text);
        }
    }

    /**
     * {@code compile}'s {@code --format}: {@code LEVELS}, the graph's format, or {@code NAME=LEVELS}, the format of
     * tensor NAME.
     *
     * @param name   the tensor, or null for the graph's format
     * @param format its format
     */
    record Tensor(String name, Format format) {
    }

    /** Reads {@code compile}'s {@code --format} as a {@link Tensor}. */
    static final class TensorConverter implements CommandLine.ITypeConverter<Tensor> {
        @Override
        public Tensor convert(String text) {
            int eq = text.indexOf('=');
            if (eq < 0) {
                return new Tensor(null, GraphTensor.format(text));
            }
            if (eq == 0 || eq == text.length() - 1) {
                throw new UsageError("--format '" + text + "': expected NAME=VALUE");
            }
            String name = text.substring(0, eq).strip();
            return new Tensor(name, levels(text.substring(eq + 1).strip(), "--format " + name));
        }
    }

    /**
     * A value that is a usage error, thrown by a converter: {@link Stag} prints it as picocli's own ones, with the
     * pointer to the command's help.
     */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }
}
