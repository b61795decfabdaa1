package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * How a kernel emits the entries of a sparse result: through locals (the chunk buffer's arrays and entry count),
 * the count written back at the end of the chunk, one runtime call ({@code coo.reserve}) only when the buffer is
 * full; {@code hi - lo} entries reserved once per chunk where the chunk's loop bounds its entries (and then no
 * check per entry); no value stored for a {@code bool} vector whose entries are constant. And that the results
 * are right on both paths, with buffers that grow past their initial capacity, on 1 and 2 threads.
 */
class EntryEmissionTest {
    private static final String DECLS = """
            N int
            x double[N]
            a double[compressed[N]]
            b double[compressed[N]]
            d long[N]
            A double[N][compressed[N]]
            """;

    private static CompiledDefinition compile(String decl, String statement, Map<String, String> formats) {
        String text = DECLS + "Let Main() -> (" + decl + ")\n    " + statement + "\nEnd\n";
        CheckedProgram p = new Checker().check(new Source("emit.stag", text));
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, Format> f = new HashMap<>();
        formats.forEach((k, v) -> f.put(k, FormatParser.parse(v)));
        return new DefinitionCompiler().compile(p, d, f, Map.of());
    }

    private static String run(String src) {
        return src.substring(src.indexOf("public void run("), src.indexOf("public void finish("));
    }

    @Test
    void aBoolVectorOverTheChunkedIndexReservesOncePerChunkAndStoresNoValue() {
        CompiledDefinition k = compile("o bool[compressed[N]]", "o[j] = d[j] < 5",
                Map.of("d", "dense", "o", "compressed"));
        String src = run(k.plan().source().text());
        assertTrue(src.contains("coo.reserve(hi - lo);"), src);
        assertTrue(src.contains("coo_c0[coo_n++] = i_j;"), src);
        assertTrue(src.trim().endsWith("coo.size = coo_n;\n    }") || src.contains("coo.size = coo_n;\n    }"), src);
        assertFalse(src.contains("coo.next()"), src);
        assertFalse(src.contains("coo_c0.length"), "no check per entry:\n" + src);
        assertFalse(src.contains("bv") || src.contains("coo_v"), "no value stored:\n" + src);
        assertEquals("true", k.plan().notes().get("entries"));
    }

    @Test
    void aDoubleVectorOverTheChunkedIndexReservesOnceAndStoresItsValues() {
        CompiledDefinition k = compile("o double[compressed[N]]", "o[j] = x[j] * 2.0", Map.of("x", "dense", "o", "compressed"));
        String src = run(k.plan().source().text());
        assertTrue(src.contains("coo.reserve(hi - lo);"), src);
        assertTrue(src.contains("final double[] coo_v = coo.dv;"), src);
        assertTrue(src.contains("coo_v[coo_n] = "), src);
        assertFalse(src.contains("coo_c0.length"), src);
        assertNull(k.plan().notes().get("entries"));
    }

    @Test
    void aUnionEmitsThroughLocalsAndGrowsThroughOneCallWhenFull() {
        CompiledDefinition k = compile("o double[compressed[N]]", "o[j] = a[j] + b[j]",
                Map.of("a", "compressed", "b", "compressed", "o", "compressed"));
        String src = run(k.plan().source().text());
        assertFalse(src.contains("coo.reserve(hi - lo)"), "a union is not chunked: no bound:\n" + src);
        assertTrue(src.contains("if (coo_n == coo_c0.length) {"), src);
        assertEquals(src.split("coo\\.reserve\\(1\\)", -1).length - 1, src.split("coo_n == coo_c0.length", -1).length - 1, src);
        assertTrue(src.replaceAll("\\s+", " ").contains("if (coo_n == coo_c0.length) { coo.size = coo_n; coo.reserve(1); "
                + "coo_c0 = coo.crd[0]; coo_v = coo.dv; }"), src);
        assertFalse(src.contains("coo.next()"), src);
    }

    @Test
    void aBoolResultInADynamicFormatStillStoresItsValues() {
        CompiledDefinition k = compile("o bool[list[N]]", "o[j] = d[j] < 5", Map.of("d", "dense", "o", "list"));
        String src = run(k.plan().source().text());
        assertTrue(src.contains("coo_v[coo_n] = "), "Tensor.build reads them:\n" + src);
        assertNull(k.plan().notes().get("entries"));
    }

    @Test
    void aScatterFlushReservesItsListOnce() {
        CompiledDefinition k = compile("o double[compressed[N]]", "o[j] = A[k][j] * a[k] | k:(+, 0.0) Ord k, j",
                Map.of("A", "dense,compressed", "a", "compressed", "o", "compressed"));
        String src = run(k.plan().source().text());
        assertTrue(src.contains("if (coo_n + w_n > coo_c0.length) {"), src);
        assertTrue(src.contains("coo.reserve(w_n);"), src);
        assertFalse(src.contains("coo_n == coo_c0.length"), src);
    }

