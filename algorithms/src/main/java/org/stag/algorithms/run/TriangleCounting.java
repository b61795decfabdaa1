package org.stag.algorithms.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.program.ProgramRunner;
import org.stag.engine.program.RunOptions;
import org.stag.formats.graph.GraphTensor;

/**
 * Runs {@code tc.stag}, GAP's triangle counting: the number of triangles of the undirected graph without
 * self-loops or duplicate edges, each counted once. Its result is one number, not a value per vertex, so it
 * is run here rather than through {@link AlgorithmRunner} (whose results are per vertex).
 *
 * <pre>{@code
 * TriangleCounting.Prepared tc = TriangleCounting.prepare(new DefinitionCompiler(), GraphTensor.of(g, format, 2), 2);
 * long triangles = tc.run().triangles();
 * }</pre>
 */
public final class TriangleCounting {
    /** The classpath resource holding the program. */
    public static final String RESOURCE = "/org/stag/algorithms/tc.stag";
    /** Main's output holding the count. */
    public static final String OUTPUT = "triangles";

    private static volatile CheckedProgram checked;

    private TriangleCounting() {
    }

    /** The program's text. */
    public static String text() {
        try (InputStream in = TriangleCounting.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The program, parsed and checked once. */
    public static CheckedProgram program() {
        CheckedProgram p = checked;
        if (p == null) {
            p = new Checker().check(new Source("tc.stag", text()));
            checked = p;
        }
        return p;
    }

    /**
     * Binds the program to {@code graph} ({@code N}, {@code directed}, {@code A} and, for a directed graph,
     * {@code AT}) and compiles its kernels.
     *
     * @param threads worker threads, at least 1
     */
    public static Prepared prepare(DefinitionCompiler compiler, GraphTensor graph, int threads) {
        RunOptions o = new RunOptions().threads(threads)
                .param("N", Integer.toString(graph.numVertices()))
                .param("directed", Boolean.toString(graph.directed()))
                .input("A", graph.a())
                .input("AT", graph.at());
        return new Prepared(new ProgramRunner(program(), compiler, o));
    }

    /** Counts the triangles of {@code graph} once. */
    public static long count(GraphTensor graph, int threads) {
        return prepare(new DefinitionCompiler(), graph, threads).run().triangles();
    }

    /** The program bound to a graph; may run again. */
    public static final class Prepared {
        private final ProgramRunner runner;

        Prepared(ProgramRunner runner) {
            this.runner = runner;
        }

        /** The runner, for its plan and statistics. */
        public ProgramRunner runner() {
            return runner;
        }

        /** Runs the program. */
        public Count run() {
            long t0 = System.nanoTime();
            Object v = runner.runMain().get(OUTPUT);
            return new Count((Long) v, (System.nanoTime() - t0) / 1e9);
        }
    }

    /**
     * One run's result.
     *
     * @param triangles  the number of triangles
     * @param runSeconds the run's wall time (its kernels were compiled when it was prepared)
     */
    public record Count(long triangles, double runSeconds) {
    }
}
