package org.stag.engine.javagen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Writes generated sources as a source tree, {@code ROOT/<package path>/<Class>.java}, for
 * {@code stag compile --emit-java DIR} and for keeping sources that failed to compile. Directories are
 * created as needed; existing files are replaced. Problems are {@link IOException}s whose message names the
 * directory or file and says what is wrong, so a command line can print them as they are.
 */
public final class SourceEmitter {
    private final Path root;

    /** An emitter writing under {@code root}; nothing is touched until the first {@link #emit}. */
    public SourceEmitter(Path root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    /** The directory sources are written under. */
    public Path root() {
        return root;
    }

    /** Writes {@code source} and returns the file written. */
    public Path emit(GeneratedSource source) throws IOException {
        checkRoot();
        Path file = root.resolve(source.relativePath());
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.text(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("cannot write generated Java to " + file + ": " + reason(e), e);
        }
        return file;
    }

    /** Writes every source, in order, and returns the files written. */
    public List<Path> emitAll(Collection<GeneratedSource> sources) throws IOException {
        List<Path> files = new ArrayList<>(sources.size());
        for (GeneratedSource s : sources) {
            files.add(emit(s));
        }
        return files;
    }

    private void checkRoot() throws IOException {
        String prefix = "cannot write generated Java to directory " + root + ": ";
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new IOException(prefix + "it exists and is not a directory");
        }
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new IOException(prefix + reason(e), e);
        }
        if (!Files.isWritable(root)) {
            throw new IOException(prefix + "not writable");
        }
    }

    private static String reason(IOException e) {
        // NIO messages are often just the path; name the kind of failure too.
        String m = e.getMessage();
        String kind = e.getClass().getSimpleName();
        return m == null ? kind : kind + " (" + m + ")";
    }
}
