package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * Floating-point sums do not depend on the thread count: chunks are fixed by the loop's size and partial
 * sums are merged in chunk order. Values are arbitrary doubles, so any change of summation order would show
 * in the last bits.
 */
class DeterminismTest {

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,ctree", "compressed,compressed", "bst,bst"})
    void sumsAreBitForBitTheSameForAnyThreadCount(String format) {
        int n = 20_000;
        Random rnd = new Random(99);
        int m = 200_000;
        int[] r = new int[m];
        int[] c = new int[m];
        double[] v = new double[m];
        for (int e = 0; e < m; e++) {
            r[e] = rnd.nextInt(n);
            c[e] = rnd.nextInt(n);
            v[e] = rnd.nextDouble() * 1e3 - 500;
        }
        Tensor a = Tensor.build(FormatParser.parse(format), new int[] {n, n}, new int[][] {r, c}, Values.ofDoubles(v, 0.0));
        CheckedProgram p = new Checker().check(new Source("sum.stag", """
                N int
                A double[N][N]
                Let Main() -> (s double)
                    s = A[i][j] | i:(+, 0.0), j:(+, 0.0)
                End
                """));
        Definition d = (Definition) p.main().decl().body().get(0);
        CompiledDefinition k = new DefinitionCompiler().compile(p, d, Map.of("A", a.format()), Map.of());
        double one = (Double) k.run(Map.of("A", a, "N", n), 1);
        for (int threads : new int[] {2, 3, 4}) {
            assertEquals(Double.doubleToRawLongBits(one), Double.doubleToRawLongBits((Double) k.run(Map.of("A", a, "N", n), threads)),
                    "threads=" + threads);
        }
        // The sum is a real one: the chunked order differs from a plain left-to-right sum in the last bits,
        // which is why the order must be fixed.
        double plain = 0;
        org.stag.formats.tensor.TensorCursor cur = a.cursor();
        while (cur.next()) {
            plain += cur.isFill() ? 0 : cur.doubleValue();
        }
        assertNotEquals(0.0, one);
        assertEquals(plain, one, 1e-6 * Math.abs(plain) + 1e-6);
    }
}
