package org.stag.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;

/** GAP's arguments per kind of graph as bench.mk gives them, the user's in their place, and their errors. */
class GapPlanTest {
    private static final Set<String> KERNELS = Set.of("bfs", "pr", "cc", "sssp", "bc", "tc");

    @ParameterizedTest
    @CsvSource({"kron20.stagb, kron", "kron20w.wsg, kron", "Kronecker-18.el, kron", "urand20.sg, urand",
        "twitter_rv.net, twitter", "USA-road-d.USA.gr, road", "roadNet-CA.mtx, road", "sk-2005.mtx, web",
        "web-Google.txt, web"})
    void theKindComesFromTheFileName(String file, String kind) {
        assertEquals(Optional.of(kind), GapPlan.kind(file));
    }

    @ParameterizedTest
    @CsvSource({"karate.mtx", "ca-GrQc.mtx", "g.el", "my-kron.el"})
    void otherNamesHaveNoKind(String file) {
        assertEquals(Optional.empty(), GapPlan.kind(file));
    }

    /** bench.mk: sssp -d2 on kron, urand, twitter, web; -d50000 on road; stag's sssp gets the same delta. */
    @ParameterizedTest
    @CsvSource({"kron, 2", "urand, 2", "twitter, 2", "web, 2", "road, 50000"})
    void ssspTakesBenchMksDeltaForTheKind(String kind, String delta) {
        GapPlan.Args a = GapPlan.args(Algorithm.SSSP, Optional.of(kind), null, Map.of(), null);
        assertEquals(List.of("-d", delta), a.arguments());
        assertEquals(Map.of("delta", delta), a.stag());
        assertEquals("bench.mk's -d" + delta + " for " + kind, a.why());
    }

    @Test
    void anUnknownKindAsksForASweepThenStatesItsChoice() {
        GapPlan.Args before = GapPlan.args(Algorithm.SSSP, Optional.empty(), null, Map.of(), null);
        assertNull(before.arguments());
        GapPlan.Args after = GapPlan.args(Algorithm.SSSP, Optional.empty(), null, Map.of(), "32");
        assertEquals(List.of("-d", "32"), after.arguments());
        assertEquals(Map.of("delta", "32"), after.stag());
        assertEquals("GAP's fastest of -d 1,2,8,32,128,512,2048,50000 from the first source (bench.mk sets -d by kind:"
                + " kron 2, urand 2, twitter 2, web 2, road 50000; this graph's name names none)", after.why());
    }

    @Test
    void theOtherKernelsTakeTheSameArgumentsOnEveryKind() {
        for (Optional<String> kind : List.of(Optional.of("kron"), Optional.of("road"), Optional.<String>empty())) {
            assertEquals(List.of(), GapPlan.args(Algorithm.BFS, kind, null, Map.of(), null).arguments());
            assertEquals(List.of("-i", "1"), GapPlan.args(Algorithm.BC, kind, null, Map.of(), null).arguments());
            assertEquals(List.of(), GapPlan.args(Algorithm.WCC, kind, null, Map.of(), null).arguments());
            assertEquals(List.of(), GapPlan.args(Algorithm.TC, kind, null, Map.of(), null).arguments());
            assertEquals(List.of("-i", "20", "-t", "0"), GapPlan.args(Algorithm.PAGERANK, kind, null,
                    Map.of("iterations", "20"), null).arguments());
        }
    }

    @Test
    void theUsersArgumentsReplaceBenchMksAndSetStagsDelta() {
        Map<String, List<String>> o = GapPlan.overrides(List.of("sssp=-d 4", "bfs=", "pr= -i 5  -t 1e-4 "), KERNELS);
        assertEquals(Map.of("sssp", List.of("-d", "4"), "bfs", List.of(), "pr", List.of("-i", "5", "-t", "1e-4")), o);
        GapPlan.Args a = GapPlan.args(Algorithm.SSSP, Optional.of("kron"), o.get("sssp"), Map.of(), null);
        assertEquals(List.of("-d", "4"), a.arguments());
        assertEquals(Map.of("delta", "4"), a.stag());
        assertEquals("--peer-args", a.why());
        assertEquals(Map.of("delta", "7"), GapPlan.args(Algorithm.SSSP, Optional.empty(), List.of("-d7"), Map.of(),
                null).stag());
        // Without -d GAP takes its default, 1: so does stag.
        assertEquals(Map.of("delta", "1"), GapPlan.args(Algorithm.SSSP, Optional.empty(), List.of("-l"), Map.of(),
                null).stag());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "sssp -d 4|--peer-args 'sssp -d 4': expected KERNEL=ARGS, e.g. sssp='-d 4'",
        "=-d 4|--peer-args '=-d 4': expected KERNEL=ARGS, e.g. sssp='-d 4'",
        "lcc=-x|--peer-args 'lcc=-x': 'lcc' is not a GAP kernel of this run (expected bc, bfs, cc, pr, sssp, tc)",
        "bfs=-r 3|--peer-args 'bfs=-r 3': -r is the harness's (input -f, -s, sources -r, trials -n: use --graph,"
            + " --sources, --source, --repeat)",
        "pr=-n5|--peer-args 'pr=-n5': -n is the harness's (input -f, -s, sources -r, trials -n: use --graph,"
            + " --sources, --source, --repeat)",
        "tc=-s|--peer-args 'tc=-s': -s is the harness's (input -f, -s, sources -r, trials -n: use --graph, --sources,"
            + " --source, --repeat)",
        "sssp=4|--peer-args 'sssp=4': '4' is not an option (GAP's options start with -)"})
    void badOverridesAreOneLine(String spec, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> GapPlan.overrides(List.of(spec), KERNELS)).getMessage());
    }

    @Test
    void aKernelGivenTwiceIsRefused() {
        assertEquals("--peer-args 'sssp=-d 8': sssp is given twice", assertThrows(IllegalArgumentException.class,
                () -> GapPlan.overrides(List.of("sssp=-d 4", "sssp=-d 8"), KERNELS)).getMessage());
    }
}
