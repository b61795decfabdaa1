package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.graph.GraphTensor;

/** {@code --format} on info and convert. */
class FormatOptionTest {
    @TempDir
    Path dir;

    static Path karate() {
        return Path.of("..", "data", "karate.mtx");
    }

    static java.util.List<String> formats() {
        java.util.List<String> out = new java.util.ArrayList<>(GraphTensor.shippedFormats());
        out.add("dense,hashed");
        out.add("list,list");
        return out;
    }

    @ParameterizedTest
    @MethodSource("formats")
    void infoReportsTheMemoryOfTheFormat(String format) {
        CliRunner r = CliRunner.run("info", "--format", format, karate().toString());
        assertEquals(0, r.code(), r.err());
        Map<String, String> kv = r.keyValues();
        assertEquals(format, kv.get("in-memory-format"));
        assertTrue(Long.parseLong(kv.get("in-memory-bytes")) > 156 * 4L, kv.toString());
        assertTrue(Double.parseDouble(kv.get("in-memory-bytes-per-edge")) >= 4.0, kv.toString());
    }

    @ParameterizedTest
    @MethodSource("formats")
    void convertThroughAFormatWritesTheSameFile(String format) throws IOException {
        Path direct = dir.resolve("direct.mtx");
        Path through = dir.resolve("through.mtx");
        assertEquals(0, CliRunner.run("convert", karate().toString(), direct.toString()).code());
        CliRunner r = CliRunner.run("convert", "--format", format, karate().toString(), through.toString());
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(direct), Files.readAllBytes(through));
    }

    @Test
    void unknownFormatsAreRefusedBeforeLoading() {
        CliRunner r = CliRunner.run("info", "--format", "dense,nosuch", "no-such-file.mtx");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count());
        assertTrue(r.err().contains("nosuch") && r.err().contains("compressed") && r.err().contains("ctree".equals("") ? "" : "list"), r.err());
    }

    @Test
    void aRectangularMatrixIsNoGraphForAFormat() {
        Path afiro = Datasets.suiteSparse("lp_afiro.mtx");
        CliRunner r = CliRunner.run("info", "--format", "dense,compressed", afiro.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not square: 27 x 51"), r.err());
    }
}
