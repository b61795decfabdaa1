package org.stag.loaders;

/**
 * How to read a graph file. {@code directed} and {@code weighted} are {@code null} when the file (or its
 * format's convention) decides; a value overrides it.
 *
 * @param threads    parser and builder threads
 * @param duplicates what to do with repeated entries
 * @param directed   force a directed ({@code true}) or undirected ({@code false}) reading of an edge list
 * @param weighted   read ({@code true}) or refuse ({@code false}) a value column in an edge list
 * @param indexBase  the first index of a Matrix Market file: 1 as the format says, or 0 for files written
 *                   0-based by mistake
 * @param format     the file format, or {@code null} to tell it from the file name
 */
public record LoadOptions(int threads, DuplicatePolicy duplicates, Boolean directed, Boolean weighted, int indexBase,
                          GraphFileFormat format) {

    public LoadOptions {
        if (threads < 1) {
            throw new BadInputException("threads must be at least 1, got " + threads);
        }
        if (indexBase != 0 && indexBase != 1) {
            throw new BadInputException("index base must be 0 or 1, got " + indexBase);
        }
        if (duplicates == null) {
            throw new IllegalArgumentException("duplicates policy is required");
        }
    }

    /** All cores, duplicates summed, everything else as the file says. */
    public static LoadOptions defaults() {
        return new LoadOptions(Parallel.defaultThreads(), DuplicatePolicy.SUM, null, null, 1, null);
    }

    public LoadOptions withThreads(int t) {
        return new LoadOptions(t, duplicates, directed, weighted, indexBase, format);
    }

    public LoadOptions withDuplicates(DuplicatePolicy d) {
        return new LoadOptions(threads, d, directed, weighted, indexBase, format);
    }

    public LoadOptions withDirected(Boolean d) {
        return new LoadOptions(threads, duplicates, d, weighted, indexBase, format);
    }

    public LoadOptions withWeighted(Boolean w) {
        return new LoadOptions(threads, duplicates, directed, w, indexBase, format);
    }

    public LoadOptions withIndexBase(int b) {
        return new LoadOptions(threads, duplicates, directed, weighted, b, format);
    }

    public LoadOptions withFormat(GraphFileFormat f) {
        return new LoadOptions(threads, duplicates, directed, weighted, indexBase, f);
    }
}
