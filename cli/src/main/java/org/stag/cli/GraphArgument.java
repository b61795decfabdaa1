package org.stag.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import org.stag.loaders.fetch.DatasetCache;
import org.stag.loaders.fetch.DatasetManifest;
import picocli.CommandLine.ITypeConverter;

/**
 * A {@code --graph} value: a file, or a graph by name such as {@code suitesparse:SNAP/amazon0312}, which resolves
 * to its file in the dataset cache and is fetched first when it is not there. One place for every command, so
 * that {@code run}, {@code compare}, {@code stream}, {@code info} and {@code bench} take the same names.
 */
final class GraphArgument implements ITypeConverter<Path> {
    @Override
    public Path convert(String value) {
        return resolve(value);
    }

    /**
     * The file {@code value} names: a name whose scheme is a collection of the dataset manifest is fetched into
     * the cache ({@code STAG_DATASETS}, default {@code ~/.cache/stag/datasets}); anything else is a path.
     */
    static Path resolve(String value) {
        int colon = value.indexOf(':');
        // A one-letter scheme would be a Windows drive; collections have longer names.
        if (colon < 2 || value.startsWith("-")) {
            return Path.of(value);
        }
        DatasetManifest manifest = DatasetManifest.load();
        if (!manifest.hasCollection(value.substring(0, colon))) {
            return Path.of(value);
        }
        // Parsing has no command's writers yet; the notes go where every stag note goes, standard error.
        PrintWriter err = new PrintWriter(System.err, true, Charset.defaultCharset());
        return new DatasetCache(DatasetCache.directory(null), note -> err.println("stag: " + note))
                .fetch(manifest.find(value));
    }
}
