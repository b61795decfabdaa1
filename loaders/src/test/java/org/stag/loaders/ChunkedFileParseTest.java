package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.loaders.text.EntryParser;
import org.stag.loaders.text.ParallelParser;

/**
 * The chunked file reader ({@link ParallelParser#parseFile}) gives what the stream reader gives, for every
 * case of the malformed-input corpus and for generated files, whatever the chunk size, the thread count and
 * the byte offset where the data starts: the same entries, or the same first error on the same line.
 */
class ChunkedFileParseTest {
    @TempDir
    Path dir;

    static java.util.stream.Stream<MalformedInputTest.Case> dataCases() {
        return MalformedInputTest.dataCases();
    }

    private MalformedInputTest.Outcome parseFile(String file, byte[] data, long firstLine, EntryParser parser, int threads,
                                                 int chunk, int offset) {
        Path p = dir.resolve("data.txt");
        byte[] withHeader = new byte[offset + data.length];
        Arrays.fill(withHeader, 0, offset, (byte) 'x');
        System.arraycopy(data, 0, withHeader, offset, data.length);
        try {
            Files.write(p, withHeader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ParallelParser pp = new ParallelParser(file, parser, threads, chunk);
        try {
            return new MalformedInputTest.Outcome(0, null, pp.parseFile(p, offset, firstLine, () -> {
                throw new AssertionError("a plain file went through the stream reader");
            }));
        } catch (BadInputException e) {
            assertEquals(file, e.file());
            return new MalformedInputTest.Outcome(e.line(), e.reason(), null);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataCases")
    void corpusCasesGiveTheStreamReadersOutcome(MalformedInputTest.Case c) {
        MalformedInputTest.DataSetup s = MalformedInputTest.dataSetup(c);
        assertNotNull(s);
        MalformedInputTest.Outcome reference = MalformedInputTest.parse(s.file(), s.data(), s.firstLine(), s.parser(), 1, 0);
        for (int threads : new int[] {1, 2, 3}) {
            for (int chunk : new int[] {1, 2, 3, 5, 8, 13, 21, 64, 1 << 20}) {
                MalformedInputTest.Outcome o = parseFile(s.file(), s.data(), s.firstLine(), s.parser(), threads, chunk, chunk % 3);
                MalformedInputTest.assertSameOutcome(reference, o, c + " with " + threads + " threads, chunks of " + chunk);
            }
        }
    }

    @Test
    void generatedFilesGiveIdenticalArraysForEveryChunkSize() {
        for (boolean weighted : new boolean[] {false, true}) {
            List<String> lines = MalformedInputTest.generatedLines(700, weighted);
            EntryParser parser = MalformedInputTest.edgeListParser(weighted);
            for (boolean crlf : new boolean[] {false, true}) {
                for (boolean finalNewline : new boolean[] {false, true}) {
                    byte[] data = MalformedInputTest.join(lines, crlf, finalNewline);
                    MalformedInputTest.Outcome reference = MalformedInputTest.parse("gen.el", data, 1, parser, 1, 0);
                    for (int threads : new int[] {1, 2}) {
                        for (int chunk = 1; chunk <= 40; chunk++) {
                            MalformedInputTest.assertSameOutcome(reference, parseFile("gen.el", data, 1, parser, threads, chunk, 0),
                                    "chunks of " + chunk + " on " + threads + " threads, crlf=" + crlf + ", final newline=" + finalNewline);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theFirstErrorInFileOrderIsReportedWhenSeveralChunksFail() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append(i % 500 == 499 ? "x y\n" : i + " " + (i + 1) + "\n");
        }
        byte[] data = sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int chunk : new int[] {7, 100, 4096}) {
            MalformedInputTest.Outcome o = parseFile("e.el", data, 1, MalformedInputTest.edgeListParser(false), 2, chunk, 0);
            assertEquals(500, o.errorLine(), "chunks of " + chunk);
        }
    }

    @Test
    void aLineLongerThanTheLimitIsReportedAsTheStreamReaderDoes() throws IOException {
        byte[] data = new byte[(16 << 20) + 10];
        Arrays.fill(data, (byte) '7');
        byte[] text = ("1 2\n3 4\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(text, text.length + data.length);
        System.arraycopy(data, 0, all, text.length, data.length);
        Path p = dir.resolve("long.el");
        Files.write(p, all);
        ParallelParser pp = new ParallelParser("long.el", MalformedInputTest.edgeListParser(false), 2, 1 << 20);
        BadInputException e = assertThrows(BadInputException.class,
                () -> pp.parseFile(p, 0, 1, () -> org.stag.loaders.text.InputFiles.open(p)));
        BadInputException viaStream = assertThrows(BadInputException.class,
                () -> pp.parse(new ByteArrayInputStream(all), 1));
        assertEquals(viaStream.getMessage(), e.getMessage());
    }
}
