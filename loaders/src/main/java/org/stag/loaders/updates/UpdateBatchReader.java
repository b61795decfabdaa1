package org.stag.loaders.updates;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Parallel;
import org.stag.loaders.text.InputFiles;

/**
 * Reads an update stream (see {@link UpdateLines} for the line format) as batches of at most
 * {@code batchSize} updates. A background thread reads (and un-gzips) the input while the caller's thread
 * parses large blocks of whole lines in parallel pieces, maps ids through {@link UpdateIds} in file
 * order and cuts batches. A bad line throws {@link BadInputException} ({@code FILE:LINE: cause}) from the
 * {@link #next()} call that would have returned the batch holding it: every batch before it is handed out,
 * that one is not.
 *
 * <p>With {@code flushMillis > 0} (for a pipe that stays open) a batch is also returned, not full, when no
 * new line has arrived for that long; otherwise a batch is returned only when full or at the end.
 * {@link #endInput()} ends the input early, at the last complete line (what a signal handler calls).
 */
public final class UpdateBatchReader implements AutoCloseable {
    /** Bytes read from the input at a time. */
    static final int BLOCK = 1 << 20;
    /** Bytes parsed at a time (blocks already read are joined up to this). */
    static final int UNIT = 8 << 20;
    /**
     * Bytes parsed by the first parse: each parse then doubles, up to {@link #UNIT}, so that the first batches
     * are handed out after a few thousand lines are parsed rather than a whole unit.
     */
    static final int FIRST_PARSE = 64 << 10;
    /** A line longer than this is not text. */
    static final int MAX_LINE = 16 << 20;

    private final String file;
    private final UpdateIds ids;
    private final int batchSize;
    private final int threads;
    /** Threads the next parse uses, at most {@link #threads}: see {@link #useThreads(int)}. */
    private volatile int parseThreads;
    private final long flushMillis;
    private final int unitBytes;
    /** Most bytes of whole lines the next parse takes: {@link #FIRST_PARSE}, doubling up to the unit. */
    private int parseBytes;
    private final int minPieceBytes;

    /** The reading thread and the blocks it has read. */
    private final UpdateBlocks blocks;
    /** Full batches handed back by {@link #recycle}, whose arrays the next batches are filled into. */
    private final BlockingQueue<UpdateBatch> spare = new ArrayBlockingQueue<>(SPARE_BATCHES);
    /** Most batches kept for reuse: one applied, one waiting, one being filled. */
    static final int SPARE_BATCHES = 3;
    /** Batches smaller than this are not reused (their arrays cost less than the hand-over). */
    static final int RECYCLE_MIN = 4096;
    /** Set by {@link #endInput()}. */
    private volatile boolean ended;
    /** Longest wait for input before {@link #next()} looks at {@link #ended} again. */
    private static final long END_POLL_MILLIS = 50;

    private byte[] work = new byte[64];
    private int workLen;
    /** Bytes of whole lines at the start of {@link #work} that are not parsed yet. */
    private int wholeLeft;
    private long linesBefore;
    private boolean eof;
    private BadInputException error;
    /** Batches complete and not yet handed out. */
    private final ArrayDeque<UpdateBatch> ready = new ArrayDeque<>();
    /** The batch being filled. */
    private BatchFill building;
    /** Updates queued so far (to tell whether a new line arrived). */
    private long queued;
    private ParsedUpdates[] pieces = new ParsedUpdates[0];
    private UpdateLines[] parsers = new UpdateLines[0];

    /**
     * Reads {@code in}, named {@code file} in messages.
     *
     * @param batchSize   updates per batch, at least 1
     * @param threads     parser threads
     * @param flushMillis return a partial batch after this long without a new line; 0 waits for full batches
     */
    public UpdateBatchReader(String file, InputStream in, UpdateIds ids, int batchSize, int threads, long flushMillis) {
        this(file, in, ids, batchSize, threads, flushMillis, BLOCK, UNIT, 1 << 16);
    }

    /** As above with small buffers, so that tests reach every boundary with small inputs. */
    UpdateBatchReader(String file, InputStream in, UpdateIds ids, int batchSize, int threads, long flushMillis,
            int blockBytes, int unitBytes, int minPieceBytes) {
        if (batchSize < 1 || threads < 1 || flushMillis < 0 || blockBytes < 1 || unitBytes < 1) {
            throw new IllegalArgumentException("batch size and threads must be positive, flush time not negative");
        }
        this.file = file;
        this.ids = ids;
        this.batchSize = batchSize;
        this.threads = threads;
        this.parseThreads = threads;
        this.flushMillis = flushMillis;
        this.unitBytes = unitBytes;
        this.parseBytes = Math.min(FIRST_PARSE, unitBytes);
        this.minPieceBytes = Math.max(1, minPieceBytes);
        this.building = new BatchFill(batchSize, ids.vertices(), null);
        this.blocks = new UpdateBlocks(in, blockBytes);
    }

