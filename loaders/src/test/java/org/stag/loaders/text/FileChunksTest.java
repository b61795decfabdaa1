package org.stag.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time newline count, in an array and in place in a buffer, equals a byte-by-byte count, for every
 * byte value and every length.
 */
class FileChunksTest {
    @Test
    void countsNewlinesExactly() {
        Random rnd = new Random(3);
        for (int len = 0; len < 300; len++) {
            byte[] b = new byte[len];
            for (int trial = 0; trial < 20; trial++) {
                for (int i = 0; i < len; i++) {
                    // Bytes near '\n' and with the high bit set are the ones a wrong bit trick miscounts.
                    int r = rnd.nextInt(6);
                    b[i] = (byte) (r == 0 ? '\n' : r == 1 ? '\n' + 1 : r == 2 ? '\n' - 1 : r == 3 ? 0x8A : r == 4 ? 0 : rnd.nextInt(256));
                }
                long expected = 0;
                for (int i = 0; i < len; i++) {
                    if (b[i] == '\n') {
                        expected++;
                    }
                }
                assertEquals(expected, FileChunks.countNewlines(b, len), "length " + len);
                // In place in a buffer (as in a mapped chunk), whichever the byte order.
                assertEquals(expected, FileChunks.countNewlines(ByteBuffer.wrap(b), len), "length " + len);
                assertEquals(expected, FileChunks.countNewlines(ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN), len),
                        "length " + len);
            }
        }
    }
}
