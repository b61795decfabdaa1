package org.stag.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * BFS from vertex 1, level by level, on one line: the median and minimum milliseconds of each level over
 * {@code runs} runs after five warm-up runs, and of the whole run's {@code run-seconds}. The same timing as
 * {@link IterationCost}'s BFS table (level 1 includes Main's set-up), without its other sections, so that two
 * engines can be alternated quickly on a loaded machine:
 *
 * <pre>java -Xmx6g -cp bench/target/classes:STAG.jar org.stag.bench.BfsLevels GRAPH [threads] [runs] [format]</pre>
 */
public final class BfsLevels {
    private BfsLevels() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "/tmp/scratch/kron20/kron20.stagb");
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 31;
        String format = args.length > 3 ? args[3] : "dense,compressed";
        Graph g = GraphLoader.load(file, LoadOptions.defaults().withThreads(threads));
        long[] at = new long[10_000];
        int[] levels = new int[1];
        AlgorithmRunner.Prepared bfs = new AlgorithmRunner().prepare(Algorithm.BFS, g, new RunSettings().threads(threads)
                .source(1L).format(format).onIteration((call, depth, it) -> {
                    at[(int) it] = System.nanoTime();
                    levels[0] = (int) it;
                }));
        for (int i = 0; i < 5; i++) {
            bfs.run();
        }
        List<long[]> all = new ArrayList<>();
        List<Double> totals = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            at[0] = System.nanoTime();
            AlgorithmRunner.Result res = bfs.run();
            totals.add(res.runSeconds() * 1e3);
            all.add(Arrays.copyOf(at, levels[0] + 1));
        }
        StringBuilder sb = new StringBuilder(format + " levels (ms median/min):");
        for (int l = 1; l <= levels[0]; l++) {
            List<Double> t = new ArrayList<>();
            for (long[] a : all) {
                if (a.length > l) {
                    t.add((a[l] - a[l - 1]) / 1e6);
                }
            }
            Collections.sort(t);
            sb.append(String.format(Locale.ROOT, " L%d %.2f/%.2f", l, t.get(t.size() / 2), t.get(0)));
        }
        Collections.sort(totals);
        sb.append(String.format(Locale.ROOT, " | run ms median %.2f min %.2f", totals.get(totals.size() / 2), totals.get(0)));
        System.out.println(sb);
    }
}