    /** The bounded path over several chunks of 256, each reserving past the initial 16 entries, 1 and 2 threads. */
    @Test
    void boundedChunksGiveTheEntries() {
        int n = 5_000;
        long[] d = new long[n];
        double[] x = new double[n];
        Random r = new Random(7);
        for (int i = 0; i < n; i++) {
            d[i] = r.nextInt(10);
            x[i] = r.nextInt(3);
        }
        Tensor dt = Tensor.ofDense(FormatParser.parse("dense"), new int[] {n}, Values.ofLongs(d));
        Tensor xt = Tensor.ofDense(FormatParser.parse("dense"), new int[] {n}, Values.ofDoubles(x));
        CompiledDefinition bools = compile("o bool[compressed[N]]", "o[j] = d[j] < 5", Map.of("d", "dense", "o", "compressed"));
        CompiledDefinition doubles = compile("o double[compressed[N]]", "o[j] = x[j] * 2.0", Map.of("x", "dense", "o", "compressed"));
        for (int threads = 1; threads <= 2; threads++) {
            Tensor o = (Tensor) bools.run(Map.of("d", dt, "N", n), threads);
            int want = 0;
            for (int i = 0; i < n; i++) {
                want += d[i] < 5 ? 1 : 0;
                assertEquals(d[i] < 5, o.getAsBoolean(i), "bool " + i);
            }
            assertEquals(want, o.componentCount());
            Tensor y = (Tensor) doubles.run(Map.of("x", xt, "N", n), threads);
            want = 0;
            for (int i = 0; i < n; i++) {
                want += x[i] != 0 ? 1 : 0;
                assertEquals(x[i] * 2.0, y.getAsDouble(i), "double " + i);
            }
            assertEquals(want, y.componentCount());
        }
    }

    /** The checked path: one chunk of a union emits thousands of entries, growing its buffer many times. */
    @Test
    void aFullBufferGrowsAndKeepsItsEntries() {
        int n = 20_000;
        Random r = new Random(11);
        double[] av = new double[n];
        double[] bv = new double[n];
        for (int i = 0; i < n; i++) {
            av[i] = r.nextInt(4) == 0 ? r.nextInt(5) + 1 : 0;
            bv[i] = r.nextInt(4) == 0 ? r.nextInt(5) + 1 : 0;
        }
        Tensor a = sparse(av);
        Tensor b = sparse(bv);
        CompiledDefinition k = compile("o double[compressed[N]]", "o[j] = a[j] + b[j]",
                Map.of("a", "compressed", "b", "compressed", "o", "compressed"));
        for (int threads = 1; threads <= 2; threads++) {
            Tensor o = (Tensor) k.run(Map.of("a", a, "b", b, "N", n), threads);
            int want = 0;
            for (int i = 0; i < n; i++) {
                want += av[i] + bv[i] != 0 ? 1 : 0;
                assertEquals(av[i] + bv[i], o.getAsDouble(i), "entry " + i);
            }
            assertTrue(want > 1_000);
            assertEquals(want, o.componentCount());
        }
    }

    private static Tensor sparse(double[] v) {
        int nnz = 0;
        for (double e : v) {
            nnz += e != 0 ? 1 : 0;
        }
        int[] crd = new int[nnz];
        double[] vals = new double[nnz];
        for (int i = 0, q = 0; i < v.length; i++) {
            if (v[i] != 0) {
                crd[q] = i;
                vals[q++] = v[i];
            }
        }
        return Tensor.sortedVector(FormatParser.parse("compressed"), v.length, crd, nnz, Values.ofDoubles(vals));
    }

    @Test
    void reserveGrowsOnlyWhenShortAndKeepsTheEntries() {
        CooBuffer b = new CooBuffer(2, ScalarType.INT);
        for (int e = 0; e < 40; e++) {
            int at = b.next();
            b.crd[0][at] = e;
            b.crd[1][at] = -e;
            b.iv[at] = 2 * e;
        }
        int[] before = b.crd[0];
        b.reserve(before.length - b.size);
        assertTrue(before == b.crd[0], "long enough: not replaced");
        b.reserve(1_000);
        assertTrue(b.crd[0].length >= 1_040 && b.crd[1].length == b.crd[0].length && b.iv.length == b.crd[0].length);
        for (int e = 0; e < 40; e++) {
            assertEquals(e, b.crd[0][e]);
            assertEquals(-e, b.crd[1][e]);
            assertEquals(2 * e, b.iv[e]);
        }
        assertEquals(40, b.size);
    }

    @Test
    void aBufferWithoutValuesHasNoValueArrays() {
        CooBuffer b = new CooBuffer(1, ScalarType.BOOL, false);
        assertFalse(b.hasValues());
        assertNull(b.bv);
        b.reserve(100);
        assertNull(b.bv);
        assertTrue(b.crd[0].length >= 100);
    }

    @Test
    void reserveRefusesANegativeCountAndAnOverflow() {
        CooBuffer b = new CooBuffer(1, ScalarType.DOUBLE);
        assertThrows(IllegalArgumentException.class, () -> b.reserve(-1));
        b.size = 10;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.reserve(Integer.MAX_VALUE - 10));
        assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
    }
}
