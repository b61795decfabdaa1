package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.Graph;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.LoadOptions;

/**
 * {@code stag stream --checkpoint DIR [--resume]} and {@code --save-graph} in-process: a stream stopped part way
 * (its checkpoint holding the batches of a shorter input, a torn or corrupt last record) resumes and ends with the
 * results of a stream that never stopped; the options' misuses are one line and exit 2.
 */
class StreamCheckpointTest {
    @TempDir
    Path dir;

    private static List<String> updates(int n) {
        List<String> lines = new ArrayList<>();
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < n; i++) {
            int u = 1 + r.nextInt(40);
            int v = 1 + r.nextInt(40);
            lines.add((r.nextInt(5) == 0 ? "- " : "+ ") + u + " " + v);
        }
        return lines;
    }

    private CliRunner stream(Path updates, Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("stream", "--graph", StreamCommandTest.KARATE.toString(), "--updates",
                updates.toString(), "--batch-size", "25", "--run", "wcc", "--if-busy", "queue", "--output-dir", out.toString(),
                "--threads", "1"));
        a.addAll(List.of(more));
        return CliRunner.run(a.toArray(String[]::new));
    }

    private static String edges(CliRunner r) {
        return r.err().lines().filter(l -> l.startsWith("edges ")).findFirst().orElseThrow(() -> new AssertionError(r.err()));
    }

    private static Path lastSegment(Path cp) throws IOException {
        try (Stream<Path> s = Files.list(cp)) {
            return s.filter(f -> f.getFileName().toString().startsWith("log-v")).max(Path::compareTo).orElseThrow();
        }
    }

    /** Streams the first {@code prefix} lines with a checkpoint, then all of them with --resume. */
    private CliRunner interruptedAt(int prefix, List<String> all, Path u, Path cp, Path out, java.util.function.Consumer<Path> damage)
            throws IOException {
        Files.write(u, all.subList(0, prefix));
        CliRunner first = stream(u, out, "--checkpoint", cp.toString(), "--snapshot-every", "3");
        assertEquals(0, first.code(), first.err());
        damage.accept(cp);
        Files.write(u, all);
        return stream(u, out, "--checkpoint", cp.toString(), "--resume");
    }

    /** The stream of {@code all} that never stopped, its results in {@code ref}. */
    private CliRunner uninterrupted(List<String> all) throws IOException {
        Path whole = dir.resolve("whole.txt");
        Files.write(whole, all);
        CliRunner ref = stream(whole, dir.resolve("ref"));
        assertEquals(0, ref.code(), ref.err());
        return ref;
    }

    @Test
    void aResumedFileSkipsWhatWasAppliedAndEndsAsAStreamThatNeverStopped() throws IOException {
        List<String> all = updates(300);
        CliRunner ref = uninterrupted(all);

        Path u = dir.resolve("u.txt");
        CliRunner resumed = interruptedAt(200, all, u, dir.resolve("cp"), dir.resolve("out"), cp -> { });
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.err().contains("stag: resuming at version 8: the first 200 updates (200 lines) of " + u
                + " were applied before and are skipped"), resumed.err());
        // The first batch line is version 9 (a run due at version 8, printed by the runner thread, may come first).
        String firstBatch = resumed.out().lines().filter(l -> l.startsWith("batch ")).findFirst().orElse("");
        assertTrue(firstBatch.startsWith("batch version=9 updates=25 "), resumed.out());
        assertEquals(edges(ref), edges(resumed));
        assertArrayEquals(Files.readAllBytes(dir.resolve("ref").resolve("wcc-v12.txt")),
                Files.readAllBytes(dir.resolve("out").resolve("wcc-v12.txt")));
    }

    @Test
    void aTornOrCorruptLastRecordIsDroppedAndItsBatchAppliedAgain() throws IOException {
        List<String> all = updates(300);
        CliRunner ref = uninterrupted(all);
        for (String how : new String[] {"torn", "corrupt"}) {
            Path u = dir.resolve(how + ".txt");
            CliRunner r = interruptedAt(200, all, u, dir.resolve("cp-" + how), dir.resolve("out-" + how), cp -> {
                try {
                    Path log = lastSegment(cp);
                    if (how.equals("torn")) {
                        // Half a record: a batch whose write the crash cut short.
                        Files.write(log, new byte[] {0x53, 0x54, 0x47, 0x42, 0, 0, 1}, StandardOpenOption.APPEND);
                    } else {
                        byte[] b = Files.readAllBytes(log);
                        b[b.length - 3] ^= 0x5a;
                        Files.write(log, b);
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().contains("bytes of the log, a batch that was not durable"), r.err());
            // The corrupt record was version 8's: it is applied again from the file.
            assertTrue(r.err().contains("resuming at version " + (how.equals("torn") ? 8 : 7) + ":"), r.err());
            assertEquals(edges(ref), edges(r));
            assertArrayEquals(Files.readAllBytes(dir.resolve("ref").resolve("wcc-v12.txt")),
                    Files.readAllBytes(dir.resolve("out-" + how).resolve("wcc-v12.txt")));
        }
    }

    @Test
    void misusesAreOneLineAndExit2() throws IOException {
        Path u = dir.resolve("u.txt");
        Files.write(u, updates(30));
        Path cp = dir.resolve("cp");
        List<String[]> bad = new ArrayList<>();
        bad.add(new String[] {"--resume"});
        bad.add(new String[] {"--snapshot-every", "3"});
        bad.add(new String[] {"--save-every", "3"});
        bad.add(new String[] {"--checkpoint", cp.toString(), "--snapshot-every", "0"});
        bad.add(new String[] {"--checkpoint", dir.resolve("none").toString(), "--resume"});
        for (String[] more : bad) {
            CliRunner r = stream(u, dir.resolve("out"), more);
            assertEquals(Stag.BAD_INPUT, r.code(), String.join(" ", more) + ": " + r.err());
            assertTrue(r.err().startsWith("stag: "), r.err());
            FuzzRule.assertNoTrace("stderr", r.err());
        }
        assertEquals(0, stream(u, dir.resolve("out"), "--checkpoint", cp.toString()).code());
        CliRunner again = stream(u, dir.resolve("out"), "--checkpoint", cp.toString());
        assertEquals(Stag.BAD_INPUT, again.code(), again.err());
        assertEquals(1, again.err().lines().count(), again.err());
        assertTrue(again.err().contains("holds the checkpoint of a stream already: add --resume"), again.err());
        CliRunner other = CliRunner.run("stream", "--graph", Path.of("..", "data", "ca-GrQc.mtx").toString(), "--updates",
                u.toString(), "--checkpoint", cp.toString(), "--resume");
        assertEquals(Stag.BAD_INPUT, other.code(), other.err());
        assertEquals(1, other.err().lines().count(), other.err());
        assertTrue(other.err().contains("the checkpoint is of a stream with graph "), other.err());
    }

    @Test
    void saveGraphWritesTheLastVersionAsStagbOrMtx() throws IOException {
        Path u = dir.resolve("u.txt");
        Files.write(u, updates(100));
        for (String name : new String[] {"g.stagb", "g.mtx"}) {
            Path saved = dir.resolve(name);
            CliRunner r = stream(u, dir.resolve("out"), "--save-graph", saved.toString(), "--save-every", "2");
            assertEquals(0, r.code(), r.err());
            Graph g = GraphLoader.load(saved, LoadOptions.defaults());
            assertEquals(edges(r), "edges " + g.numEdges(), name);
            try (Stream<Path> s = Files.list(dir)) {
                assertFalse(s.anyMatch(f -> f.getFileName().toString().startsWith(".tmp-")), "a temporary file is left");
            }
        }
        CliRunner same = stream(u, dir.resolve("out"), "--save-graph", u.toString());
        assertEquals(Stag.BAD_INPUT, same.code(), same.err());
    }
}
