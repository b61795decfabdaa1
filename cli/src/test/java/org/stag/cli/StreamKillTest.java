package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Must-show: a stream with {@code --checkpoint}, fed through a slow pipe, is killed with SIGKILL at batches chosen by
 * a fixed seed, three times, and each time resumed with {@code --resume}, the producer replaying from the line the
 * resumed stream names. After every kill each result file is whole (equal to the uninterrupted run's file of that
 * name), every batch line printed was durable, and at the end the results equal an uninterrupted run's. The stream
 * runs in a JVM of its own, killed for real.
 */
class StreamKillTest {
    static final Path GRAPH = Path.of("..", "data", "ca-GrQc.mtx");
    static final int VERTICES = 5242;
    static final int BATCH = 200;
    static final int BATCHES = 30;
    private static final Pattern RESUMED = Pattern.compile("resuming at version (\\d+): .* send the lines after line (\\d+)");

    @TempDir
    Path dir;

    /** Inserts among the graph's vertices, and deletes of edges inserted a little before (so components split). */
    static List<String> updates(long seed) {
        Random r = new Random(seed);
        List<String> lines = new ArrayList<>();
        List<String> inserted = new ArrayList<>();
        for (int i = 0; i < BATCH * BATCHES; i++) {
            if (!inserted.isEmpty() && r.nextInt(6) == 0) {
                lines.add("- " + inserted.remove(r.nextInt(inserted.size())));
            } else {
                String e = (1 + r.nextInt(VERTICES)) + " " + (1 + r.nextInt(VERTICES));
                inserted.add(e);
                lines.add("+ " + e);
            }
        }
        return lines;
    }

    private List<String> args(Path out, Path checkpoint) {
        return new ArrayList<>(List.of("stream", "--graph", GRAPH.toString(), "--batch-size", Integer.toString(BATCH),
                "--every", "3", "--if-busy", "queue", "--run", "wcc,bfs", "--source", "1", "--output-dir",
                out.toString(), "--threads", "1", "--flush-ms", "0", "--checkpoint", checkpoint.toString(),
                "--snapshot-every", "4"));
    }

