package org.stag.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.run.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.engine.front.ProgramException;
import org.stag.engine.program.ProgramRunException;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stag compare ALGORITHM --graph GRAPH --reference jgrapht}: runs a shipped algorithm and a reference
 * implementation with the same semantics and parameters, checks that they agree, and prints both times.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Run an algorithm with stag and with a reference implementation on the",
            "same graph with the same parameters, check that the results agree, and",
            "print both times and their ratio, one 'key value' per line. Reals agree",
            "within 1e-9 (relative), BFS depths and CDLP labels exactly, WCC as the",
            "same partition. The exit status is 1 when they disagree, naming the first",
            "vertex that differs.",
            "jgrapht: pagerank, bfs, sssp (Dijkstra), wcc, bc (from all sources).",
            "handwritten: stag's Java code for all seven, bc also with --sources."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ALGORITHM", description = "pagerank, bfs, sssp, wcc, cdlp, lcc or bc.")
    String what;

    @Option(names = "--reference", paramLabel = "R",
            description = "jgrapht or handwritten (default: ${DEFAULT-VALUE}).")
    String reference = "jgrapht";

    @Mixin
    AlgorithmOptions algorithm;

    @Mixin
    InputOptions input;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        PrintWriter out = cl.getOut();
        PrintWriter err = cl.getErr();
        Algorithm a = Algorithm.byName(what).orElseThrow(() -> new BadInputException("unknown algorithm '" + what
                + "' (expected " + String.join(", ", Algorithm.names()) + ")"));
        Comparison.Reference ref = Comparison.Reference.parse(reference);
        Comparison.supports(ref, a, algorithm.sources != null && a == Algorithm.BC);
        try {
            GraphRuns.Loaded loaded = GraphRuns.load(algorithm.graph, input.toLoadOptions());
            input.warnAboutDuplicates(loaded.graph());
            Graph g = loaded.graph();
            AlgorithmRunner.Prepared prepared = GraphRuns.RUNNER.prepare(a, g,
                    algorithm.settings(input.threads).ldbc(loaded.ldbc()).graphName(algorithm.graph.toString()));
            int[] sources = a == Algorithm.BC && algorithm.sources != null ? prepared.sources() : null;
            AlgorithmRunner.Result r = prepared.run();
            Csr csr = Csr.of(g);
            Comparison.ReferenceRun rr = Comparison.run(ref, a, csr, r, sources, input.threads);
            Comparison.Outcome o = Comparison.check(a, rr.values(), r.values());
            String name = ref.id();
            out.println("algorithm " + a.id());
            out.println("graph " + algorithm.graph);
            out.println("vertices " + g.numVertices());
            out.println("edges " + g.numEdges());
            out.println("format " + r.format());
            out.println("threads " + input.threads);
            out.println("parameters " + GraphRuns.parameters(r.parameters(), g));
            out.println("reference " + name);
            out.println("stag-compile-seconds " + GraphRuns.seconds(r.compileSeconds()));
            out.println("stag-run-seconds " + GraphRuns.seconds(r.runSeconds()));
            out.println(name + "-seconds " + GraphRuns.seconds(rr.seconds()));
            if (ref == Comparison.Reference.JGRAPHT) {
                out.println(name + "-graph-seconds " + GraphRuns.seconds(rr.graphSeconds()));
            }
            out.println("ratio " + ratio(rr.seconds(), r.runSeconds()));
            out.println("agree " + (o.agree() ? "yes" : "no"));
            out.println("check " + o.method().name().toLowerCase(Locale.ROOT) + ": " + o.message());
            out.flush();
            if (!o.agree()) {
                err.println("stag: " + a.id() + " on " + algorithm.graph + ": stag and " + name + " differ at "
                        + o.message());
                return Stag.INTERNAL;
            }
            return Stag.OK;
        } catch (ProgramException e) {
            return Programs.report(e, err);
        } catch (ProgramRunException e) {
            err.println("stag: " + Stag.oneLine(e.getMessage()));
            return Stag.BAD_INPUT;
        }
    }

    /** How many times longer the reference took than stag's run, two decimals. */
    private static String ratio(double reference, double stag) {
        return stag <= 0 ? "inf" : String.format(Locale.ROOT, "%.2f", reference / stag);
    }
}
