package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Output;
import org.stag.api.Result;
import org.stag.api.StagGraph;

/** The Java API gives what {@code stag run} prints, for every algorithm of the catalog, defaults included. */
class ApiMatchesRunTest {
    static final String KARATE = Path.of("..", "data", "karate.mtx").toString();
    static final String LDBC = Path.of("..", "data", "example-directed.properties").toString();

    /** Every algorithm of the catalog whose result is one value per vertex (what stag run writes). */
    static java.util.List<String> algorithms() {
        return Algorithm.ids(d -> d.output().shape() == Output.Shape.VERTEX);
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void sameResultAsStagRun(String algorithm) throws IOException {
        for (String graph : new String[] {KARATE, LDBC}) {
            CliRunner cli = CliRunner.run("run", algorithm, "--graph", graph, "--format", "dense,ctree");
            assertEquals(0, cli.code(), cli.err());
            Result api = StagGraph.load(Path.of(graph)).run(algorithm).format("dense,ctree").execute();
            StringWriter text = new StringWriter();
            api.values().write(text);
            assertEquals(cli.out(), text.toString(), algorithm + " on " + graph);
            boolean chosen = cli.err().lines().anyMatch(l -> l.startsWith("source: "));
            assertEquals(chosen, api.defaultSource().isPresent(), algorithm + " on " + graph);
        }
    }
}
