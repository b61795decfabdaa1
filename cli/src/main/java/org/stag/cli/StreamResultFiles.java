package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import org.stag.algorithms.stream.Latencies;
import org.stag.algorithms.stream.SnapshotRunner;
import org.stag.algorithms.stream.StreamAlgorithm;

/**
 * Where {@code stag stream}'s runs go: each result to {@code DIR/ALGO-vVERSION.txt} in {@code run}'s
 * {@code vertex value} format, and one line on stdout.
 */
final class StreamResultFiles implements SnapshotRunner.Results {
    private final Path dir;
    private final PrintWriter out;

    StreamResultFiles(Path dir, PrintWriter out) {
        this.dir = dir;
        this.out = out;
    }

    @Override
    public void ran(long version, StreamAlgorithm algorithm, StreamAlgorithm.Outcome o) {
        String name = algorithm.algorithm().id();
        Path file = dir.resolve(name + "-v" + version + ".txt");
        OutputFiles.write(file, w -> ResultFormat.TEXT.write(o.values(), w));
        out.println(line(version, name, o, file));
    }

    /** E.g. {@code run version=4 algorithm=wcc mode=full ms=1.250 file=out/wcc-v4.txt (first run: full run)}. */
    static String line(long version, String algorithm, StreamAlgorithm.Outcome o, Path file) {
        return String.format(Locale.ROOT, "run version=%d algorithm=%s mode=%s ms=%s file=%s%s", version, algorithm,
                o.incremental() ? "incremental" : "full", Latencies.ms(o.nanos()), file,
                o.reason() == null ? "" : " (" + o.reason() + ")");
    }
}
