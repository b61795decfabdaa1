package org.stag.loaders.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.stag.loaders.BadInputException;
import org.stag.loaders.ExactValues;
import org.stag.loaders.Parallel;

/**
 * Parses a stream of entry lines on several threads: one reader cuts the stream into chunks of whole
 * lines and parser tasks turn chunks into entry arrays, which are joined in file order at the end.
 * At most a few chunks are in flight, so memory stays at the output plus a few buffers. Nothing is
 * sized from a count that the file declares.
 */
public final class ParallelParser {
    /** Bytes per chunk: large enough to amortise task overhead, small enough to balance two threads. */
    static final int CHUNK = 4 << 20;

    private final String file;
    private final EntryParser parser;
    private final int threads;
    private final int chunkSize;

    /**
     * @param file    name used in messages
     * @param parser  how to read one line
     * @param threads parser threads (1 parses in the calling thread)
     */
    public ParallelParser(String file, EntryParser parser, int threads) {
        this(file, parser, threads, CHUNK);
    }

    /** As above, with chunks of {@code chunkSize} bytes (tests use tiny chunks to exercise boundaries). */
    public ParallelParser(String file, EntryParser parser, int threads, int chunkSize) {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be positive");
        }
        this.file = file;
        this.parser = parser;
        this.threads = threads;
        this.chunkSize = chunkSize;
    }

    /** The entries of a stream, joined in file order. */
    public static final class Result {
        public final int[] src;
        public final int[] dst;
        public final double[] weights;
        public final int size;
        /** Lines read, including comments and blank lines. */
        public final long lines;
        /** The largest id seen, or -1 (ids that are neither bounded nor mapped). */
        public final long maxId;
        /** Whether every value was written as an integer. */
        public final boolean allIntegral;
        /**
         * Every value exactly, when some integer value is beyond what a double holds ({@link
         * org.stag.loaders.ExactValues}); {@code null} otherwise.
         */
        public final long[] exact;

        Result(int[] src, int[] dst, double[] weights, int size, long lines, long maxId, boolean allIntegral, long[] exact) {
            this.src = src;
            this.dst = dst;
            this.weights = weights;
            this.size = size;
            this.lines = lines;
            this.maxId = maxId;
            this.allIntegral = allIntegral;
            this.exact = exact;
        }
    }

    /**
     * Parses everything left in {@code in}, whose first line is line {@code firstLine} of the file.
     *
     * @throws BadInputException naming the first bad line in file order
     */
    public Result parse(InputStream in, long firstLine) {
        return parse(new byte[0], in, firstLine);
    }

    /**
     * Parses {@code path} from byte {@code offset} (whose line is {@code firstLine}) to its end. A plain file is
     * read in parallel chunks straight into the result arrays, sized by counting the chunks' lines first, so
     * no entry is copied after parsing; a gzipped file or anything but a regular file goes through the stream
     * reader. The result is the same either way.
     *
     * @param reopen opens the file as a stream positioned at {@code offset}, for the stream reader
     */
    public Result parseFile(Path path, long offset, long firstLine, Supplier<InputStream> reopen) {
        Result r = null;
        if (Files.isRegularFile(path)) {
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
                if (!gzipped(ch)) {
                    r = parseChunks(ch, offset, firstLine);
                }
            } catch (IOException e) {
                throw new BadInputException(file, 0, "cannot read: " + InputFiles.describe(e));
            }
        }
        if (r != null) {
            return r;
        }
        try (InputStream in = reopen.get()) {
            return parse(in, firstLine);
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + InputFiles.describe(e));
        }
    }

    private static boolean gzipped(FileChannel ch) throws IOException {
        ByteBuffer two = ByteBuffer.allocate(2);
        while (two.hasRemaining() && ch.read(two, two.position()) > 0) {
            // Fill both bytes unless the file is shorter.
        }
        return two.position() == 2 && two.get(0) == (byte) 0x1f && two.get(1) == (byte) 0x8b;
    }

    /** The chunked file path; {@code null} when a line is too long or the lines too many (the stream path says which). */
    private Result parseChunks(FileChannel ch, long offset, long firstLine) throws IOException {
        FileChunks chunks = FileChunks.cut(ch, offset, ch.size(), chunkSize, threads);
        int k = chunks.count();
        int[] base = new int[k + 1];
        long total = 0;
        for (int i = 0; i < k; i++) {
            if (chunks.lines[i] < 0) {
                return null;
            }
            base[i] = (int) Math.min(total, Integer.MAX_VALUE);
            total += chunks.lines[i];
        }
        if (total > Integer.MAX_VALUE - 8) {
            return null;
        }
        // Allocated on several threads: zeroing fresh memory is a good part of a large load.
        int size = (int) total;
        Object[] arrays = new Object[3];
        FileChunks.run(threads, parser.weighted() ? 3 : 2, a -> arrays[a] = a == 2 ? new double[size] : new int[size]);
        int[] src = (int[]) arrays[0];
        int[] dst = (int[]) arrays[1];
        double[] w = (double[]) arrays[2];
        ChunkOut[] outs = new ChunkOut[k];
        AtomicInteger firstFailed = new AtomicInteger(Integer.MAX_VALUE);
        FileChunks.run(threads, k, i -> {
            if (i > firstFailed.get()) {
                // A chunk before this one failed; nothing here can be reported first.
                return;
            }
            byte[] b = chunks.read(i);
            ChunkOut out = new ChunkOut(src, dst, w, base[i], (int) chunks.lines[i]);
            parser.parse(b, 0, chunks.length(i), out);
            chunks.release(b);
            outs[i] = out;
            if (out.failed()) {
                firstFailed.accumulateAndGet(i, Math::min);
            }
        });
        long lineBefore = firstLine - 1;
        long maxId = -1;
        boolean integral = true;
        int n = 0;
        long[] exact = null;
        boolean anyExact = false;
        for (ChunkOut o : outs) {
            if (o.failed()) {
                throw new BadInputException(file, lineBefore + o.errorLine, o.error);
            }
            lineBefore += o.lines;
            maxId = Math.max(maxId, o.maxId);
            integral &= o.allIntegral;
            // Comment and blank lines leave holes; close them (rare, and a move within the arrays).
            if (o.base != n) {
                System.arraycopy(src, o.base, src, n, o.size);
                System.arraycopy(dst, o.base, dst, n, o.size);
                if (w != null) {
                    System.arraycopy(w, o.base, w, n, o.size);
                }
            }
            anyExact |= o.exactAt != null;
            n += o.size;
        }
        if (anyExact) {
            // Entries without an exact value of their own are exact as doubles.
            exact = ExactValues.fromDoubles(w, n);
            int at = 0;
            for (ChunkOut o : outs) {
                o.patchExact(exact, at);
                at += o.size;
            }
        }
        return new Result(src, dst, w, n, lineBefore - firstLine + 1, maxId, integral, exact);
    }

    /** As {@link #parse(InputStream, long)}, for a stream whose first bytes were already read into {@code prefix}. */
    public Result parse(byte[] prefix, InputStream in, long firstLine) {
        ChunkReader reader = new ChunkReader(prefix, in);
        List<ChunkOut> outs = new ArrayList<>();
        IOException failure = null;
        if (threads <= 1) {
            byte[] buf = new byte[chunkSize];
            try {
                ChunkReader.Chunk c;
                while ((c = reader.next(buf)) != null) {
                    buf = c.buf();
                    ChunkOut out = newOut(c.length());
                    parser.parse(buf, 0, c.length(), out);
                    outs.add(out);
                    if (out.failed()) {
                        break;
                    }
                }
            } catch (IOException e) {
                failure = e;
            }
        } else {
            failure = parseConcurrently(reader, outs);
        }
        return join(outs, firstLine, failure);
    }

    private ChunkOut newOut(int bytes) {
        // A guess from the chunk's size only; the arrays grow if lines are shorter.
        return new ChunkOut(bytes / 12, parser.weighted());
    }

    private IOException parseConcurrently(ChunkReader reader, List<ChunkOut> outs) {
        ForkJoinPool pool = Parallel.pool(threads);
        int inFlight = threads * 2;
        Semaphore slots = new Semaphore(inFlight);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        ConcurrentLinkedQueue<byte[]> free = new ConcurrentLinkedQueue<>();
        List<Future<?>> tasks = new ArrayList<>();
        IOException failure = null;
        try {
            while (!stop.get()) {
                slots.acquireUninterruptibly();
                byte[] buf = free.poll();
                ChunkReader.Chunk c = reader.next(buf == null ? new byte[chunkSize] : buf);
                if (c == null) {
                    slots.release();
                    break;
                }
                ChunkOut out = newOut(c.length());
                outs.add(out);
                byte[] data = c.buf();
                int length = c.length();
                tasks.add(pool.submit(() -> {
                    try {
                        parser.parse(data, 0, length, out);
                        if (out.failed()) {
                            // Later chunks cannot change which error is reported first.
                            stop.set(true);
                        }
                    } finally {
                        free.add(data);
                        slots.release();
                    }
                }));
            }
        } catch (IOException e) {
            failure = e;
        }
        for (Future<?> t : tasks) {
            try {
                t.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while parsing " + file, e);
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException re) {
                    throw re;
                }
                if (cause instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(cause);
            }
        }
        return failure;
    }

    private Result join(List<ChunkOut> outs, long firstLine, IOException failure) {
        long lineBefore = firstLine - 1;
        long total = 0;
        long maxId = -1;
        boolean integral = true;
        for (ChunkOut o : outs) {
            if (o.failed()) {
                throw new BadInputException(file, lineBefore + o.errorLine, o.error);
            }
            lineBefore += o.lines;
            total += o.size;
            maxId = Math.max(maxId, o.maxId);
            integral &= o.allIntegral;
        }
        if (failure != null) {
            IOException cause = failure;
            if (failure instanceof ChunkReader.ReadFailure rf) {
                lineBefore += rf.newlines;
                cause = (IOException) rf.getCause();
            }
            throw new BadInputException(file, lineBefore + 1, InputFiles.describe(cause));
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new BadInputException(file, 0, "too many entries for one graph (more than " + (Integer.MAX_VALUE - 8) + ")");
        }
        int n = (int) total;
        boolean weighted = parser.weighted();
        // Join one array at a time and drop each chunk's part as soon as it is copied: the peak is the
        // output plus one array's worth of chunks, not twice the output.
        int[] src = new int[n];
        int at = 0;
        for (ChunkOut o : outs) {
            System.arraycopy(o.src, 0, src, at, o.size);
            at += o.size;
            o.src = null;
        }
        int[] dst = new int[n];
        at = 0;
        for (ChunkOut o : outs) {
            System.arraycopy(o.dst, 0, dst, at, o.size);
            at += o.size;
            o.dst = null;
        }
        double[] w = null;
        long[] exact = null;
        if (weighted) {
            w = new double[n];
            at = 0;
            boolean anyExact = false;
            for (ChunkOut o : outs) {
                System.arraycopy(o.weights, 0, w, at, o.size);
                at += o.size;
                o.weights = null;
                anyExact |= o.exactAt != null;
            }
            if (anyExact) {
                // Entries without an exact value of their own are exact as doubles.
                exact = ExactValues.fromDoubles(w, n);
                at = 0;
                for (ChunkOut o : outs) {
                    o.patchExact(exact, at);
                    at += o.size;
                }
            }
        }
        return new Result(src, dst, w, n, lineBefore - firstLine + 1, maxId, integral, exact);
    }

    /**
     * Finds the line of entry {@code k} (0-based) by parsing a fresh copy of the stream in one thread.
     * For error messages only.
     */
    public long locate(Supplier<InputStream> reopen, long firstLine, long k) {
        try (InputStream in = reopen.get()) {
            ChunkReader reader = new ChunkReader(in);
            byte[] buf = new byte[chunkSize];
            long before = firstLine - 1;
            long seen = 0;
            ChunkReader.Chunk c;
            while ((c = reader.next(buf)) != null) {
                buf = c.buf();
                ChunkOut out = new ChunkOut(16, parser.weighted());
                out.stopAfter = (int) Math.min(Integer.MAX_VALUE, k - seen + 1);
                parser.parse(buf, 0, c.length(), out);
                if (out.stopLine > 0) {
                    return before + out.stopLine;
                }
                if (out.failed()) {
                    return 0;
                }
                seen += out.size;
                before += out.lines;
            }
            return 0;
        } catch (IOException | UncheckedIOException | BadInputException e) {
            return 0;
        }
    }
}
