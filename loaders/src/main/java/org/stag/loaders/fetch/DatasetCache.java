package org.stag.loaders.fetch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.function.Consumer;
import org.stag.loaders.BadInputException;

/**
 * The local copies of the manifest's graphs. A download goes to {@code FILE.part} and is renamed to its final
 * name only once its size and digest match the manifest, so a file under its final name has been verified; a
 * {@code .tar.gz}'s graph file is then copied out beside it. Layout: {@code DIR/COLLECTION/GROUP/FILE}, for example
 * {@code suitesparse/SNAP/amazon0312.tar.gz} and {@code suitesparse/SNAP/amazon0312/amazon0312.mtx}.
 */
public final class DatasetCache {
    /** System property naming the cache directory. */
    public static final String PROPERTY = "stag.datasets.cache";
    /** Environment variable naming the cache directory. */
    public static final String ENV = "STAG_DATASETS";

    private final Path dir;
    private final Consumer<String> notes;
    private final HttpDownload http = new HttpDownload();

    /**
     * @param dir   the cache directory
     * @param notes receives one line per step a user may wait for (a download starting or resuming, an unpack)
     */
    public DatasetCache(Path dir, Consumer<String> notes) {
        this.dir = dir;
        this.notes = notes;
    }

    /**
     * The cache directory: {@code option} when given, else the system property {@value #PROPERTY}, else the
     * environment variable {@value #ENV}, else {@code ~/.cache/stag/datasets}.
     */
    public static Path directory(Path option) {
        if (option != null) {
            return option;
        }
        String p = System.getProperty(PROPERTY);
        if (p == null || p.isEmpty()) {
            p = System.getenv(ENV);
        }
        if (p != null && !p.isEmpty()) {
            return Path.of(p);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "stag", "datasets");
    }

    /** Where {@code e}'s download is kept once verified. */
    public Path download(DatasetEntry e) {
        return groupDir(e).resolve(e.fileName());
    }

    /** Where {@code e}'s graph file is: the download itself, or the member copied out of it. */
    public Path graphFile(DatasetEntry e) {
        return e.member() == null ? download(e) : groupDir(e).resolve(e.member());
    }

    /**
     * {@code e}'s graph file, fetched, verified and unpacked first where it is not in the cache yet. A failure is
     * one line of bad input: an unreachable host, an HTTP error, a size or digest that differs from the manifest
     * (the download is deleted), an archive without the member.
     */
    public Path fetch(DatasetEntry e) {
        Path graph = graphFile(e);
        if (Files.isRegularFile(graph)) {
            return graph;
        }
        try {
            Files.createDirectories(groupDir(e));
            Path archive = download(e);
            if (!Files.isRegularFile(archive)) {
                downloadVerified(e, archive);
            }
            if (e.member() != null) {
                unpack(e, archive, graph);
            }
            return graph;
        } catch (IOException ex) {
            throw new BadInputException(e.name(), 0, "cannot write the cache " + dir + ": " + ex.getMessage());
        }
    }

    private void downloadVerified(DatasetEntry e, Path target) throws IOException {
        Path part = target.resolveSibling(target.getFileName() + ".part");
        long have = Files.isRegularFile(part) ? HttpDownload.size(part) : 0;
        if (have > e.bytes()) {
            HttpDownload.deleteQuietly(part);
            have = 0;
        }
        long from = have;
        // Said once the server answers, so that an unreachable host gives its one line and nothing else.
        http.fetch(e.name(), e.url(), e.bytes(), part, () -> notes.accept(from > 0
                ? "resuming " + e.name() + " at " + from + " of " + e.bytes() + " bytes from " + e.url().getHost()
                : "fetching " + e.name() + " (" + megabytes(e.bytes()) + ") from " + e.url()));
        long got = HttpDownload.size(part);
        if (got != e.bytes()) {
            HttpDownload.deleteQuietly(part);
            throw new BadInputException(e.name(), 0, "size mismatch: the manifest pins " + e.bytes()
                    + " bytes, " + e.url().getHost() + " sent " + got + "; the download is deleted");
        }
        String digest = e.digest().of(part);
        if (!digest.equals(e.hash())) {
            HttpDownload.deleteQuietly(part);
            throw new BadInputException(e.name(), 0, e.digest().display() + " mismatch: the manifest pins "
                    + e.hash() + ", the download has " + digest + "; the download is deleted");
        }
        Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private void unpack(DatasetEntry e, Path archive, Path graph) throws IOException {
        notes.accept("unpacking " + e.member() + " from " + archive.getFileName());
        Files.createDirectories(graph.getParent());
        Path tmp = graph.resolveSibling(graph.getFileName() + ".unpacking");
        boolean found;
        try {
            found = TarGzMember.extract(archive, e.member(), tmp);
        } catch (IOException ex) {
            HttpDownload.deleteQuietly(tmp);
            throw new BadInputException(archive.toString(), 0, "cannot unpack " + e.member() + ": " + ex.getMessage());
        }
        if (!found) {
            HttpDownload.deleteQuietly(tmp);
            throw new BadInputException(archive.toString(), 0, "the archive holds no " + e.member()
                    + " (the manifest's member column)");
        }
        Files.move(tmp, graph, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private Path groupDir(DatasetEntry e) {
        String path = e.path();
        int slash = path.lastIndexOf('/');
        Path d = dir.resolve(e.collection());
        return slash < 0 ? d : d.resolve(path.substring(0, slash));
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
