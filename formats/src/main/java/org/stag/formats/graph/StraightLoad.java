package org.stag.formats.graph;

import org.stag.formats.level.VbyteLevel;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeFacts;
import org.stag.loaders.Graph;
import org.stag.loaders.binary.BinaryRowReader;

/**
 * A {@code .stagb} loaded straight into a row-encoded format ({@code dense,vbyte}, {@link Format#rowEncoded}): the
 * file's rows are read a range at a time and encoded as they come ({@link Tensor#fromRows}), so no column array is
 * ever held. The result is a {@link GraphTensor} whose out-structure is that tensor, over a loader {@link Graph} that
 * holds no edges: its facts ({@link EdgeFacts}: self-loops, mirrors, weights) are gathered in the first read, its
 * degrees read from the structure, its vertex ids from the file's ids section. Peak memory: the structure, the rows'
 * degrees and code bytes (8 bytes per row, the degrees shared by reader and encoder) and one row range's columns.
 */
public final class StraightLoad {
    private StraightLoad() {
    }

    /** Whether a {@code .stagb} loads straight into {@code format}. */
    public static boolean into(Format format) {
        return format.rowEncoded();
    }

    /**
     * Loads the file {@code opened} reads into {@code format}, its weights dropped unless {@code weights} (a weighted file
     * read as a pattern).
     *
     * @throws IllegalArgumentException when {@code format} is not {@link #into row-encoded}
     * @throws org.stag.loaders.BadInputException for a corrupt file, NaN or infinite weights, or a non-square matrix, in
     *                                            one line naming the file
     */
    public static GraphTensor load(BinaryRowReader opened, Format format, boolean weights, int threads) {
        if (!into(format)) {
            throw new IllegalArgumentException("format " + format + " is not loaded straight from a file's rows");
        }
        BinaryRowReader reader = weights ? opened : opened.withoutWeights();
        String file = reader.file();
        if (reader.rows() != reader.cols()) {
            throw new BadInputException(file, 0, "not square: " + reader.rows() + " x " + reader.cols());
        }
        EdgeFacts.Collector collector = new EdgeFacts.Collector(file, reader.entries(), reader.symmetry(),
                reader.valueKind(), reader.valueType());
        Tensor structure = Tensor.fromRows(format, reader, collector::row);
        VbyteLevel level = (VbyteLevel) structure.level(1);
        EdgeFacts facts = collector.facts(format.toString(), level::degree);
        Graph g = new Graph(file, reader.rows(), reader.cols(), facts, reader.symmetry(), reader.valueKind(),
                reader.ids(), reader.duplicates());
        return GraphTensor.over(g, format, threads, GraphDirection.over(format, threads, structure, g.weighted()));
    }
}
