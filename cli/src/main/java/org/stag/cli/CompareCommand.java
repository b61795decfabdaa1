package org.stag.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.ProgramException;
import org.stag.engine.program.ProgramRunException;
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
        description = {"Check an algorithm or a program against a reference implementation.",
            "Runs an algorithm, or a .stag program that computes one, with stag and",
            "with a reference implementation on the same graph with the same",
            "parameters, checks that the results agree, and prints both times and their",
            "ratio to stderr, one 'key value' per line (or JSON with --summary json).",
            "Reals agree within 1e-9 (relative; PageRank 1e-6, since it keeps its",
            "contributions in float), BFS depths and CDLP labels exactly, WCC",
            "as the same partition, k-truss edge sets exactly. The exit status is 1 when",
            "they disagree, naming the first vertex (or edge) that differs.",
            "A program is compared as the algorithm --as names, else as the one its",
            "file is named after (bfs.stag is bfs); its result is Main's first output",
            "with one dimension, and it gets the algorithm's LDBC parameters and checks.",
            "jgrapht: ${bundle:help-algorithms.jgrapht}.",
            "handwritten: stag's Java code for ${bundle:help-algorithms.handwritten}."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ALGORITHM|FILE.stag",
            description = "${bundle:help-algorithms}, or a program file computing one.")
    String what;

    @Option(names = "--as", paramLabel = "ALGORITHM",
            description = "The algorithm a .stag program computes, which the reference runs (default: the"
                    + " program's file name, e.g. bfs for my/bfs.stag).")
    String as;

    @Option(names = "--reference", paramLabel = "R",
            description = "jgrapht or handwritten (default: jgrapht when it can run the algorithm as asked, else"
                    + " handwritten).")
    String reference;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Set a program parameter (repeatable).")
    List<String> params = new ArrayList<>();

    @Option(names = "--summary", paramLabel = "S",
            description = "The summary on stderr as text ('key value' lines, the default) or json (one object).")
    Summary.Style summaryStyle = Summary.Style.TEXT;

    @Mixin
    AlgorithmOptions algorithm;

    @Mixin
    InputOptions input;

    @Mixin
    ProgressOption progress;

    @Mixin
    KernelCacheOptions kernelCache;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        kernelCache.apply();
        PrintWriter err = cl.getErr();
        Map<String, String> paramArgs = Programs.assignments(params, "--param", cl);
        Algorithm shipped = Algorithm.byName(what).orElse(null);
        Path programFile = shipped == null ? RunCommand.programFile(what) : null;
        Algorithm a = algorithmOf(cl, shipped, programFile);
        boolean sampled = algorithm.sources != null;
        Comparison.Reference ref = reference == null ? Comparison.choose(a, sampled) : Comparison.Reference.parse(reference);
        Comparison.supports(ref, a, sampled);
        try (Progress shown = progress.start()) {
            CheckedProgram program = programFile == null ? a.program() : ProgramFiles.check(programFile);
            LoadedGraph loaded = LoadedGraph.load(algorithm.graph, input.toLoadOptions());
            shown.clear();
            input.warnAboutDuplicates(loaded.graph(), algorithm.graph);
            Graph g = loaded.graph();
            AlgorithmRunner.Prepared prepared = GraphRuns.RUNNER.prepare(program, a, g, algorithm.settings(input.threads)
                    .params(paramArgs).ldbc(loaded.ldbc()).graphName(algorithm.graph.toString()).onIteration(shown.loops()));
            GraphRuns.tellSource(prepared, shown, err);
            Comparison.Compared compared = Comparison.compare(ref, a, prepared, Csr.of(g), sampled, input.threads);
            shown.clear();
            AlgorithmRunner.Result r = compared.stag();
            Comparison.ReferenceRun rr = compared.reference();
            Comparison.Outcome o = compared.outcome();
            String name = ref.id();
            Summary summary = new Summary().put("algorithm", a.id());
            if (programFile != null) {
                summary.put("program", program.source().name());
            }
            summary.put("graph", algorithm.graph.toString())
                    .put("vertices", g.numVertices())
                    .put("edges", g.numEntries())
                    .put("format", r.format())
                    .put("threads", input.threads)
                    .put("parameters", GraphRuns.parameterValues(r.parameters(), g))
                    .put("reference", name)
                    .put("stag-compile-seconds", Summary.seconds(r.compileSeconds()))
                    .put("stag-run-seconds", Summary.seconds(r.runSeconds()))
                    .put(name + "-seconds", Summary.seconds(rr.seconds()));
            if (ref == Comparison.Reference.JGRAPHT) {
                summary.put(name + "-graph-seconds", Summary.seconds(rr.graphSeconds()));
            }
            summary.put("ratio", ratio(rr.seconds(), r.runSeconds()))
                    .put("agree", o.agree() ? "yes" : "no")
                    .put("check", o.method().name().toLowerCase(Locale.ROOT) + ": " + o.message())
                    .print(err, summaryStyle);
            if (!o.agree()) {
                err.println("stag: " + a.id() + " on " + algorithm.graph + ": stag and " + name + " differ at "
                        + o.message());
                return Exit.INTERNAL;
            }
            return Exit.OK;
        } catch (ProgramException e) {
            return Programs.report(e, err);
        } catch (ProgramRunException e) {
            err.println("stag: " + Exit.oneLine(e.getMessage()));
            return Exit.BAD_INPUT;
        }
    }

    /** The algorithm to compare as: the shipped one named, or the one a program computes (--as, else its name). */
    private Algorithm algorithmOf(CommandLine cl, Algorithm shipped, Path programFile) {
        String expected = " (expected " + String.join(", ", Algorithm.names()) + ")";
        if (as != null) {
            Algorithm named = Algorithm.byName(as).orElseThrow(() -> new CommandLine.ParameterException(cl,
                    "--as '" + as + "': unknown algorithm" + expected));
            if (shipped != null && named != shipped) {
                throw new CommandLine.ParameterException(cl, "--as " + as + " contradicts " + what
                        + "; --as is for a .stag program");
            }
            return named;
        }
        if (shipped != null) {
            return shipped;
        }
        String file = programFile.getFileName().toString();
        String base = file.endsWith(".stag") ? file.substring(0, file.length() - ".stag".length()) : file;
        return Algorithm.byName(base).orElseThrow(() -> new CommandLine.ParameterException(cl, "say which algorithm "
                + programFile + " computes with --as ALGORITHM" + expected + ", so that the reference can run it"));
    }

    /** How many times longer the reference took than stag's run, two decimals ("inf" when stag took no time). */
    private static Object ratio(double reference, double stag) {
        return stag <= 0 ? "inf" : new BigDecimal(String.format(Locale.ROOT, "%.2f", reference / stag));
    }
}
