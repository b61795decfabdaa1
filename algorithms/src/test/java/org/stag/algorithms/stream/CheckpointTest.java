package org.stag.algorithms.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.updates.UpdateBatch;

/**
 * {@link Checkpoint}, {@link BatchLog} and {@link DurableFiles}: what a checkpoint holds rebuilds the graph at the
 * version it reached, from its snapshot and log, whatever tail a crash left; a file is whole or absent.
 */
class CheckpointTest {
    @TempDir
    Path dir;

    private static final Map<String, String> ID = Map.of("graph", "g", "format", "dense,ctree", "updates", "u");

    private static UpdateBatch batch(int k) {
        int n = 3;
        byte[] op = new byte[n];
        int[] src = new int[n];
        int[] dst = new int[n];
        double[] w = new double[n];
        long[] line = new long[n];
        for (int i = 0; i < n; i++) {
            op[i] = (k + i) % 4 == 3 ? UpdateBatch.DELETE : UpdateBatch.INSERT;
            src[i] = (k * 3 + i) % 8;
            dst[i] = (k * 5 + 2 * i + 1) % 8;
            w[i] = Double.NaN;
            line[i] = k * n + i + 1;
        }
        return UpdateBatch.of(op, src, dst, w, line, 8, 8);
    }

    /** The edges of the graph's current version, as "u v" strings. */
    private static List<String> edges(DynamicGraph g) {
        List<String> out = new ArrayList<>();
        Graph x;
        try (var s = g.snapshot()) {
            x = s.tensors().toGraph();
        }
        for (int u = 0; u < x.numVertices(); u++) {
            for (int p = x.rowPtr()[u]; p < x.rowPtr()[u + 1]; p++) {
                out.add(u + " " + x.colIdx()[p]);
            }
        }
        return out;
    }

    /** Applies batches 0..k-1 with a checkpoint in {@code cp}; returns the graph. */
    private DynamicGraph stream(Path cp, int k, long snapshotEvery) {
        DynamicGraph g = SnapshotRunnerSkipTest.graph();
        try (Checkpoint c = Checkpoint.open(cp, ID, false, snapshotEvery)) {
            c.replay(g);
            for (int i = 0; i < k; i++) {
                UpdateBatch b = batch(i);
                ApplyResult r = g.apply(b);
                c.applied(b, r, new Checkpoint.Position(r.version(), b.line[b.size() - 1], 3L * (i + 1)));
            }
        }
        return g;
    }

    private Checkpoint.Position resume(Path cp, DynamicGraph[] out) {
        Checkpoint c = Checkpoint.open(cp, ID, true, 4);
        Graph base = c.snapshotGraph(1);
        DynamicGraph g = base == null ? SnapshotRunnerSkipTest.graph()
                : DynamicGraph.resumed(base, GraphTensor.format("dense,ctree"), 1, c.snapshotPosition().version());
        Checkpoint.Position p = c.replay(g);
        c.close();
        out[0] = g;
        return p;
    }

    @Test
    void aResumeRebuildsTheVersionFromTheSnapshotAndTheLog() {
        for (long every : new long[] {1, 4, 100}) {
            Path cp = dir.resolve("cp" + every);
            DynamicGraph live = stream(cp, 10, every);
            DynamicGraph[] back = new DynamicGraph[1];
            Checkpoint.Position p = resume(cp, back);
            assertEquals(new Checkpoint.Position(10, 30, 30), p);
            assertEquals(10, back[0].version());
            assertEquals(edges(live), edges(back[0]), "snapshot every " + every);
        }
    }

    @Test
    void aTornTailIsCutOffAndAppendingGoesOnAfterTheLastWholeRecord() throws IOException {
        Path cp = dir.resolve("cp");
        stream(cp, 5, 100);
        Path log = cp.resolve("log-v0.bin");
        long whole = Files.size(log);
        Files.write(log, new byte[] {1, 2, 3, 4, 5}, StandardOpenOption.APPEND);
        Checkpoint c = Checkpoint.open(cp, ID, true, 100);
        DynamicGraph g = SnapshotRunnerSkipTest.graph();
        assertEquals(5, c.replay(g).version());
        assertEquals(5, c.tornBytes());
        assertEquals(whole, Files.size(log));
        UpdateBatch b = batch(5);
        ApplyResult r = g.apply(b);
        c.applied(b, r, new Checkpoint.Position(6, 18, 18));
        c.close();
        DynamicGraph[] back = new DynamicGraph[1];
        assertEquals(6, resume(cp, back).version());
        assertEquals(edges(g), edges(back[0]));
    }

    @Test
    void everyCutOfTheLastRecordLeavesTheVersionsBeforeIt() throws IOException {
        Path cp = dir.resolve("cp");
        stream(cp, 3, 100);
        Path log = cp.resolve("log-v0.bin");
        byte[] all = Files.readAllBytes(log);
        int record = all.length / 3;
        for (int cut = 1; cut < record; cut += 7) {
            Files.write(log, java.util.Arrays.copyOf(all, all.length - cut));
            List<Long> versions = new ArrayList<>();
            BatchLog.End end = BatchLog.read(log, e -> versions.add(e.version()));
            assertEquals(List.of(1L, 2L), versions, "cut " + cut);
            assertEquals(record - cut, end.tornBytes());
        }
    }

    @Test
    void aNewCheckpointRefusesADirectoryThatHoldsOne() {
        Path cp = dir.resolve("cp");
        stream(cp, 1, 100);
        BadInputException e = assertThrows(BadInputException.class, () -> Checkpoint.open(cp, ID, false, 100));
        assertTrue(e.getMessage().contains("add --resume"), e.getMessage());
        assertThrows(BadInputException.class, () -> Checkpoint.open(dir.resolve("none"), ID, true, 100));
        assertThrows(BadInputException.class, () -> Checkpoint.open(cp, Map.of("graph", "other"), true, 100));
    }

    @Test
    void aFileIsWholeOrItsOldSelf() throws IOException {
        Path f = dir.resolve("r.txt");
        DurableFiles.replace(f, t -> Files.writeString(t, "old"));
        IOException boom = assertThrows(IOException.class, () -> DurableFiles.replace(f, t -> {
            Files.writeString(t, "half");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", boom.getMessage());
        assertEquals("old", Files.readString(f));
        try (Stream<Path> s = Files.list(dir)) {
            assertFalse(s.anyMatch(p -> DurableFiles.isTemporary(p.getFileName().toString())));
        }
        // A leftover of a process that is gone is removed; the file stays.
        Path left = dir.resolve(DurableFiles.TEMP_PREFIX + Integer.MAX_VALUE + "-1-r.txt");
        Files.writeString(left, "ha");
        DurableFiles.removeLeftovers(dir);
        assertFalse(Files.exists(left));
        assertEquals("old", Files.readString(f));
    }
}
