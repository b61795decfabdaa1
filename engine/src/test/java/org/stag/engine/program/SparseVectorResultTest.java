package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.Tensor;

/**
 * Sparse vector results in a {@code compressed} level, which the runtime assembles from the chunks' entries
 * without a sort when the chunks split the result's index (pull, element-wise) and with one when a push kernel
 * scatters them in visiting order: differential against the reference evaluator over random graphs, every
 * element type, one and two threads, chunks of two coordinates (so a result spans many chunks), and a
 * direction-optimizing BFS whose frontier is such a vector that a FormatRule turns into a bitmap and back.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SparseVectorResultTest {
    private static final String HEADER = """
            N int
            A double[N][compressed[N]]
            x double[N]
            """;

    /** Statements (over {@code A}, {@code x} and a compressed {@code f}) whose results are compressed vectors. */
    private static final String[] STATEMENTS = {
        // push: the frontier f outside, scattered into j (entries in visiting order)
        "o bool[compressed[N]]\n    o[j] = A[k][j] != 0.0 && f[k] | k:(OR, false) Ord k, j",
        "o double[compressed[N]]\n    o[j] = A[k][j] * x[k] | k:(+, 0.0) Ord k, j",
        "o double[compressed[N]] fill inf\n    o[j] = ifelse(f[k] && A[k][j] != 0.0, A[k][j] + x[k], inf) | k:(MIN, inf) Ord k, j",
        "o int[compressed[N]]\n    o[j] = ifelse(A[k][j] != 0.0 && f[k], 1, 0) | k:(+, 0) Ord k, j",
        "o long[compressed[N]] fill 9223372036854775807\n"
                + "    o[j] = ifelse(A[k][j] != 0.0 && f[k], 3, 9223372036854775807) | k:(MIN, 9223372036854775807) Ord k, j",
        "o float[compressed[N]]\n    o[j] = ifelse(A[k][j] != 0.0 && f[k], 0.5, 0.0) | k:(MAX, 0.0) Ord k, j",
        // pull: rows of A, chunked over the result's index (entries in order)
        "o double[compressed[N]]\n    o[i] = A[i][k] * x[k] | k:(+, 0.0)",
        "o bool[compressed[N]]\n    o[i] = A[i][k] != 0.0 && f[k] | k:(OR, false)",
        // element-wise
        "o double[compressed[N]]\n    o[i] = ifelse(x[i] > 0.25, x[i], 0.0)",
        "o long[compressed[N]]\n    o[i] = ifelse(f[i], 7, 0)",
    };

    private static String program(String statement) {
        int split = statement.indexOf('\n');
        String decl = statement.substring(0, split);
        String body = statement.substring(split + 1);
        String name = decl.substring(0, decl.indexOf(' '));
        String type = decl.substring(decl.indexOf(' ') + 1, decl.indexOf('['));
        int at = decl.indexOf(" fill ");
        String fill = at >= 0 ? decl.substring(at + 6) : switch (type) {
            case "bool" -> "false";
            case "double", "float" -> "0.0";
            default -> "0";
        };
        // the result is read again by an element-wise statement, so that it sees the assembled tensor
        return HEADER + "Let Main() -> (" + decl + ", d double[N])\n"
                + "    f bool[compressed[N]]\n"
                + "    f[i] = x[i] > 0.0\n"
                + body + "\n"
                + "    d[i] = ifelse(" + name + "[i] == " + fill + ", x[i], 1.0)\n"
                + "End\n";
    }

    @Test
    void compressedVectorResultsAgreeWithTheReference() {
        int oldChunk = ChunkRunner.minChunk(2);
        List<String> failures = new ArrayList<>();
        int runs = 0;
        try {
            for (String st : STATEMENTS) {
                CheckedProgram p = Fixtures.program("vector.stag", program(st));
                for (long seed = 1; seed <= 12; seed++) {
                    int n = 5 + (int) (seed * 7 % 40);
                    RefTensor a = Fixtures.weights(seed, Fixtures.graph(seed, n, 0.25, true), 0.0);
                    Map<String, RefTensor> inputs = Map.of("A", a, "x", Fixtures.vector(seed + 100, n, 0.7));
                    for (int threads = 1; threads <= 2; threads++) {
                        try {
                            Map<String, Object> out = Fixtures.compare(p, Map.of("N", "" + n), inputs, Map.of(), threads);
                            Tensor o = (Tensor) out.get("o");
                            assertTrue(o.level(0) instanceof CompressedLevel, "a compressed result: " + o.format());
                            runs++;
                        } catch (AssertionError | RuntimeException e) {
                            failures.add(st.replace('\n', ' ') + ", seed " + seed + ", threads " + threads + ": " + e);
                        }
                    }
                }
            }
        } finally {
            ChunkRunner.minChunk(oldChunk);
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
        assertEquals(STATEMENTS.length * 12 * 2, runs);
    }

    /** bfs.stag's shape with a compressed frontier and a compressed {@code next}, switching to a bitmap and back. */
    private static final String BFS = """
            N int
            source int
            threshold int
            A bool[N][compressed[N]]
            AT bool[N][compressed[N]]

            Let Step(frontier bool[compressed[N]], depth long[N] fill 9223372036854775807, level long, size int)
                  -> (next bool[compressed[N]], depth_out long[N] fill 9223372036854775807, level_out long, size_out int)
                pull = size > threshold
                next[j] = ifelse(pull, AT[j][k], A[k][j]) && frontier[k] && depth[j] == 9223372036854775807 | k:(OR, false)
                depth_out[j] = ifelse(next[j], level + 1, depth[j])
                level_out = level + 1
                size_out = next[j] | j:(+, 0)
            End

            Let Main() -> (depth long[N] fill 9223372036854775807)
                frontier bool[compressed[N]]
                depth0 long[N] fill 9223372036854775807
                frontier[j] = j == source
                depth0[j] = ifelse(j == source, 0, fill)
                FormatRule #1 compressed -> bitmap @ #4 > threshold
                _, depth, _, _ = Step*(frontier, depth0, 0, 1) | #4 == 0
            End
            """;

    @Test
    void bfsOverACompressedFrontierAgreesWithTheReference() {
        int oldChunk = ChunkRunner.minChunk(2);
        try {
            CheckedProgram p = Fixtures.program("bfs-compressed.stag", BFS);
            for (long seed = 1; seed <= 10; seed++) {
                int n = 20 + (int) (seed * 13 % 60);
                RefTensor a = Fixtures.graph(seed, n, 3.0 / n, false);
                Map<String, RefTensor> inputs = Map.of("A", a, "AT", Fixtures.transpose(a));
                for (String threshold : new String[] {"0", "3", "" + n}) {
                    for (int threads = 1; threads <= 2; threads++) {
                        Fixtures.compare(p, Map.of("N", "" + n, "source", "" + (seed % n), "threshold", threshold), inputs,
                                Map.of(), threads);
                    }
                }
            }
        } finally {
            ChunkRunner.minChunk(oldChunk);
        }
    }

    /**
     * A push from many hubs to every vertex (a star graph's shape): the frontier's entries split into many chunks
     * that all reach the same coordinates, and each chunk writes its own partial entries; the result has one entry
     * per coordinate, with one and two threads.
     */
    @Test
    void chunksOfAPushThatReachTheSameCoordinatesGiveOneEntryEach() {
        CheckedProgram p = Fixtures.program("hubs.stag", """
                N int
                hubs int
                A bool[N][compressed[N]]
                Let Main() -> (o bool[compressed[N]])
                    f bool[compressed[N]]
                    f[i] = i < hubs
                    o[j] = A[k][j] && f[k] | k:(OR, false) Ord k, j
                End
                """);
        int n = 600;
        int hubs = 90;
        RefTensor a = new RefTensor(org.stag.engine.front.ScalarType.BOOL, new int[] {n, n}, false);
        for (int h = 0; h < hubs; h++) {
            for (int j = 0; j < n; j += 1 + h % 2) {
                a.set(true, h, j);
            }
        }
        for (int threads = 1; threads <= 2; threads++) {
            Map<String, Object> out = Fixtures.compare(p, Map.of("N", "" + n, "hubs", "" + hubs), Map.of("A", a), Map.of(), threads);
            Tensor o = (Tensor) out.get("o");
            assertEquals(n, ((CompressedLevel) o.level(0)).pos()[1]);
        }
    }
}
