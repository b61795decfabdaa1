package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcDataset;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.algorithms.catalog.Algorithm;

/**
 * {@code stag run} reproduces every expected output of both LDBC Graphalytics examples, with the parameters
 * of their {@code .properties} files: BFS and CDLP exactly, WCC as the same partition, SSSP and LCC within
 * 1e-9 relative and PageRank within 1e-6 ({@link LdbcValidation}). The directed example runs in every graph
 * format that runs them, the undirected one in the {@link #BRIEF} formats (the kernels depend on the format,
 * not on the example; building every format from an undirected file is checked by the formats' SuiteSparse
 * round trip).
 */
class RunLdbcTest {
    /** The formats the brief asks for. */
    static final List<String> BRIEF = List.of("dense,compressed", "dense,ctree", "bst,ctree", "dense,blist",
            "dense,bst", "dense,hashed", "compressed,compressed");

    /** The formats the brief asks for, then every other two-level format the programs run in. */
    static final List<String> FORMATS = List.of("dense,compressed", "dense,ctree", "bst,ctree", "dense,blist",
            "dense,bst", "dense,hashed", "compressed,compressed",
            "dense,list", "dense,vblist", "dense,ttree", "dense,rbtree", "dense,btree", "dense,blist-gaps",
            "dense,blist-fixed", "dense,blist-unsorted", "dense,bitmap", "dense,dense", "ctree,ctree", "rbtree,ctree",
            "btree,ctree", "list,list", "hashed,compressed", "compressed(nonunique),singleton", "dense,vbyte");

    @TempDir
    Path dir;

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String dataset : Datasets.ldbcExamples()) {
            for (Algorithm a : Algorithm.values()) {
                if (a.ldbc().isPresent()) {
                    for (String f : dataset.startsWith("example-directed") ? FORMATS : BRIEF) {
                        out.add(Arguments.of(dataset, a.id(), f));
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void reproducesTheExpectedOutput(String dataset, String algorithm, String format) {
        Path properties = Datasets.file("ldbc/" + dataset);
        Path out = dir.resolve("out.txt");
        CliRunner r = CliRunner.run("run", algorithm, "--graph", properties.toString(), "--format", format,
                "--threads", "2", "--output", out.toString());
        assertEquals(0, r.code(), r.err());
        LdbcAlgorithm l = Algorithm.byName(algorithm).orElseThrow().ldbc().orElseThrow();
        LdbcDataset d = LdbcDataset.open(properties);
        LdbcValidation.Result v = LdbcValidation.validate(l, d.expectedOutput(l), out);
        assertTrue(v.ok(), v.message());
        assertTrue(r.out().isEmpty(), "the result goes to --output: " + r.out());
    }
}
