package org.stag.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.loaders.io.GraphLoader;
import picocli.CommandLine;

/** Checks of {@code stag stream}'s update file made before anything is loaded or written. */
final class StreamInputs {
    private static final String BANNER = "%%MatrixMarket";

    private StreamInputs() {
    }

    /**
     * Refuses a Matrix Market file given as the updates (its size line would read as an insert), and an update
     * file that a result of {@code --run} would overwrite ({@code DIR/ALGO-vN.txt}).
     */
    static void check(CommandLine cl, Path updates, Path outputDir, List<Algorithm> algorithms) {
        if (GraphLoader.isStdin(updates)) {
            return;
        }
        String name = updates.getFileName() == null ? "" : updates.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".mtx") || lower.endsWith(".mtx.gz") || matrixMarket(updates)) {
            throw new CommandLine.ParameterException(cl, "--updates " + updates + " is a Matrix Market file, a graph:"
                    + " updates are lines '+ u v [w]', '- u v' or 'u v [w]' (give a graph as --graph)");
        }
        for (Algorithm a : algorithms) {
            if (name.matches(java.util.regex.Pattern.quote(a.id()) + "-v\\d+\\.txt") && sameDirectory(updates, outputDir)) {
                throw new CommandLine.ParameterException(cl, "--updates " + updates + " is in --output-dir "
                        + outputDir + " under the name of a result of " + a.id() + ", which would overwrite it: move"
                        + " it or give another --output-dir");
            }
        }
    }

    /** Whether the file starts with the Matrix Market banner (a file that cannot be read is left to the reader). */
    private static boolean matrixMarket(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(BANNER.length());
            return new String(head, StandardCharsets.US_ASCII).equalsIgnoreCase(BANNER);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean sameDirectory(Path file, Path dir) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        try {
            return parent != null && Files.exists(dir) && Files.isSameFile(parent, dir);
        } catch (IOException e) {
            return parent != null && parent.equals(dir.toAbsolutePath().normalize());
        }
    }
}
