package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * Compiled kernels read sharded dynamic levels, and see batch updates: a matrix in {@code dense,X} (every
 * shipped schema) or {@code bst,ctree}, with shards of 8 rows and chunks of 4, runs SpMV; after every
 * insert or delete batch through the same tensor the same compiled kernel runs again, and each result
 * equals the SpMV of a {@code dense,compressed} matrix built from scratch from a {@code TreeMap} model,
 * with no format conversion in between. Values are small integers, so every summation order gives the
 * same doubles.
 */
class ShardedKernelTest {
    private static final String SPMV = """
            N int
            A double[N][N]
            x double[N]
            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;
    private static final int N = 203;
    private int savedBits;
    private int savedChunk;

    @BeforeEach
    void smallShardsAndChunks() {
        savedBits = ShardedRows.fixBits(3);
        savedChunk = ChunkRunner.minChunk(4);
    }

    @AfterEach
    void restore() {
        ShardedRows.fixBits(savedBits);
        ChunkRunner.minChunk(savedChunk);
    }

    static Stream<String> formats() {
        List<String> f = new ArrayList<>();
        for (String name : BuiltinFormats.names()) {
            f.add("dense," + name);
        }
        f.add("bst,ctree");
        return f.stream();
    }

    private static CompiledDefinition spmv(Format a) {
        CheckedProgram p = new Checker().check(new Source("spmv.stag", SPMV));
        Definition d = (Definition) p.main().decl().body().get(0);
        return new DefinitionCompiler().compile(p, d, Map.of("A", a, "x", FormatParser.parse("dense"),
                "y", FormatParser.parse("dense")), Map.of());
    }

    private static Tensor csr(Format f, TreeMap<Long, Double> m) {
        return Tensors.csr(f, N, m);
    }

    private static double[] run(CompiledDefinition k, Tensor a, Tensor x, int threads) {
        Tensor y = (Tensor) k.run(Map.of("A", a, "x", x, "N", N), threads);
        return ((DoubleValues) y.values()).array().clone();
    }

    @org.junit.jupiter.api.Test
    void chunksOfDenseRowsStopAtShardBoundaries() {
        Tensor ctree = csr(FormatParser.parse("dense,ctree"), new TreeMap<>());
        Tensor bst = csr(FormatParser.parse("bst,ctree"), new TreeMap<>());
        Tensor plain = csr(FormatParser.parse("dense,compressed"), new TreeMap<>());
        int saved = ChunkRunner.minChunk(100);
        try {
            // No sharded operand under dense rows: the size rule alone, not a power of two.
            assertEquals(ChunkRunner.chunkSize(N), ChunkRunner.chunkSize(N, new Tensor[] {plain, bst, null}));
            assertEquals(100, ChunkRunner.chunkSize(N, new Tensor[] {plain}));
            // Shards of 8 rows: chunks of 8, so no chunk spans two shards.
            assertEquals(8, ChunkRunner.chunkSize(N, new Tensor[] {plain, ctree}));
            ShardedRows.fixBits(10);
            Tensor wide = csr(FormatParser.parse("dense,ctree"), new TreeMap<>());
            // Shards of 1024 rows: the chunk of 100 rounds up to 128, which divides a shard.
            assertEquals(128, ChunkRunner.chunkSize(N, new Tensor[] {wide}));
            assertEquals(1024, ChunkRunner.chunkSize(4_000_000, new Tensor[] {wide}));
        } finally {
            ChunkRunner.minChunk(saved);
        }
    }

    @ParameterizedTest
    @MethodSource("formats")
    void spmvSeesEveryBatch(String spec) {
        Format f = FormatParser.parse(spec);
        SplittableRandom rnd = new SplittableRandom(spec.hashCode() * 31L);
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int r = 0; r < N; r++) {
            int n = r % 6 == 0 ? 0 : r % 11 == 0 ? 90 : rnd.nextInt(10);
            for (int e = 0; e < n; e++) {
                model.put(((long) r << 32) | rnd.nextInt(N), (double) rnd.nextInt(1, 9));
            }
        }
        double[] xs = new double[N];
        for (int i = 0; i < N; i++) {
            xs[i] = rnd.nextInt(-5, 6);
        }
        Tensor x = Tensor.ofDense(FormatParser.parse("dense"), new int[] {N}, Values.ofDoubles(xs));
        Tensor a = csr(f, model);
        assertTrue(((DynamicLevel) a.level(1)).shardCount() > 8, spec + ": not sharded");
        CompiledDefinition k = spmv(f);
        CompiledDefinition reference = spmv(FormatParser.parse("dense,compressed"));
        for (int round = 0; round < 5; round++) {
            if (round > 0) {
                // Rounds 3 and 4 are large enough to be applied by shards in parallel.
                int n = round >= 3 ? 2500 + rnd.nextInt(300) : 1 + rnd.nextInt(300);
                int[] r = new int[n];
                int[] c = new int[n];
                double[] v = new double[n];
                for (int e = 0; e < n; e++) {
                    r[e] = rnd.nextInt(N);
                    c[e] = rnd.nextInt(N);
                    v[e] = rnd.nextInt(1, 9);
                }
                long conversions = Tensor.conversionCount();
                Tensors.applyBatch(a, model, r, c, v, n, round % 2 == 1);
                double[] one = run(k, a, x, 1);
                assertEquals(conversions, Tensor.conversionCount(), spec + ": a conversion between batch and run");
                assertArrayEquals(one, run(k, a, x, 2), spec + " round " + round + ": 1 vs 2 threads");
                assertArrayEquals(run(reference, csr(FormatParser.parse("dense,compressed"), model), x, 1), one,
                        spec + " round " + round);
            } else {
                assertArrayEquals(run(reference, csr(FormatParser.parse("dense,compressed"), model), x, 1), run(k, a, x, 2),
                        spec + " as built");
            }
        }
    }
}
