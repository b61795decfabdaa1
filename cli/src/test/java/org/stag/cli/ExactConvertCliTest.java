package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stag convert --format F} writes every edge with its exact value (issue 30, item 1 and defect 2): an edge
 * whose duplicates sum to {@code +inf} stays, and int64 values at the ends of the range come back digit for digit,
 * whatever F holds them.
 */
class ExactConvertCliTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "dense,compressed", "dense,dense", "dense,hashed", "dense,ctree", "bst,ctree"})
    void anEdgeWhoseDuplicatesSumToInfinityIsWritten(String format) throws IOException {
        Path in = dir.resolve("inf.mtx");
        Files.writeString(in, "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1e308\n1 2 1e308\n2 3 -0.0\n");
        Path out = dir.resolve("out.mtx");
        CliRunner r = format.isEmpty() ? CliRunner.run("convert", in.toString(), out.toString())
                : CliRunner.run("convert", in.toString(), out.toString(), "--format", format);
        assertEquals(Stag.OK, r.code(), r.err());
        assertTrue(r.err().contains(" 2 edges"), r.err());
        List<String> lines = Files.readAllLines(out);
        assertTrue(lines.contains("3 3 2"), String.join("\n", lines));
        assertTrue(lines.contains("1 2 inf") || lines.contains("1 2 Infinity"), String.join("\n", lines));
        assertTrue(lines.contains("2 3 -0.0") || lines.contains("2 3 -0"), String.join("\n", lines));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,dense", "dense,ctree", "dense,list"})
    void int64ExtremesAreWrittenDigitForDigit(String format) throws IOException {
        Path in = dir.resolve("big.mtx");
        Files.writeString(in, "%%MatrixMarket matrix coordinate integer general\n3 3 3\n"
                + "1 2 9223372036854775807\n2 3 -9223372036854775808\n3 1 9007199254740993\n");
        Path out = dir.resolve("out.mtx");
        CliRunner r = CliRunner.run("convert", in.toString(), out.toString(), "--format", format);
        assertEquals(Stag.OK, r.code(), r.err());
        List<String> lines = Files.readAllLines(out);
        assertTrue(lines.contains("1 2 9223372036854775807"), String.join("\n", lines));
        assertTrue(lines.contains("2 3 -9223372036854775808"), String.join("\n", lines));
        assertTrue(lines.contains("3 1 9007199254740993"), String.join("\n", lines));
    }
}
