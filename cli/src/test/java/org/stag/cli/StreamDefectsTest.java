package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30's defects of streams and SSSP's delta, through the command line: weights on updates of an unweighted
 * graph, a Matrix Market file as updates and an update file a result would overwrite are refused (defect 8);
 * delta must be a usable bucket width and a default delta never overflows (defect 9).
 */
class StreamDefectsTest {
    @TempDir
    Path dir;

    private static void oneLine(CliRunner r) {
        assertEquals(Stag.BAD_INPUT, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: "), r.err());
        FuzzRule.assertNoTrace("stderr", r.err());
    }

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void aWeightOnAnUpdateOfAnUnweightedGraphIsRefusedAtItsLine() throws IOException {
        Path u = file("u.txt", "+ 1 3\n+ 1 2 -5\n");
        for (String run : new String[] {"sssp", "wcc"}) {
            CliRunner r = CliRunner.run("stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates", u.toString(),
                    "--run", run, "--source", "1", "--output-dir", dir.resolve("o-" + run).toString());
            if (run.equals("wcc")) {
                // --source is sssp's; wcc does not take it.
                r = CliRunner.run("stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates", u.toString(),
                        "--run", run, "--output-dir", dir.resolve("o-" + run).toString());
            }
            oneLine(r);
            assertTrue(r.err().startsWith("stag: " + u + ":2: weight -5 on an update, but "), r.err());
            assertTrue(r.err().contains("has no weights"), r.err());
        }
    }

    @Test
    void aMatrixMarketFileIsNotAnUpdateStream() throws IOException {
        Path mtx = file("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n34 34 1\n1 2\n");
        Path renamed = file("g.txt", Files.readString(mtx));
        for (Path u : new Path[] {mtx, renamed}) {
            CliRunner r = CliRunner.run("stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates", u.toString());
            oneLine(r);
            assertTrue(r.err().contains("is a Matrix Market file"), r.err());
            assertFalse(r.out().contains("batch "), r.out());
        }
    }

    @Test
    void anUpdateFileUnderAResultsNameIsRefusedBeforeItIsOverwritten() throws IOException {
        Path out = Files.createDirectory(dir.resolve("out"));
        String text = "+ 1 3\n+ 2 5\n";
        Path u = file("out/wcc-v1.txt", text);
        CliRunner r = CliRunner.run("stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates", u.toString(),
                "--run", "wcc", "--output-dir", out.toString());
        oneLine(r);
        assertTrue(r.err().contains("under the name of a result of wcc"), r.err());
        assertEquals(text, Files.readString(u));
        // Another name in the same directory is fine.
        Path ok = file("out/updates.txt", text);
        CliRunner fine = CliRunner.run("stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates", ok.toString(),
                "--run", "wcc", "--output-dir", out.toString());
        assertEquals(0, fine.code(), fine.err());
    }

    @Test
    void ssspRefusesABucketWidthItCannotUse() {
        for (String delta : new String[] {"0", "-1", "1e-300", "NaN", "Infinity", "-0.0"}) {
            CliRunner r = CliRunner.run("run", "sssp", "--graph", StreamCommandTest.KARATE.toString(), "--source", "1",
                    "--param", "delta=" + delta);
            oneLine(r);
            assertTrue(r.err().startsWith("stag: --param delta=" + delta + ": the bucket width must be"), r.err());
        }
        CliRunner ok = CliRunner.run("run", "sssp", "--graph", StreamCommandTest.KARATE.toString(), "--source", "1",
                "--param", "delta=0.5");
        assertEquals(0, ok.code(), ok.err());
    }

    @Test
    void aMeanWeightThatOverflowsIsNoDeltaTheUserGave() throws IOException {
        Path g = file("big.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1e308\n2 3 1.7e308\n1 3 1.5e308\n");
        CliRunner r = CliRunner.run("run", "sssp", "--graph", g.toString(), "--source", "1");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("Infinity") || r.err().contains("--param"), r.err());
        assertTrue(r.out().contains("1.5E308") || r.out().contains("1.5e308"), r.out());
    }
}
