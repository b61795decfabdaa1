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
 * @param duplicatesGiven whether the user chose the duplicates policy: then it also combines a line of an
 *                   undirected edge list with its mirror; otherwise the two are one edge and must agree
 */
public record LoadOptions(int threads, DuplicatePolicy duplicates, Boolean directed, Boolean weighted, int indexBase,
                          GraphFileFormat format, boolean duplicatesGiven) {

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

    /** Options with the duplicates policy taken as a default rather than the user's choice. */
    public LoadOptions(int threads, DuplicatePolicy duplicates, Boolean directed, Boolean weighted, int indexBase,
                       GraphFileFormat format) {
        this(threads, duplicates, directed, weighted, indexBase, format, false);
    }

    /** All cores, duplicates summed, everything else as the file says. */
    public static LoadOptions defaults() {
        return new LoadOptions(Parallel.defaultThreads(), DuplicatePolicy.SUM, null, null, 1, null, false);
    }

    public LoadOptions withThreads(int t) {
        return new LoadOptions(t, duplicates, directed, weighted, indexBase, format, duplicatesGiven);
    }

    /** The given policy, as the user's choice. */
    public LoadOptions withDuplicates(DuplicatePolicy d) {
        return new LoadOptions(threads, d, directed, weighted, indexBase, format, true);
    }

    public LoadOptions withDirected(Boolean d) {
        return new LoadOptions(threads, duplicates, d, weighted, indexBase, format, duplicatesGiven);
    }

    public LoadOptions withWeighted(Boolean w) {
        return new LoadOptions(threads, duplicates, directed, w, indexBase, format, duplicatesGiven);
    }

    public LoadOptions withIndexBase(int b) {
        return new LoadOptions(threads, duplicates, directed, weighted, b, format, duplicatesGiven);
    }

    public LoadOptions withFormat(GraphFileFormat f) {
        return new LoadOptions(threads, duplicates, directed, weighted, indexBase, f, duplicatesGiven);
    }
}
