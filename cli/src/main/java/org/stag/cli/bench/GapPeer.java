package org.stag.cli.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.GapKernel;
import org.stag.loaders.Graph;

/**
 * GAP (the GAP Benchmark Suite, github.com/sbeamer/gapbs) as a peer of {@code stag bench}: runs the kernel
 * binaries of a checkout the user built (each algorithm's descriptor names its kernel and arguments,
 * {@link GapKernel}: {@code bfs}, {@code pr}, {@code cc}, {@code sssp}, {@code bc}, {@code tc}) on the graph written
 * as GAP's edge list, and reads the trial times GAP prints. GAP prints no per-vertex result, so its answers are not
 * compared with stag's; its arguments are those of GAP's own {@code bench.mk} ({@link GapPlan}), from the same
 * sources as stag.
 */
public final class GapPeer {
    private static final Pattern TRIAL = Pattern.compile("^Trial Time:\\s+([0-9.eE+-]+)\\s*$", Pattern.MULTILINE);
    private static final Pattern AVERAGE = Pattern.compile("^Average Time:\\s+([0-9.eE+-]+)\\s*$", Pattern.MULTILINE);

    private final Path dir;

    /** GAP's binaries in {@code dir}, a gapbs checkout after {@code make}. */
    public GapPeer(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** GAP's kernel for {@code a}, as its descriptor names it: bfs, pr, cc (Afforest, for wcc), sssp, bc, tc; none for cdlp and lcc. */
    public static Optional<String> kernel(Algorithm a) {
        return a.descriptor().gap().map(GapKernel::name);
    }

    /** The binary of {@code kernel}. */
    public Path binary(String kernel) {
        return dir.resolve(kernel);
    }

    /**
     * What keeps GAP from running {@code algorithms}: a missing directory or binary, as one line; empty when
     * nothing does.
     */
    public Optional<String> missing(List<Algorithm> algorithms) {
        if (!Files.isDirectory(dir)) {
            return Optional.of("--peer gap=" + dir + ": no such directory (a gapbs checkout built with make)");
        }
        for (Algorithm a : algorithms) {
            Optional<String> k = kernel(a);
            if (k.isPresent() && !Files.isExecutable(binary(k.get()))) {
                return Optional.of("--peer gap=" + dir + ": no executable " + k.get() + " there (run make in " + dir
                        + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * The command line that runs {@code a}'s kernel: {@code KERNEL -f INPUT [-s] [-r SOURCE] ARGUMENTS -n TRIALS}.
     *
     * @param input     the edge list (.el, or .wel for sssp)
     * @param symmetric whether the list holds each undirected edge once; GAP's {@code -s} symmetrises it, as it
     *                  does any input of a kernel that needs an undirected graph ({@link GapKernel#symmetric()})
     * @param source    the source vertex in GAP's numbering (stag's internal id), or null for a kernel without one
     * @param arguments the kernel's other arguments ({@link GapPlan.Args#arguments()})
     * @param trials    GAP's trials ({@code -n})
     */
    public List<String> command(Algorithm a, Path input, boolean symmetric, Integer source, List<String> arguments,
                                int trials) {
        GapKernel k = a.descriptor().gap().orElseThrow(() -> new IllegalArgumentException("GAP has no " + a.id()));
        List<String> cmd = new ArrayList<>(List.of(binary(k.name()).toString(), "-f", input.toString()));
        if (symmetric || k.symmetric()) {
            cmd.add("-s");
        }
        if (source != null) {
            cmd.addAll(List.of("-r", Integer.toString(source)));
        }
        cmd.addAll(arguments);
        cmd.addAll(List.of("-n", Integer.toString(trials)));
        return cmd;
    }

    /** GAP's timings: every trial and the average it printed, in seconds. */
    public record Output(double[] trials, double average) {
        public Output {
            trials = trials.clone();
        }

        @Override
        public double[] trials() {
            return trials.clone();
        }
    }

    /** A GAP run that failed or printed what stag cannot read; the message is one line. */
    public static final class GapException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public GapException(String message) {
            super(message);
        }
    }

    /**
     * Reads the {@code Trial Time:} and {@code Average Time:} lines of a kernel's output.
     *
     * @throws GapException when there is no average, or the number of trials is not {@code trials}
     */
    public static Output parse(String kernel, String text, int trials) {
        Matcher avg = AVERAGE.matcher(text);
        if (!avg.find()) {
            throw new GapException("gap " + kernel + " printed no 'Average Time:' line" + lastLine(text));
        }
        double average = number(kernel, avg.group(1));
        List<Double> times = new ArrayList<>();
        Matcher t = TRIAL.matcher(text);
        while (t.find()) {
            times.add(number(kernel, t.group(1)));
        }
        if (times.size() != trials) {
            throw new GapException("gap " + kernel + " printed " + times.size() + " 'Trial Time:' lines for " + trials
                    + " trials");
        }
        double[] out = new double[times.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = times.get(i);
        }
        return new Output(out, average);
    }

    private static double number(String kernel, String s) {
        try {
            double d = Double.parseDouble(s);
            if (d >= 0 && Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new GapException("gap " + kernel + " printed a time stag cannot read: '" + s + "'");
    }

    private static String lastLine(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return " (it printed nothing)";
        }
        int nl = t.lastIndexOf('\n');
        return "; its last line: " + t.substring(nl + 1).strip();
    }

    /**
     * Runs {@code command} with {@code OMP_NUM_THREADS=threads} and parses its output.
     *
     * @throws GapException when it cannot start, exits with a non-zero status or prints no times
     */
    public Output run(List<String> command, int threads, int trials) {
        String kernel = Path.of(command.get(0)).getFileName().toString();
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("OMP_NUM_THREADS", Integer.toString(threads));
        String text;
        int status;
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            try (InputStream in = p.getInputStream()) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            status = p.waitFor();
        } catch (IOException e) {
            throw new GapException("gap " + kernel + " could not run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GapException("gap " + kernel + " was interrupted");
        }
        if (status != 0) {
            throw new GapException("gap " + kernel + " exited with status " + status + lastLine(text));
        }
        return parse(kernel, text, trials);
    }

    /**
     * Writes {@code g} as GAP's edge list: {@code u v} (or {@code u v w} with {@code weights}) per line, stag's
     * internal ids (0-based, as GAP's). An undirected graph is written with each edge once, for {@code -s}.
     *
     * @throws GapException when {@code weights} and a weight is not a whole number GAP's int weights can hold
     */
    public static void writeEdgeList(Graph g, Path file, boolean weights) throws IOException {
        int n = g.numVertices();
        int[] ptr = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        boolean once = !g.directed();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(48);
            for (int u = 0; u < n; u++) {
                for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                    int v = col[p];
                    if (once && v < u) {
                        continue;
                    }
                    line.setLength(0);
                    line.append(u).append(' ').append(v);
                    if (weights) {
                        double x = w == null ? 1.0 : w[p];
                        if (x != Math.rint(x) || x < 0 || x > Integer.MAX_VALUE) {
                            throw new GapException("GAP's sssp takes whole non-negative weights; edge " + g.ids()
                                    .external(u) + " -> " + g.ids().external(v) + " weighs " + x);
                        }
                        line.append(' ').append((long) x);
                    }
                    out.append(line).append('\n');
                }
            }
        }
    }
}
