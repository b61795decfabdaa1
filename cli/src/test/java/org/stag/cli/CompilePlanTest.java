package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphGenerator;

/**
 * Must-show 2 of issue 10: what {@code stag run} executes is what {@code stag compile} writes. Each shipped
 * program runs on a kron scale-12 graph (the generator of {@code stag generate}, seed 12); the kernels the
 * runtime ran (their class names) must be exactly the classes {@code stag compile ALGORITHM --format F
 * --emit-java DIR} writes. On this graph BFS's FormatRule fires both ways (list and bitmap frontiers).
 */
class CompilePlanTest {
    private static Graph kron;

    @TempDir
    Path dir;

    @BeforeAll
    static void generate() {
        GeneratorOptions o = GeneratorOptions.of(12, 16, 12);
        kron = GraphBuilder.build(GraphGenerator.byName("kron").generate(o), DuplicatePolicy.FIRST, 1);
    }

    static Stream<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) {
            out.add(Arguments.of(a, RunSettings.DEFAULT_FORMAT));
        }
        out.add(Arguments.of(Algorithm.PAGERANK, "dense,ctree"));
        out.add(Arguments.of(Algorithm.BFS, "dense,ctree"));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("runs")
    void runExecutesExactlyTheKernelsCompileWrites(Algorithm a, String format) throws IOException {
        long first = kron.ids().external(0);
        RunSettings s = new RunSettings().format(format).threads(2).source(first);
        if (a == Algorithm.BC) {
            s.sources(new long[] {first, kron.ids().external(1)});
        }
        if (!a.takes(Setting.SOURCE)) {
            s.source(null);
        }
        AlgorithmRunner.Prepared prepared = new AlgorithmRunner().prepare(a, kron, s);
        prepared.run();
        Set<String> ran = new TreeSet<>(prepared.stats().kernels());
        assertFalse(ran.isEmpty(), "kernels were recorded");
        if (a == Algorithm.BFS) {
            String plan = prepared.plan().toString();
            assertTrue(plan.contains("frontier=compressed") && plan.contains("frontier=bitmap"), plan);
            assertTrue(prepared.stats().conversionsTo() > 0, "the FormatRule fires on kron scale 12");
        }

        List<String> args = new ArrayList<>(List.of("compile", a.id(), "--format", format, "--emit-java",
                dir.toString()));
        // The kind of graph the run held: weights, and in-edges of their own.
        if (kron.weighted()) {
            args.add("--weighted");
        }
        if (prepared.tensors().holdsInEdges()) {
            args.add("--directed");
        }
        // What run binds from the graph and decides a uniform condition with: bc's 'directed'.
        if (a.program().globals().containsKey("directed")) {
            args.addAll(List.of("--param", "directed=" + kron.directed()));
        }
        CliRunner r = CliRunner.run(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("# ")), "the plan is printed:\n" + r.out());
        assertEquals(ran, written(dir), a + " over " + format + ": plan\n" + r.out());
        CompileCommandTest.assertCompiles(dir);
    }

    @Test
    void pageRankOverCtreeCompiles() throws IOException {
        CliRunner r = CliRunner.run("compile", "pagerank", "--format", "dense,ctree", "--emit-java", dir.toString());
        assertEquals(0, r.code(), r.err());
        // Three fused passes (contrib and dangling; incoming and next; rank0 and deg), each one class.
        assertTrue(r.out().contains("fused: incoming[i] = AT[i][j]"), r.out());
        assertTrue(written(dir).size() >= 3, r.out());
        CompileCommandTest.assertCompiles(dir);
        // A row reduction fuses over any rows iterated in order: over the C-tree, as over the CSR graph, incoming
        // and next are one pass and incoming is never stored; the fused kernel reads the C-tree's pattern as
        // compiled (coordinates only, constant true), with one row loop.
        String incoming = planLine(r.out(), "incoming[i] = AT[i][j]");
        assertTrue(incoming.contains("fused with: next") && incoming.contains("fused pass's locals"), incoming);
        String fused = r.out().lines().filter(l -> l.startsWith("Step\tfused: incoming")).findFirst().orElseThrow();
        String src = java.nio.file.Files.readString(dir.resolve("org/stag/gen/" + fused.split("\t")[3].substring(
                "org.stag.gen.".length()) + ".java"));
        assertTrue(src.contains("compiled for coordinates only") && !src.contains("isConstant()"), src);
        CliRunner csr = CliRunner.run("compile", "pagerank", "--format", "dense,compressed");
        assertEquals(0, csr.code(), csr.err());
        assertTrue(planLine(csr.out(), "incoming[i] = AT[i][j]").contains("fused with: next"), csr.out());
    }

    /** The plan line ({@code # ...}) of the statement that starts with {@code statement}. */
    private static String planLine(String out, String statement) {
        return out.lines().filter(l -> l.startsWith("# ") && l.contains(statement)).findFirst()
                .orElseThrow(() -> new AssertionError("no plan line for " + statement + " in\n" + out));
    }

    @Test
    void aGraphFormatForAProgramWithoutGraphInputsIsBadInput() throws IOException {
        Path p = dir.resolve("vec.stag");
        Files.writeString(p, "N int\nx double[N]\nLet Main() -> (y double[N])\n    y[i] = x[i] * 2.0\nEnd\n");
        CliRunner r = CliRunner.run("compile", p.toString(), "--format", "dense,compressed");
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().contains("vec.stag has no graph input (A, AT, W)"), r.err());
        CliRunner twice = CliRunner.run("compile", "bfs", "--format", "dense,compressed", "--format", "dense,ctree");
        assertEquals(2, twice.code(), twice.err());
        assertTrue(twice.err().contains("the graph's format is given twice"), twice.err());
    }

    /** The qualified names of the classes written under {@code root}. */
    private static Set<String> written(Path root) throws IOException {
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> out.add(root.relativize(f).toString()
                    .replace(".java", "").replace(java.io.File.separatorChar, '.')));
        }
        return out;
    }
}
