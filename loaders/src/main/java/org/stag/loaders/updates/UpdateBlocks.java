package org.stag.loaders.updates;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.StrictGzipInputStream;

/**
 * The reading side of {@link UpdateBatchReader}: a thread that reads (and un-gzips) the input in blocks and
 * queues them, then {@link #END} or a {@link Failure}; full blocks the parsing side is done with come back
 * through {@link #reuse} so that a long stream reads into a few buffers.
 */
final class UpdateBlocks {
    /** Queued after the last block. */
    static final Object END = new Object();

    /** A read failure, passed from the reading thread. */
    record Failure(IOException cause) {
    }

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(8);
    /** Full blocks the parsing side has copied out of, for the reading thread to fill again. */
    private final BlockingQueue<byte[]> freeBlocks = new ArrayBlockingQueue<>(4);
    private final int blockBytes;
    private final InputStream in;
    private final Thread producer;
    private volatile boolean closed;

    UpdateBlocks(InputStream in, int blockBytes) {
        this.in = in;
        this.blockBytes = blockBytes;
        this.producer = new Thread(this::readAll, "stag-updates-reader");
        producer.setDaemon(true);
        producer.start();
    }

    /** The next item, waiting at most {@code millis}; {@code null} when none came. */
    Object poll(long millis) throws InterruptedException {
        return queue.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** The next item if one is queued, else {@code null}. */
    Object poll() {
        return queue.poll();
    }

    /** Hands back a block that has been copied out of, for the reading thread to fill again. */
    void reuse(byte[] block) {
        if (block.length == blockBytes) {
            freeBlocks.offer(block);
        }
    }

    /** Stops the reading thread and closes the input. */
    void close() {
        closed = true;
        producer.interrupt();
        try {
            in.close();
        } catch (IOException e) {
            // Nothing more will be read; a failing close changes nothing for the caller.
        }
    }

    /** {@code in}, through a gzip decoder when it starts with gzip's magic bytes. */
    static InputStream ungzip(String name, InputStream in) {
        BufferedInputStream b = new BufferedInputStream(in, 2);
        try {
            b.mark(2);
            int b0 = b.read();
            int b1 = b0 < 0 ? -1 : b.read();
            b.reset();
            return b0 == 0x1f && b1 == 0x8b ? new StrictGzipInputStream(b, UpdateBatchReader.BLOCK) : b;
        } catch (IOException e) {
            throw new BadInputException(name, 0, "cannot read: " + InputFiles.describe(e));
        }
    }

    /** The reading thread: blocks of bytes into the queue, then {@link #END} or a {@link Failure}. */
    private void readAll() {
        byte[] buf = new byte[blockBytes];
        try {
            while (!closed) {
                int r = in.read(buf, 0, buf.length);
                if (r < 0) {
                    break;
                }
                if (r == 0) {
                    continue;
                }
                // A pipe hands out a few bytes at a time: send those, keep the large buffer.
                if (r < buf.length / 4) {
                    queue.put(Arrays.copyOf(buf, r));
                } else {
                    queue.put(r == buf.length ? buf : Arrays.copyOf(buf, r));
                    if (r == buf.length) {
                        byte[] free = freeBlocks.poll();
                        buf = free != null ? free : new byte[blockBytes];
                    }
                }
            }
            queue.put(END);
        } catch (IOException e) {
            if (closed) {
                return; // the input was closed under the read on purpose (endInput, close)
            }
            try {
                queue.put(new Failure(e));
            } catch (InterruptedException ie) {
                // Closed while waiting; nobody reads the failure.
            }
        } catch (InterruptedException e) {
            // Closed.
        }
    }
}