    /**
     * Opens an update file ({@code -} for standard input, named {@code <stdin>}), gzipped or not.
     *
     * @throws BadInputException when it cannot be opened
     */
    public static UpdateBatchReader open(Path path, UpdateIds ids, int batchSize, int threads, long flushMillis) {
        if (InputFiles.isStdin(path)) {
            return new UpdateBatchReader("<stdin>", UpdateBlocks.ungzip("<stdin>", System.in), ids, batchSize, threads, flushMillis);
        }
        return new UpdateBatchReader(path.toString(), InputFiles.open(path), ids, batchSize, threads, flushMillis);
    }

    /**
     * The next batch, or {@code null} at the end of the input.
     *
     * @throws BadInputException when the next batch holds a bad line (or the input cannot be read there)
     */
    public UpdateBatch next() {
        long lastLine = System.nanoTime();
        while (true) {
            if (!ready.isEmpty()) {
                return ready.poll();
            }
            if (error != null) {
                throw error;
            }
            if (wholeLeft > 0) {
                long before = queued;
                parseWhole(eof);
                if (queued > before) {
                    lastLine = System.nanoTime();
                }
                continue;
            }
            if (eof) {
                return building.fill > 0 ? handOutPartial() : null;
            }
            if (ended) {
                takeWhatArrived();
                continue;
            }
            Object item;
            try {
                // Waits are cut into short polls so that endInput() is seen even when nothing more arrives.
                if (flushMillis > 0) {
                    long wait = flushMillis - (System.nanoTime() - lastLine) / 1_000_000;
                    if (wait <= 0) {
                        if (building.fill > 0) {
                            return handOutPartial();
                        }
                        lastLine = System.nanoTime();
                        continue;
                    }
                    item = blocks.poll(Math.min(wait, END_POLL_MILLIS));
                } else {
                    item = blocks.poll(END_POLL_MILLIS);
                }
                if (item == null) {
                    continue;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading " + file, e);
            }
            long before = queued;
            take(item);
            // Join whatever else has already arrived, so that parsing works on large units.
            Object more;
            while (!eof && error == null && workLen < unitBytes && (more = blocks.poll()) != null) {
                take(more);
            }
            parseWhole(eof);
            if (queued > before) {
                lastLine = System.nanoTime();
            }
        }
    }

    /**
     * Ends the input at the last complete line read so far, from any thread (a signal handler, say): the
     * calls of {@link #next()} that follow hand out the updates of those lines, a partial batch last, then
     * {@code null}. A line whose newline has not arrived is dropped; the input is closed.
     */
    public void endInput() {
        ended = true;
        close();
    }

    /** After {@link #endInput()}: parses the complete lines of whatever the reading thread had queued. */
    private void takeWhatArrived() {
        Object item;
        while (!eof && error == null && (item = blocks.poll()) != null) {
            take(item);
        }
        // At a real end the last line needs no newline to be complete.
        parseAll(eof);
        eof = true;
        workLen = 0;
    }

    private UpdateBatch handOutPartial() {
        UpdateBatch b = building.finish();
        building = new BatchFill(batchSize, b.verticesAfter(), spare.poll());
        return b;
    }

    private void take(Object item) {
        if (item == UpdateBlocks.END) {
            eof = true;
        } else if (item instanceof UpdateBlocks.Failure f) {
            // Complete lines before the failure are still parsed; the failure is reported at the line after them.
            parseAll(false);
            if (error == null) {
                error = new BadInputException(file, linesBefore + 1, InputFiles.describe(f.cause()));
            }
            eof = true;
            workLen = 0;
        } else {
            byte[] b = (byte[]) item;
            if (workLen + b.length > work.length) {
                work = Arrays.copyOf(work, Math.max(work.length * 2, workLen + b.length));
            }
            System.arraycopy(b, 0, work, workLen, b.length);
            workLen += b.length;
            blocks.reuse(b);
        }
    }

    /** Parses every whole line in the work buffer (all of it at the end). */
    private void parseAll(boolean atEnd) {
        do {
            parseWhole(atEnd);
        } while (wholeLeft > 0 && error == null);
    }

    /**
     * Parses the first whole lines in the work buffer (all of it at the end), at most {@link #parseBytes} of
     * them (or one line longer than that), and keeps the rest; {@link #wholeLeft} says how many bytes of whole
     * lines are left for the next call.
     */
    private void parseWhole(boolean atEnd) {
        if (error != null) {
            wholeLeft = 0;
            return;
        }
        int end = atEnd ? workLen : lastNewline() + 1;
        if (end > 0) {
            int cut = end;
            if (end > parseBytes) {
                cut = parseBytes;
                while (cut > 0 && work[cut - 1] != '\n') {
                    cut--;
                }
                if (cut == 0) {
                    cut = parseBytes;
                    while (cut < end && work[cut - 1] != '\n') {
                        cut++;
                    }
                }
                parseBytes = (int) Math.min(unitBytes, 2L * parseBytes);
            }
            parse(cut);
            System.arraycopy(work, cut, work, 0, workLen - cut);
            workLen -= cut;
            end -= cut;
        }
        wholeLeft = error != null ? 0 : end;
        if (wholeLeft == 0 && workLen > MAX_LINE && error == null) {
            error = new BadInputException(file, linesBefore + 1, "line longer than " + (MAX_LINE >> 20) + " MiB (is this a text file?)");
        }
    }

    private int lastNewline() {
        for (int i = workLen - 1; i >= 0; i--) {
            if (work[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * From the next parse on, parses with {@code t} threads (at least 1, at most those given at construction):
     * a caller whose batches are applied on the same pool of threads meanwhile parses on its own thread alone
     * while they are busy, and in parallel when they wait for batches. Any thread may call it.
     */
    public void useThreads(int t) {
        parseThreads = Math.max(1, Math.min(threads, t));
    }

    /** Parses {@code work[0, end)} in pieces on several threads, then maps ids and queues updates in file order. */
    private void parse(int end) {
        int threads = parseThreads;
        int k = threads <= 1 ? 1 : (int) Math.max(1, Math.min(threads * 2L, end / minPieceBytes));
        int[] bounds = new int[k + 1];
        for (int i = 1; i < k; i++) {
            int at = Math.max(bounds[i - 1], (int) ((long) end * i / k));
            while (at < end && at > 0 && work[at - 1] != '\n') {
                at++;
            }
            bounds[i] = at;
        }
        bounds[k] = end;
        if (pieces.length < k) {
            ParsedUpdates[] p = Arrays.copyOf(pieces, k);
            UpdateLines[] u = Arrays.copyOf(parsers, k);
            for (int i = pieces.length; i < k; i++) {
                p[i] = new ParsedUpdates();
                u[i] = new UpdateLines();
            }
            pieces = p;
            parsers = u;
        }
        byte[] w = work;
        int known = ids.vertices();
        Parallel.forEachBlock(threads, k, i -> parsers[i].parse(w, bounds[i], bounds[i + 1], pieces[i], ids, known));
        for (int i = 0; i < k; i++) {
            ParsedUpdates p = pieces[i];
            // Ids the pieces could not map, in file order, so that new vertices are numbered as they appear.
            for (int u = 0; u < p.unresolvedCount; u++) {
                int j = p.unresolved[u];
                int s = p.src[j] >= 0 ? p.src[j] : ids.internal(p.rawSrc[j]);
                int d = s < 0 ? -1 : p.dst[j] >= 0 ? p.dst[j] : ids.internal(p.rawDst[j]);
                if (d < 0) {
                    append(p, j);
                    error = new BadInputException(file, linesBefore + p.line[j], ids.why);
                    return;
                }
                p.src[j] = s;
                p.dst[j] = d;
            }
            append(p, p.size);
            if (p.errorLine != 0) {
                error = new BadInputException(file, linesBefore + p.errorLine, p.error);
                return;
            }
            linesBefore += p.lines;
        }
    }

    /** Moves the first {@code count} updates of a piece into batches. */
    private void append(ParsedUpdates p, int count) {
        int from = 0;
        while (from < count) {
            int k = building.add(p, from, count - from, linesBefore);
            from += k;
            queued += k;
            if (building.fill == batchSize) {
                UpdateBatch b = building.finish();
                ready.add(b);
                building = new BatchFill(batchSize, b.verticesAfter(), spare.poll());
            }
        }
    }

    /**
     * Hands back a batch this reader returned, once its caller is done with it (applied, counted: nothing reads
     * its arrays any more), so that a later batch is filled into its arrays instead of new ones. Only full
     * batches of at least {@link #RECYCLE_MIN} updates are kept, {@link #SPARE_BATCHES} at most; others are left
     * to the collector. Any thread may call it; the batch must not be used after.
     */
    public void recycle(UpdateBatch b) {
        if (b != null && batchSize >= RECYCLE_MIN && b.size() == batchSize && batchSize <= BatchFill.FIRST_CAPACITY) {
            spare.offer(b);
        }
    }

    /** Lines read and parsed so far. */
    public long lines() {
        return linesBefore;
    }

    /** Stops the reading thread and closes the input. */
    @Override
    public void close() {
        blocks.close();
    }
}
