package org.stag.loaders.edgelist;

import java.nio.file.Path;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeList;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.MemoryBudget;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.text.EntryParser;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;
import org.stag.loaders.text.ParallelParser;

/**
 * Reads GAP ({@code .el}, {@code .wel}) and SNAP edge lists: {@code src dst [weight]} per line, ids
 * from 0, blank lines and lines starting with {@code #} or {@code %} ignored, tabs or spaces between
 * fields. The file cannot say whether it is directed, so it is directed unless the options say otherwise;
 * it is weighted when it is a {@code .wel} file or the options say so. Vertices are {@code 0..max id}.
 */
public final class EdgeListReader {
    private EdgeListReader() {
    }

    /** Reads {@code path} as the given edge-list format. */
    public static EdgeList read(Path path, GraphFileFormat format, LoadOptions options) {
        String file = path.toString();
        boolean weighted = options.weighted() != null ? options.weighted() : format == GraphFileFormat.WEIGHTED_EDGE_LIST;
        boolean directed = options.directed() == null || options.directed();
        EntryParser parser = entryParser(weighted);
        ParallelParser pp = new ParallelParser(file, parser, options.threads());
        ParallelParser.Result r = pp.parseFile(path, 0, 1, () -> InputFiles.open(path));
        if (r.size == 0) {
            throw new BadInputException(file, Math.max(1, r.lines), r.lines == 0 ? "empty file (no edges)" : "no edges in the file");
        }
        int n = (int) (r.maxId + 1);
        EdgeList.EntryLocator locator = k -> pp.locate(() -> InputFiles.open(path), 1, k);
        long bytes = MemoryBudget.buildBytes(n, r.size, weighted, !directed, options.threads());
        if (!MemoryBudget.fits(bytes)) {
            throw MemoryBudget.refusal(file, locator.lineOf(firstEntryWith(r, (int) r.maxId)), bytes,
                    n + " vertices, up to id " + r.maxId);
        }
        ValueKind kind = !weighted ? ValueKind.PATTERN : r.allIntegral ? ValueKind.INTEGER : ValueKind.REAL;
        EdgeList edges = new EdgeList(file, n, n, r.src, r.dst, r.weights, r.size,
                directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC, kind, VertexIds.offset(0), locator);
        return directed ? edges : edges.withOneEdgePerPair();
    }

    /** The first entry that names vertex {@code v} (for error messages). */
    static int firstEntryWith(ParallelParser.Result r, int v) {
        for (int k = 0; k < r.size; k++) {
            if (r.src[k] == v || r.dst[k] == v) {
                return k;
            }
        }
        return 0;
    }

    /** How the lines of a GAP or SNAP edge list are read. */
    public static EntryParser entryParser(boolean weighted) {
        return EntryParser.builder()
                .comments('#', '%')
                .bounds(0, Integer.MAX_VALUE - 2, Integer.MAX_VALUE - 2)
                .values(weighted ? EntryParser.Values.REAL : EntryParser.Values.NONE)
                .valueName("weight")
                .fieldNames("source vertex", "target vertex")
                .tooManyHint(weighted ? "" : "; use --weighted to read a third column as the weight")
                .build();
    }
}
