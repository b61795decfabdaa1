package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code stag compare} agrees for kcore (with JGraphT's {@code Coreness}) and scc (with JGraphT's Kosaraju) exactly,
 * and for ppr (with the hand-written power iteration) within 1e-9 relative, on every square bundled SuiteSparse
 * graph, ppr from three sources and with other settings; {@code stag run} writes one value per vertex; a ppr
 * without a source, or with one the graph lacks, and the references an algorithm does not have, are one line
 * each with exit status 2.
 */
class CompareCoreComponentsRankTest {
    private static final String KARATE = Datasets.suiteSparse("karate.mtx").toString();

    private static CliRunner compare(String algorithm, String name, String... more) {
        return CompareCommandTest.compare(algorithm, name, more);
    }

    private static Map<String, String> agrees(CliRunner r, String what) {
        return CompareCommandTest.agrees(r, what);
    }

    static List<String> graphs() {
        return Datasets.squareSuiteSparse();
    }

    private static void badInput(CliRunner r, String line) {
        assertEquals(2, r.code(), r.err());
        assertEquals(line, r.err().strip());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void kcoreAndSccExactlyAsJGraphT(String name) {
        for (String a : List.of("kcore", "scc")) {
            Map<String, String> kv = agrees(compare(a, name), a);
            assertTrue(kv.get("check").startsWith("exact: "), kv.get("check"));
            String dynamic = a.equals("kcore") ? "dense,ctree" : "bst,ctree";
            agrees(compare(a, name, "--format", dynamic), a + " in " + dynamic);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void ppr(String name) {
        List<Long> sources = CompareCommandTest.sources(CompareCommandTest.load(name));
        for (long id : sources) {
            String s = Long.toString(id);
            Map<String, String> kv = agrees(compare("ppr", name, "--source", s, "--reference", "handwritten"),
                    "ppr from " + s);
            assertEquals("source=" + s + " iterations=10 damping=0.85", kv.get("parameters"));
            assertTrue(kv.get("check").startsWith("epsilon"), kv.get("check"));
        }
        String s = Long.toString(sources.get(1));   // the vertex of largest degree
        agrees(compare("ppr", name, "--source", s, "--reference", "handwritten", "--iterations", "30", "--damping", "0.6"),
                "ppr, 30 iterations");
    }

    @Test
    void runWritesOneValuePerVertex() {
        for (String a : List.of("kcore", "scc")) {
            CliRunner r = CliRunner.run("run", a, "--graph", KARATE);
            assertEquals(0, r.code(), r.err());
            assertEquals(34, r.out().lines().count(), r.out());
        }
        // Zachary's karate club: vertex 34 (the instructor) lies in the 4-core, vertex 12 has one friend.
        CliRunner r = CliRunner.run("run", "kcore", "--graph", KARATE);
        assertTrue(r.out().lines().anyMatch("34 4"::equals), r.out());
        assertTrue(r.out().lines().anyMatch("12 1"::equals), r.out());
        r = CliRunner.run("run", "ppr", "--graph", KARATE, "--source", "1");
        assertEquals(0, r.code(), r.err());
        double sum = r.out().lines().mapToDouble(line -> Double.parseDouble(line.split(" ")[1])).sum();
        assertEquals(1.0, sum, 1e-9);
    }

    @Test
    void sourcesAndReferencesThatDoNotExistAreOneLine() {
        // Without --source, the vertex with the most out-edges, printed, as for every algorithm that takes one.
        CliRunner chosen = CliRunner.run("run", "ppr", "--graph", KARATE);
        assertEquals(0, chosen.code(), chosen.err());
        assertTrue(chosen.err().contains("source: 34 (most out-edges, 17)"), chosen.err());
        badInput(CliRunner.run("run", "ppr", "--graph", KARATE, "--source", "35"),
                "stag: source 35 is not a vertex of " + KARATE);
        badInput(CliRunner.run("compare", "ppr", "--graph", KARATE, "--source", "0", "--reference", "handwritten"),
                "stag: source 0 is not a vertex of " + KARATE);
        badInput(CliRunner.run("compare", "ppr", "--graph", KARATE, "--source", "1", "--reference", "jgrapht"),
                "stag: JGraphT has no ppr; compare ppr with --reference handwritten");
        badInput(CliRunner.run("compare", "kcore", "--graph", KARATE, "--reference", "handwritten"),
                "stag: stag has no hand-written kcore; compare kcore with --reference jgrapht");
        badInput(CliRunner.run("run", "scc", "--graph", KARATE, "--source", "1"),
                "stag: --source: scc does not take it (scc takes none of --source, --sources, --iterations, --damping,"
                        + " --seed, --k)");
    }
}
