package org.stag.bench;

import java.util.List;
import java.util.Locale;
import org.stag.formats.dynamic.StoredGraph;
import org.stag.formats.graph.GraphFormats;
import org.stag.loaders.Graph;

/**
 * Bytes per stored edge of every updatable graph format, beside CSR, for a Kronecker graph.
 * Usage: {@code java -cp benchmarks.jar org.stag.bench.FormatMemory [scale] [formats...]}.
 */
public final class FormatMemory {
    private FormatMemory() {
    }

    public static void main(String[] args) {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        List<String> formats = args.length > 1 ? List.of(args).subList(1, args.length) : GraphFormats.updatable();
        Graph g = BenchGraphs.kronGraph(scale, 16, 2);
        double csr = (double) g.memoryBytes() / g.numEdges();
        System.out.printf(Locale.ROOT, "kron scale %d: %d vertices, %d stored edges%n", scale, g.numVertices(), g.numEdges());
        System.out.println("| format | bytes/edge | x CSR | build (s) |");
        System.out.println("|---|---|---|---|");
        for (String f : formats) {
            long start = System.nanoTime();
            StoredGraph m = GraphFormats.build(f, g, 2);
            double secs = (System.nanoTime() - start) / 1e9;
            double bpe = (double) m.memoryBytes() / m.numEdges();
            System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |%n", f, bpe, bpe / csr, secs);
        }
    }
}
