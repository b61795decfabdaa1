package org.stag.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time newline count equals a byte-by-byte count, for every byte value and every length. */
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
            }
        }
    }
}
