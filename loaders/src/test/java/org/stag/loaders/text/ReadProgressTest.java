package org.stag.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link InputFiles#open} reports the bytes read to the installed {@link ReadProgress}, up to the file's size. */
class ReadProgressTest {
    @TempDir
    Path dir;

    @Test
    void reportsBytesUpToTheFileSize() throws IOException {
        Path f = dir.resolve("g.el");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            text.append(i).append(' ').append(i + 1).append('\n');
        }
        Files.writeString(f, text, StandardCharsets.US_ASCII);
        long size = Files.size(f);
        List<long[]> seen = new ArrayList<>();
        InputFiles.progress((file, done, total) -> {
            assertEquals(f, file);
            seen.add(new long[] {done, total});
        });
        try (InputStream in = InputFiles.open(f)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        } finally {
            InputFiles.progress(null);
        }
        assertTrue(seen.size() > 1, "several reports for a file larger than one buffer");
        for (int k = 1; k < seen.size(); k++) {
            assertTrue(seen.get(k)[0] > seen.get(k - 1)[0], "bytes read only grow");
        }
        assertEquals(size, seen.get(seen.size() - 1)[0]);
        assertEquals(size, seen.get(0)[1]);
    }

    @Test
    void nothingIsReportedWithoutAListener() throws IOException {
        Path f = dir.resolve("g.el");
        Files.writeString(f, "0 1\n", StandardCharsets.US_ASCII);
        List<Long> seen = new ArrayList<>();
        InputFiles.progress((file, done, total) -> seen.add(done));
        InputFiles.progress(null);
        try (InputStream in = InputFiles.open(f)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        assertEquals(List.of(), seen);
    }
}