    private Process start(List<String> args, int round) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path")));
        String cache = System.getProperty(KernelCacheOptions.DIR_PROPERTY);
        if (cache != null) {
            cmd.add("-D" + KernelCacheOptions.DIR_PROPERTY + "=" + cache);
        }
        cmd.add(Stag.class.getName());
        cmd.addAll(args);
        cmd.addAll(List.of("--updates", "-"));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("stdout" + round).toFile())
                .redirectError(dir.resolve("stderr" + round).toFile()).start();
    }

    /** Writes {@code lines[from..]} into the process's standard input, a few at a time: a slow producer. */
    private static Thread feed(Process p, List<String> lines, int from) {
        Thread t = new Thread(() -> {
            try (OutputStream in = p.getOutputStream()) {
                for (int i = from; i < lines.size(); i++) {
                    in.write((lines.get(i) + "\n").getBytes(StandardCharsets.US_ASCII));
                    if (i % 20 == 19) {
                        in.flush();
                        Thread.sleep(10);
                    }
                }
            } catch (IOException | InterruptedException e) {
                // Killed: the pipe is gone.
            }
        }, "slow-producer");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private String read(String name) throws IOException {
        Path f = dir.resolve(name);
        return Files.exists(f) ? Files.readString(f) : "";
    }

    /** Batch lines printed so far. */
    private long batchLines(int round) throws IOException {
        return read("stdout" + round).lines().filter(l -> l.startsWith("batch ")).count();
    }

    /** Waits for the resumed stream's line saying where to replay from: {version, line}. */
    private long[] resumedAt(Process p, int round) throws Exception {
        for (int i = 0; i < 1200; i++) {
            Matcher m = RESUMED.matcher(read("stderr" + round));
            if (m.find()) {
                return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
            }
            assertTrue(p.isAlive(), "ended: " + read("stderr" + round));
            Thread.sleep(25);
        }
        throw new AssertionError("no resume line: " + read("stderr" + round));
    }

    /** Every result file in {@code out} equals the reference's of that name (whole, not torn); temporary files are hidden. */
    private static int checkWhole(Path out, Path reference) throws IOException {
        int files = 0;
        if (!Files.exists(out)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(out)) {
            for (Path f : s.toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith(".tmp-")) {
                    continue;
                }
                Path ref = reference.resolve(name);
                assertTrue(Files.exists(ref), "no such result in the uninterrupted run: " + name);
                assertArrayEquals(Files.readAllBytes(ref), Files.readAllBytes(f), name + " is torn or differs");
                files++;
            }
        }
        return files;
    }

    @Test
    void killedThreeTimesAndResumedGivesTheUninterruptedResults() throws Exception {
        List<String> lines = updates(30);
        Path file = dir.resolve("updates.txt");
        Files.write(file, lines);
        Path reference = dir.resolve("reference");
        List<String> refArgs = new ArrayList<>(List.of("stream", "--graph", GRAPH.toString(), "--batch-size",
                Integer.toString(BATCH), "--every", "3", "--if-busy", "queue", "--run", "wcc,bfs", "--source", "1",
                "--output-dir", reference.toString(), "--threads", "1", "--updates", file.toString()));
        CliRunner ref = CliRunner.run(refArgs.toArray(String[]::new));
        assertEquals(0, ref.code(), ref.err());

        Path out = dir.resolve("out");
        Path checkpoint = dir.resolve("cp");
        Random seeds = new Random(30);
        TreeSet<Integer> kills = new TreeSet<>();
        while (kills.size() < 3) {
            kills.add(2 + seeds.nextInt(BATCHES - 4));
        }
        long replayFrom = 0;
        long startVersion = 0;
        long durable = 0;
        int round = 0;
        for (int killAt : kills) {
            List<String> a = args(out, checkpoint);
            if (round > 0) {
                a.add("--resume");
            }
            Process p = start(a, round);
            try {
                if (round > 0) {
                    long[] at = resumedAt(p, round);
                    assertTrue(at[0] >= durable, "resumed at version " + at[0] + " before durable " + durable);
                    startVersion = at[0];
                    replayFrom = at[1];
                }
                feed(p, lines, (int) replayFrom);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                // Kill once the batch lines reach killAt (counting those printed before this round).
                while (startVersion + batchLines(round) < killAt) {
                    assertTrue(p.isAlive(), "ended early: " + read("stderr" + round));
                    assertTrue(System.nanoTime() < deadline, "no batch " + killAt + ": " + read("stdout" + round));
                    Thread.sleep(5);
                }
                assertEquals(0, new ProcessBuilder("kill", "-KILL", Long.toString(p.pid())).start().waitFor());
                assertTrue(p.waitFor(30, TimeUnit.SECONDS));
                assertEquals(137, p.exitValue());
            } finally {
                p.destroyForcibly();
            }
            durable = startVersion + batchLines(round);
            assertTrue(durable < BATCHES, "the kill came after the last batch");
            checkWhole(out, reference);
            round++;
        }

        Process p = start(new ArrayList<>(args(out, checkpoint)) {{ add("--resume"); }}, round);
        long[] at = resumedAt(p, round);
        assertTrue(at[0] >= durable, "resumed at version " + at[0] + ", but " + durable + " batches were printed");
        feed(p, lines, (int) at[1]).join(60_000);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), read("stderr" + round));
        assertEquals(0, p.exitValue(), read("stderr" + round));
        // Every batch was applied once: the resumed stream printed the batches after its version, up to the last.
        List<String> batches = read("stdout" + round).lines().filter(l -> l.startsWith("batch ")).toList();
        assertEquals(BATCHES - at[0], batches.size(), batches.toString());
        assertTrue(batches.get(batches.size() - 1).startsWith("batch version=" + BATCHES + " "), batches.toString());
        checkWhole(out, reference);
        for (String algo : List.of("wcc", "bfs")) {
            Path last = out.resolve(algo + "-v" + BATCHES + ".txt");
            assertTrue(Files.exists(last), last.toString());
            assertArrayEquals(Files.readAllBytes(reference.resolve(algo + "-v" + BATCHES + ".txt")), Files.readAllBytes(last));
        }
        assertTrue(ref.err().contains("edges "), ref.err());
        String summary = read("stderr" + round);
        String edges = ref.err().lines().filter(l -> l.startsWith("edges ")).findFirst().orElseThrow();
        assertTrue(summary.lines().anyMatch(edges::equals), edges + " vs " + summary);
    }
}
