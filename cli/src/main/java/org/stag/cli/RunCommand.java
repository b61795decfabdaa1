package org.stag.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.stag.algorithms.run.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
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
 * {@code stag run ALGORITHM|FILE.stag --graph GRAPH}: runs a shipped algorithm or a program on a graph and
 * writes one {@code vertex value} line per vertex, LDBC style, with a summary on stderr.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run an algorithm (pagerank, bfs, sssp, wcc, cdlp, lcc, bc) or a .stag",
            "program on a graph, and write one 'vertex value' line per vertex in the",
            "input's numbering (BFS: 9223372036854775807 when unreachable; SSSP:",
            "Infinity). A summary goes to stderr: load, build, compile and run times,",
            "and iterations.",
            "A program gets what it declares: N (vertices), A (out-edges), AT",
            "(in-edges), W (weights, fill inf), id (vertex ids), source, K and sources,",
            "directed, iterations, damping; other parameters with --param. Its result",
            "is Main's first output with one dimension. --threads also sets the threads",
            "of the kernels."})
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ALGORITHM|FILE.stag",
            description = "pagerank, bfs, sssp, wcc, cdlp, lcc or bc, or a .stag program.")
    String what;

    @Mixin
    AlgorithmOptions algorithm;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result to FILE instead of stdout.")
    Path output;

    @Option(names = "--explain", description = "Print every kernel run (definition, formats, loop order) to stderr.")
    boolean explain;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Set a program parameter (repeatable).")
    List<String> params = new ArrayList<>();

    @Mixin
    InputOptions input;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        PrintWriter err = cl.getErr();
        Map<String, String> paramArgs = Programs.assignments(params, "--param", cl);
        RunSettings settings = algorithm.settings(input.threads).params(paramArgs);
        try {
            Algorithm a = Algorithm.byName(what).orElse(null);
            CheckedProgram program = a != null ? a.program() : Programs.check(programFile(what));
            GraphRuns.Loaded loaded = GraphRuns.load(algorithm.graph, input.toLoadOptions());
            input.warnAboutDuplicates(loaded.graph());
            Graph g = loaded.graph();
            if (explain) {
                settings.explain(err::println);
            }
            settings.ldbc(loaded.ldbc()).graphName(algorithm.graph.toString());
            AlgorithmRunner.Prepared prepared = GraphRuns.RUNNER.prepare(program, a, g, settings);
            AlgorithmRunner.Result r = prepared.run();
            write(r);
            err.println("program " + program.source().name());
            err.println("graph " + algorithm.graph);
            err.println("vertices " + g.numVertices());
            err.println("edges " + g.numEdges());
            err.println("format " + r.format());
            err.println("threads " + input.threads);
            err.println("parameters " + GraphRuns.parameters(r.parameters(), g));
            err.println("load-seconds " + GraphRuns.seconds(loaded.seconds()));
            err.println("build-seconds " + GraphRuns.seconds(r.buildSeconds()));
            err.println("compile-seconds " + GraphRuns.seconds(r.compileSeconds()));
            err.println("run-seconds " + GraphRuns.seconds(r.runSeconds()));
            err.println("iterations " + r.iterations());
            r.scalars().forEach((name, v) -> err.println("result " + name + " " + v));
            err.println("output " + r.values().name() + " -> " + (output == null ? "stdout" : output.toString()));
            return Stag.OK;
        } catch (ProgramException e) {
            return Programs.report(e, err);
        } catch (ProgramRunException e) {
            err.println("stag: " + Stag.oneLine(e.getMessage()));
            return Stag.BAD_INPUT;
        }
    }

    /** {@code what} as a program file, or an unknown algorithm. */
    static Path programFile(String what) {
        Path p = Path.of(what);
        if (what.endsWith(".stag") || Files.isRegularFile(p)) {
            return p;
        }
        throw new BadInputException("unknown algorithm '" + what + "' (expected " + String.join(", ", Algorithm.names())
                + ", or a FILE.stag program)");
    }

    private void write(AlgorithmRunner.Result r) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            try {
                r.values().write(out);
            } catch (IOException e) {
                throw new IllegalStateException(e); // a PrintWriter does not throw
            }
            out.flush();
            return;
        }
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(output, StandardCharsets.US_ASCII))) {
            r.values().write(w);
        } catch (NoSuchFileException e) {
            throw new BadInputException(output.toString(), 0, "cannot write: no such directory");
        } catch (IOException e) {
            throw new BadInputException(output.toString(), 0, "cannot write: " + e.getMessage());
        }
    }
}
