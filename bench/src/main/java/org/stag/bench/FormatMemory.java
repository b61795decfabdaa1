package org.stag.bench;

import java.util.List;
import java.util.Locale;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;

/**
 * Bytes per stored edge of every shipped graph format as {@code stag run} holds it (a {@link GraphTensor}),
 * beside the loader's CSR, for a Kronecker graph.
 * Usage: {@code java -cp benchmarks.jar org.stag.bench.FormatMemory [scale] [formats...]}.
 */
public final class FormatMemory {
    private FormatMemory() {
    }

    public static void main(String[] args) {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        List<String> formats = args.length > 1 ? List.of(args).subList(1, args.length) : GraphTensor.shippedFormats();
        Graph g = BenchGraphs.kronGraph(scale, 16, 2);
        double csr = (double) g.memoryBytes() / g.numEdges();
        System.out.printf(Locale.ROOT, "kron scale %d: %d vertices, %d stored edges%n", scale, g.numVertices(), g.numEdges());
        System.out.println("| format | bytes/edge | x CSR | build (s) |");
        System.out.println("|---|---|---|---|");
        for (String f : formats) {
            GraphTensor m = GraphTensor.of(g, GraphTensor.format(f), 2).buildAll();
            double bpe = (double) m.memoryBytes() / g.numEdges();
            System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |%n", f, bpe, bpe / csr, m.buildNanos() / 1e9);
        }
    }
}
