package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.TestData;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcDataset;
import org.stag.algorithms.ldbc.LdbcOutput;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;

/**
 * {@link AlgorithmRunner} reproduces the expected outputs of both LDBC examples with the parameters of their
 * {@code .properties} (read by {@link LdbcParameters}), in CSR and in Aspen's {@code bst,ctree}, on one and two
 * threads. ({@code stag run}'s own test covers every format.)
 */
class LdbcRunTest {
    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : TestData.ldbcExamples()) {
            for (Algorithm a : Algorithm.values()) {
                if (a.ldbc().isPresent()) {
                    for (String f : List.of("dense,compressed", "bst,ctree")) {
                        for (int threads : new int[] {1, 2}) {
                            out.add(Arguments.of(p.getFileName().toString(), a, f, threads));
                        }
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1} {2} {3} thread(s)")
    @MethodSource("cases")
    void reproducesTheExpectedOutput(String name, Algorithm a, String format, int threads) {
        LdbcDataset d = LdbcDataset.open(TestData.file("ldbc/" + name));
        Graph g = d.load(LoadOptions.defaults());
        RunSettings s = new RunSettings().format(format).threads(threads).ldbc(LdbcParameters.of(d.propertiesFile()));
        AlgorithmRunner.Result r = AlgorithmRunnerTest.RUNNER.run(a, g, s);
        LdbcAlgorithm l = a.ldbc().orElseThrow();
        Path expected = d.expectedOutput(l);
        LdbcValidation.Result v = switch (l.method()) {
            case EXACT -> LdbcValidation.exact(LdbcOutput.readLongs(expected), r.values().asLongs());
            case EQUIVALENCE -> LdbcValidation.equivalence(LdbcOutput.readLongs(expected), r.values().asLongs());
            case EPSILON -> LdbcValidation.epsilon(LdbcOutput.readDoubles(expected), r.values().asDoubles(),
                    l.epsilon());
        };
        assertTrue(v.ok(), v.message());
    }
}
