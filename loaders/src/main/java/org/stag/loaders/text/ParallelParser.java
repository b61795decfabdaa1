package org.stag.loaders.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import org.stag.loaders.BadInputException;
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

        Result(int[] src, int[] dst, double[] weights, int size, long lines, long maxId, boolean allIntegral) {
            this.src = src;
            this.dst = dst;
            this.weights = weights;
            this.size = size;
            this.lines = lines;
            this.maxId = maxId;
            this.allIntegral = allIntegral;
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
        if (weighted) {
            w = new double[n];
            at = 0;
            for (ChunkOut o : outs) {
                System.arraycopy(o.weights, 0, w, at, o.size);
                at += o.size;
                o.weights = null;
            }
        }
        return new Result(src, dst, w, n, lineBefore - firstLine + 1, maxId, integral);
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
