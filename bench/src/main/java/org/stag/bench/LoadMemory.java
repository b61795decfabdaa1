package org.stag.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.stag.loaders.EdgeList;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Peak heap during a load, measured as the smallest {@code -Xmx} (to 1%) under which a fresh JVM still
 * reads the file, relative to the bytes of the final edge arrays. A GC-independent measure of the
 * loader's peak live memory.
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.stag.bench.LoadMemory [scale] [degree]}.
 */
public final class LoadMemory {
    private LoadMemory() {
    }

    public static void main(String[] args) throws Exception {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int degree = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        System.out.println("| file | threads | final arrays (MB) | smallest -Xmx that loads (MB) | ratio |");
        System.out.println("|---|---|---|---|---|");
        for (String ext : new String[] {"el", "mtx"}) {
            Path file = BenchGraphs.kron(scale, degree, ext);
            for (int threads : new int[] {1, 2}) {
                long finalBytes = Long.parseLong(runOnce(file, threads, 16384).trim());
                long lo = finalBytes / (1 << 20);
                long hi = 16384;
                while (hi - lo > Math.max(8, lo / 100)) {
                    long mid = (lo + hi) / 2;
                    if (runOnce(file, threads, mid) != null) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                System.out.printf(Locale.ROOT, "| %s | %d | %.0f | %d | %.2f |%n", file.getFileName(), threads,
                        finalBytes / 1048576.0, hi, hi * 1048576.0 / finalBytes);
            }
        }
    }

    /** Loads in a child JVM with the given heap; returns its output (final bytes) or null if it ran out. */
    private static String runOnce(Path file, int threads, long heapMb) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heapMb + "m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), Once.class.getName(), file.toString(),
                Integer.toString(threads)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        return p.waitFor() == 0 ? out : null;
    }

    /** Child process: load once and print the final arrays' bytes. */
    public static final class Once {
        private Once() {
        }

        public static void main(String[] args) {
            try {
                EdgeList e = GraphLoader.read(Path.of(args[0]), LoadOptions.defaults().withThreads(Integer.parseInt(args[1])));
                System.out.println(4L * e.size() * 2 + (e.weights() == null ? 0 : 8L * e.size()));
            } catch (OutOfMemoryError oom) {
                System.exit(3);
            }
        }
    }
}
