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
 * Issue 30's command-line defects on the loaders' side: a format that cannot hold the graph is a usage error
 * before work (defect 6), a run that cannot fit is refused at once with the figure (defect 7), an edge list
 * written both ways gets a note (item 5), and I/O failures read as reasons, not JVM text (defect 11).
 */
class NewcomerDefectsTest {
    @TempDir
    Path dir;

    private static void oneLine(CliRunner r, int code) {
        assertEquals(code, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: "), r.err());
        FuzzRule.assertNoTrace("stderr", r.err());
    }

    @Test
    void aDenseSecondLevelTooLargeIsAUsageErrorBeforeWork() throws IOException {
        Path g = dir.resolve("x.el");
        Files.writeString(g, "0 1\n65535 0\n");
        for (String[] args : new String[][] {{"run", "wcc", "--graph", g.toString(), "--format", "dense,dense"},
            {"info", g.toString(), "--format", "dense,dense"}, {"info", g.toString(), "--format", "bitmap,bitmap"},
            {"convert", g.toString(), dir.resolve("o.mtx").toString(), "--format", "dense,dense"}}) {
            CliRunner r = CliRunner.run(args);
            oneLine(r, Stag.BAD_INPUT);
            assertTrue(r.err().contains("would need 4294967296 positions"), r.err());
            assertTrue(r.out().isEmpty(), "nothing printed before the refusal: " + r.out());
        }
        assertFalse(Files.exists(dir.resolve("o.mtx")));
    }

    /**
     * A 90-byte file that declares many vertices: the load fits (its rows are not allocated, about 8 bytes a
     * vertex are estimated), but a run's row offsets and vectors cannot (wcc's are over 40 bytes a vertex).
     * The count is a twentieth of the heap in vertices, so the same holds on any machine.
     */
    @Test
    void aRunThatCannotFitIsRefusedAtOnceWithTheFigure() throws IOException {
        long n = Math.min(Integer.MAX_VALUE - 8L, Runtime.getRuntime().maxMemory() / 20);
        Path g = dir.resolve("huge.mtx");
        Files.writeString(g, "%%MatrixMarket matrix coordinate pattern general\n" + n + " " + n + " 5\n1 2\n2 3\n3 4\n4 5\n5 1\n");
        CliRunner info = CliRunner.run("info", g.toString());
        assertEquals(Stag.OK, info.code(), "the load itself fits: " + info.err());
        long t0 = System.nanoTime();
        CliRunner r = CliRunner.run("run", "wcc", "--graph", g.toString());
        double seconds = (System.nanoTime() - t0) / 1e9;
        oneLine(r, Stag.BAD_INPUT);
        assertTrue(r.err().contains("needs about") && r.err().contains("the run's vectors"), r.err());
        assertTrue(seconds < 20, "refused after " + seconds + " s");
    }

    @Test
    void anEdgeListWrittenBothWaysGetsANote() throws IOException {
        Path both = dir.resolve("both.el");
        Files.writeString(both, "0 1\n1 0\n1 2\n2 1\n");
        CliRunner r = CliRunner.run("info", both.toString());
        assertEquals(Stag.OK, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: note: " + both + ": every edge is listed in both directions"), r.err());
        assertEquals("", CliRunner.run("info", both.toString(), "--undirected").err());
        assertEquals("", CliRunner.run("info", both.toString(), "--directed").err());
        Path oneWay = dir.resolve("one.el");
        Files.writeString(oneWay, "0 1\n1 2\n");
        assertEquals("", CliRunner.run("info", oneWay.toString()).err());
    }

    @Test
    void inputFailuresReadAsReasons() throws IOException {
        oneLine(CliRunner.run("info", dir.resolve("missing.mtx").toString()), Stag.BAD_INPUT);
        Path folder = Files.createDirectory(dir.resolve("folder.mtx"));
        CliRunner d = CliRunner.run("info", folder.toString());
        oneLine(d, Stag.BAD_INPUT);
        assertTrue(d.err().contains("is a directory"), d.err());
        Path bin = Files.createDirectory(dir.resolve("folder.stagb"));
        oneLine(CliRunner.run("info", bin.toString()), Stag.BAD_INPUT);
    }

    @Test
    void outputFailuresReadAsReasons() throws IOException {
        Path g = dir.resolve("g.el");
        Files.writeString(g, "0 1\n");
        for (String out : new String[] {"no/such/dir/o.mtx", "no/such/dir/o.stagb"}) {
            CliRunner r = CliRunner.run("convert", g.toString(), dir.resolve(out).toString());
            oneLine(r, Stag.BAD_INPUT);
            assertTrue(r.err().contains("no such file or directory"), r.err());
        }
        Path folder = Files.createDirectory(dir.resolve("out.stagb"));
        CliRunner r = CliRunner.run("convert", g.toString(), folder.toString());
        oneLine(r, Stag.BAD_INPUT);
        assertTrue(r.err().contains("is a directory"), r.err());
    }

    @Test
    void aNamedPipeIsReadAsAStream() throws IOException, InterruptedException {
        Path fifo = dir.resolve("pipe.mtx");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mk.waitFor());
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(fifo, "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        CliRunner r = CliRunner.run("info", fifo.toString());
        writer.join(10_000);
        assertEquals(Stag.OK, r.code(), r.err());
        assertTrue(r.out().contains("edges 2"), r.out());
    }
}
