package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.binary.BinaryCorruptions;

/** {@code convert} to {@code .stagb}, and {@code info}, {@code run}, {@code compare} and {@code convert} on it and on {@code -}. */
class BinaryAndStdinCliTest {
    private static final String KARATE = "../data/karate.mtx";

    @TempDir
    Path dir;

    private static CliRunner withStdin(byte[] bytes, String... args) {
        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(bytes));
        try {
            return CliRunner.run(args);
        } finally {
            System.setIn(saved);
        }
    }

    private Path binaryKarate() {
        Path p = dir.resolve("karate.stagb");
        CliRunner c = CliRunner.run("convert", KARATE, p.toString());
        assertEquals(0, c.code(), c.err());
        return p;
    }

    private static Map<String, String> withoutTimes(Map<String, String> kv) {
        kv.remove("load-seconds");
        kv.remove("parse-seconds");
        kv.remove("graph-build-seconds");
        kv.remove("file");
        kv.remove("format");
        return kv;
    }

    @Test
    void infoOnBinaryAndOnStandardInputMatchesTheTextFile() throws IOException {
        Map<String, String> text = CliRunner.run("info", KARATE).keyValues();
        // A file's load is reported whole and apart, read and build, as GAP's converter reports them.
        double load = Double.parseDouble(text.get("load-seconds"));
        double parse = Double.parseDouble(text.get("parse-seconds"));
        double build = Double.parseDouble(text.get("graph-build-seconds"));
        assertTrue(parse >= 0 && build >= 0 && parse + build <= load + 0.0015, text.toString());
        Path bin = binaryKarate();
        CliRunner b = CliRunner.run("info", bin.toString());
        assertEquals(0, b.code(), b.err());
        assertEquals("stagb", b.keyValues().get("format"));
        assertEquals("0.000", b.keyValues().get("graph-build-seconds"), "a binary file holds the built graph");
        assertEquals(withoutTimes(text), withoutTimes(b.keyValues()));
        CliRunner s = withStdin(Files.readAllBytes(Path.of(KARATE)), "info", "-");
        assertEquals(0, s.code(), s.err());
        assertEquals("-", s.keyValues().get("file"));
        assertEquals("mtx", s.keyValues().get("format"));
        assertEquals(withoutTimes(text), withoutTimes(s.keyValues()));
        CliRunner sb = withStdin(Files.readAllBytes(bin), "info", "-");
        assertEquals("stagb", sb.keyValues().get("format"));
        assertEquals(withoutTimes(text), withoutTimes(sb.keyValues()));
    }

    @Test
    void runAndCompareLoadTheBinaryFile() {
        Path bin = binaryKarate();
        CliRunner fromText = CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "1");
        CliRunner fromBinary = CliRunner.run("run", "bfs", "--graph", bin.toString(), "--source", "1");
        assertEquals(0, fromBinary.code(), fromBinary.err());
        assertEquals(fromText.out(), fromBinary.out());
        CliRunner cmp = CliRunner.run("compare", "wcc", "--graph", bin.toString(), "--reference", "handwritten");
        assertEquals(0, cmp.code(), cmp.err());
    }

    @Test
    void convertReadsStandardInput() throws IOException {
        byte[] el = "0 1\n1 2\n2 0\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Path out = dir.resolve("t.stagb");
        CliRunner c = withStdin(el, "convert", "-", out.toString(), "--input-format", "el");
        assertEquals(0, c.code(), c.err());
        CliRunner i = CliRunner.run("info", out.toString());
        assertEquals("3", i.keyValues().get("vertices"));
        assertEquals("true", i.keyValues().get("directed"));
        CliRunner r = withStdin(Files.readAllBytes(out), "run", "bfs", "--graph", "-", "--source", "0");
        assertEquals(0, r.code(), r.err());
        assertEquals("0 0\n1 1\n2 2\n", r.out().replace("\r", ""));
    }

    @Test
    void unnamedEdgeListOnStandardInputIsAUsageProblem() {
        CliRunner c = withStdin("0 1\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII), "info", "-");
        assertEquals(2, c.code());
        assertEquals("stag: <stdin>: cannot tell the format of standard input (no %%MatrixMarket banner, not a stag "
                + "binary graph); name it with --input-format mtx, el, wel, snap or stagb\n", c.err().replace("\r", ""));
    }

    @Test
    void everyCorruptBinaryFileIsOneLineAndExitTwo() throws IOException {
        byte[] good = Files.readAllBytes(binaryKarate());
        int n = 0;
        for (BinaryCorruptions.Corruption v : BinaryCorruptions.variants(good)) {
            Path p = dir.resolve("bad.stagb");
            Files.write(p, v.bytes());
            CliRunner c = CliRunner.run("info", p.toString());
            assertEquals(2, c.code(), v.name() + ": " + c.err());
            String err = c.err().replace("\r", "");
            assertTrue(err.startsWith("stag: " + p + ": ") && err.indexOf('\n') == err.length() - 1, v.name() + ": " + err);
            n++;
        }
        assertTrue(n > 40, "only " + n + " variants");
    }
}
