package org.stag.loaders;

import java.util.Locale;

/**
 * Estimates the heap a load will need before its large arrays are allocated, and refuses a load that
 * cannot fit with a one-line {@link BadInputException} that gives the figure and the option to raise the
 * limit. A declared size or a huge vertex id then ends in a clear message instead of an
 * {@link OutOfMemoryError} part-way through.
 */
public final class MemoryBudget {
    /** Java arrays hold at most this many elements (a little under {@code Integer.MAX_VALUE}). */
    public static final long MAX_ARRAY = Integer.MAX_VALUE - 8L;

    private MemoryBudget() {
    }

    /**
     * Bytes the entry arrays of {@code entries} parsed entries take: source and target ids, and values when
     * weighted. The parser's chunks grow by half, so its peak is counted with that slack.
     */
    public static long entryBytes(long entries, boolean weighted) {
        long perEntry = 8 + (weighted ? 8 : 0);
        return perEntry * entries + perEntry * entries / 2;
    }

    /**
     * Bytes {@link GraphBuilder} allocates for a graph whose entries lie in the first {@code rows} rows: the
     * row offsets, one row-count array per block (reused for the per-row unique counts), the columns and
     * values of the stored entries (twice the entries when mirrored), and a second copy of those when
     * duplicates are compacted or long rows are sorted with a key array.
     */
    public static long buildBytes(long rows, long entries, boolean weighted, boolean mirrored, int threads) {
        long blocks = Math.max(1, Math.min(threads, entries / 65536 + 1));
        long stored = mirrored ? 2 * entries : entries;
        long perStored = 4 + (weighted ? 8 : 0);
        return 4 * (rows + 1) + 4 * rows * blocks + 2 * perStored * stored;
    }

    /** "2000000000 vertices and 78 entries", or rows and columns for a matrix that is not square. */
    public static String describe(long rows, long cols, long entries) {
        String shape = rows == cols ? rows + " vertices" : rows + " x " + cols + " matrix";
        return entries <= 0 ? shape : shape + " and " + entries + (entries == 1 ? " entry" : " entries");
    }

    /** Bytes the heap can still give: its limit minus what is in use. */
    static long available() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Whether {@code bytes} more fit in the heap. "In use" counts garbage not yet collected, so a negative
     * answer is checked again after a collection; that happens only when memory is short.
     */
    public static boolean fits(long bytes) {
        if (bytes <= available()) {
            return true;
        }
        System.gc();
        return bytes <= available();
    }

    /** Throws {@link #refusal} unless {@code bytes} more fit in the heap. */
    public static void require(String file, long line, long bytes, String what) {
        if (!fits(bytes)) {
            throw refusal(file, line, bytes, what);
        }
    }

    /**
     * The error for a load that needs {@code bytes} for {@code what}: {@code needs about 16 GB for
     * 2000000000 vertices; give more with STAG_JAVA_OPTS=-Xmx20g}.
     */
    public static BadInputException refusal(String file, long line, long bytes, String what) {
        Runtime rt = Runtime.getRuntime();
        long inUse = rt.totalMemory() - rt.freeMemory();
        // A quarter more than the estimate, for everything the estimate leaves out (the run itself).
        double wanted = (Math.min(bytes, Long.MAX_VALUE / 2) + (double) inUse) * 1.25;
        long gigabytes = (long) Math.ceil(wanted / 1e9);
        String advice = gigabytes > 1L << 20
                ? "more than any machine holds"
                : "give more with STAG_JAVA_OPTS=-Xmx" + Math.max(1, gigabytes) + "g";
        return new BadInputException(file, line, "needs about " + size(bytes) + " for " + what + " (the heap limit is "
                + size(rt.maxMemory()) + "); " + advice);
    }

    /** A byte count for people: {@code 16 GB}, {@code 730 MB}, {@code 1.5 GB}. */
    static String size(long bytes) {
        String[] units = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
        double v = bytes;
        int u = 0;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return u == 0 ? bytes + " bytes" : v < 10 ? String.format(Locale.ROOT, "%.1f %s", v, units[u])
                : String.format(Locale.ROOT, "%.0f %s", v, units[u]);
    }
}
