package org.stag.loaders.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.BiFunction;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.binary.BinaryLayout;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;

/**
 * Reads a graph from standard input ({@code -}). The parallel readers need a file they can reopen and read
 * at any offset, so the stream is first copied to a temporary file, which is deleted as soon as the graph
 * is loaded (and on exit, should the process be stopped). Without {@code --input-format} the format is
 * told from the first bytes: a {@code %%MatrixMarket} banner or the binary magic number; edge lists have
 * no signature and must be named.
 */
final class StdinSpool {
    /** How standard input is named in messages. */
    static final String NAME = "<stdin>";
    private static final byte[] BANNER = "%%matrixmarket".getBytes(StandardCharsets.ISO_8859_1);

    private StdinSpool() {
    }

    static GraphLoader.Loaded load(InputStream in, LoadOptions options, BiFunction<Path, GraphFileFormat, Graph> loader) {
        return load(NAME, "standard input", in, options, null, loader);
    }

    /**
     * Loads a graph from a stream that can be read once only (standard input, a named pipe), spooled to a
     * temporary file: the readers open a file several times and in parallel parts.
     *
     * @param name   the input's name in messages
     * @param what   the input in words ({@code standard input}, {@code the pipe})
     * @param format the format its name tells, or {@code null} to sniff it (options come first)
     */
    static GraphLoader.Loaded load(String name, String what, InputStream in, LoadOptions options, GraphFileFormat format,
                                   BiFunction<Path, GraphFileFormat, Graph> loader) {
        if (options.format() == GraphFileFormat.LDBC || format == GraphFileFormat.LDBC) {
            throw new BadInputException(name, 0, "an LDBC graph is several files and cannot be read from " + what);
        }
        Path tmp;
        try {
            tmp = Files.createTempFile("stag-stdin-", ".spool");
        } catch (IOException e) {
            throw new BadInputException(name, 0, "cannot create a temporary file to hold " + what + ": " + IoCause.of(e));
        }
        tmp.toFile().deleteOnExit();
        try {
            try {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new BadInputException(name, 0, "cannot read " + what + ": " + IoCause.of(e));
            }
            GraphFileFormat f = options.format() != null ? options.format() : format != null ? format : sniff(tmp);
            Graph g = loader.apply(tmp, f);
            return new GraphLoader.Loaded(new Graph(name, g.numRows(), g.numCols(), g.rowPtr(), g.colIdx(), g.weights(),
                    g.symmetry(), g.valueKind(), g.ids(), g.duplicates(), g.mirroredPairs(), g.exactValues(), g.valueType()), f);
        } catch (BadInputException e) {
            // The temporary file's name means nothing to the user.
            String file = e.file() == null || e.file().equals(tmp.toString()) ? name : e.file();
            throw new BadInputException(file, e.line(), e.reason().replace(tmp.toString(), name));
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // deleteOnExit still removes it.
            }
        }
    }

    /** The format the first bytes announce (after gzip decoding). */
    static GraphFileFormat sniff(Path file) {
        byte[] head = new byte[Math.max(BANNER.length, 8)];
        int got = 0;
        try (InputStream in = InputFiles.open(file)) {
            int r;
            while (got < head.length && (r = in.read(head, got, head.length - got)) > 0) {
                got += r;
            }
        } catch (IOException e) {
            throw new BadInputException(NAME, 0, "cannot read standard input: " + InputFiles.describe(e));
        }
        if (got == 0) {
            throw new BadInputException(NAME, 0, "standard input is empty (no graph)");
        }
        if (BinaryLayout.hasMagic(head, got)) {
            return GraphFileFormat.BINARY;
        }
        if (got >= BANNER.length && new String(head, 0, BANNER.length, StandardCharsets.ISO_8859_1)
                .toLowerCase(java.util.Locale.ROOT).equals(new String(BANNER, StandardCharsets.ISO_8859_1))) {
            return GraphFileFormat.MATRIX_MARKET;
        }
        throw new BadInputException(NAME, 0, "cannot tell the format of standard input (no %%MatrixMarket banner, "
                + "not a stag binary graph); name it with --input-format mtx, el, wel, snap or stagb");
    }
}
