package org.stag.engine.loopir.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.engine.kernellib.Workspace;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.level.Capability;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.Property;

/**
 * The code {@link SchemaLevelCode} emits, compiled with Janino and run on random levels of every shipped
 * dynamic format (and variants over edited schemas), in both value modes, against the format's own
 * {@code collect}, {@code locate} and {@code value}: the unordered visit yields exactly the stored elements,
 * the in-order visit and the cursor yield them in traversal order (increasing for ordered schemas), a
 * {@code break} stops a visit, and locate finds every stored coordinate and nothing else.
 */
class SchemaLevelCodeTest {
    private static final int[] FIRST_K = {1, 3, 50};

    static Stream<Arguments> cases() {
        List<Arguments> a = new ArrayList<>();
        for (LevelCases.Spec s : LevelCases.all()) {
            for (boolean sharded : new boolean[] {false, true}) {
                a.add(Arguments.of(s, true, sharded));
                a.add(Arguments.of(s, false, sharded));
            }
        }
        return a.stream();
    }

    @ParameterizedTest(name = "{0}, values={1}, shards of 4 rows={2}")
    @MethodSource("cases")
    void generatedCodeAgreesWithTheFormat(LevelCases.Spec spec, boolean doubles, boolean sharded) {
        long seed = 1000L + spec.name().hashCode() * 31L + (doubles ? 1 : 0);
        // Sharded: every few rows live in another store, so visits, cursors and searches switch arrays.
        int saved = ShardedRows.fixBits(sharded ? 2 : -1);
        LevelCases.Case c;
        try {
            c = LevelCases.build(spec, doubles, seed);
        } finally {
            ShardedRows.fixBits(saved);
        }
        assertEquals(sharded, c.level().shardCount() > 1, c.what() + ": " + c.level().shardCount() + " shards");
        DynamicLevelFormat f = spec.levelFormat();
        SchemaLevelCode code = new SchemaLevelCode(f, "A1", doubles);
        assertEquals(f.has(Capability.LOCATE), code.canLocate(), c.what() + ": " + code.whyNoLocate());
        assertEquals(f.is(Property.ORDERED), code.ordered(), c.what());
        assertFalse(code.full());
        assertEquals(doubles, code.holdsValues());
        assertEquals("A1", code.prefix());

        SchemaKernels k = new SchemaKernels(code);
        emittedCodeIsTight(c.what(), k);
        Workspace ws = new Workspace();
        int rows = c.rows();
        LevelCases.Row[] want = new LevelCases.Row[rows];
        int total = 0;
        for (int p = 0; p < rows; p++) {
            want[p] = c.row(p);
            total += want[p].size();
            if (code.ordered()) {
                assertIncreasing(c.what() + " collect, row " + p, want[p].crd());
            }
        }
        assertTrue(total > 10_000, c.what() + ": only " + total + " elements");
        // In order means by increasing coordinate: a schema that keeps a row in any order is sorted first.
        LevelCases.Row[] inOrder = code.ordered() ? want : new LevelCases.Row[rows];
        for (int p = 0; p < rows && !code.ordered(); p++) {
            inOrder[p] = sortedRow(want[p]);
        }
        int[] outP = new int[total];
        int[] outC = new int[total];
        double[] outV = new double[total];

        // Twice with one workspace: the second run reuses (and must not be confused by) grown stacks.
        for (int run = 0; run < 2; run++) {
            int n = k.visit("unordered", c.level(), ws, rows, 0, outP, outC, outV);
            checkSets(c.what() + " unordered", want, n, outP, outC, outV);
            n = k.visit("inorder", c.level(), ws, rows, 0, outP, outC, outV);
            checkSequences(c.what() + " in-order", inOrder, n, outP, outC, outV);
            n = k.visit("cursor", c.level(), ws, rows, 0, outP, outC, outV);
            checkSequences(c.what() + " cursor", inOrder, n, outP, outC, outV);
        }
        for (int first : FIRST_K) {
            int n = k.visit("firstK", c.level(), ws, rows, first, outP, outC, outV);
            checkFirstK(c.what() + " unordered, break after " + first, want, first, false, n, outP, outC, outV);
            n = k.visit("firstKInOrder", c.level(), ws, rows, first, outP, outC, outV);
            checkFirstK(c.what() + " in-order, break after " + first, inOrder, first, true, n, outP, outC, outV);
        }
        checkLocate(c, k, ws, want, new SplittableRandom(seed));
    }

    /** The row's elements by increasing coordinate. */
    private static LevelCases.Row sortedRow(LevelCases.Row r) {
        Integer[] order = new Integer[r.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Integer.compare(r.crd()[a], r.crd()[b]));
        int[] crd = new int[order.length];
        double[] val = new double[order.length];
        for (int i = 0; i < order.length; i++) {
            crd[i] = r.crd()[order[i]];
            val[i] = r.val()[order[i]];
        }
        return new LevelCases.Row(crd, val);
    }

    /** Per row, the visited (coordinate, value) pairs are exactly the stored ones, each once. */
    static void checkSets(String what, LevelCases.Row[] want, int n, int[] outP, int[] outC, double[] outV) {
        List<List<double[]>> got = byRow(want.length, n, outP, outC, outV);
        for (int p = 0; p < want.length; p++) {
            List<double[]> g = got.get(p);
            g.sort((a, b) -> Double.compare(a[0], b[0]));
            List<double[]> w = pairs(want[p]);
            w.sort((a, b) -> Double.compare(a[0], b[0]));
            assertPairs(what + ", row " + p, w, g);
        }
    }

    /** Per row, the visited pairs are the stored ones in traversal order (as {@code collect} writes them). */
    static void checkSequences(String what, LevelCases.Row[] want, int n, int[] outP, int[] outC, double[] outV) {
        List<List<double[]>> got = byRow(want.length, n, outP, outC, outV);
        for (int p = 0; p < want.length; p++) {
            assertPairs(what + ", row " + p, pairs(want[p]), got.get(p));
        }
    }

    /** A visit that breaks after {@code k} elements of each row: the first k (in order), or k distinct stored ones. */
    static void checkFirstK(String what, LevelCases.Row[] want, int k, boolean inOrder, int n, int[] outP, int[] outC,
            double[] outV) {
        List<List<double[]>> got = byRow(want.length, n, outP, outC, outV);
        for (int p = 0; p < want.length; p++) {
            List<double[]> g = got.get(p);
            List<double[]> w = pairs(want[p]);
            assertEquals(Math.min(k, w.size()), g.size(), what + ", row " + p + ": visited after the break");
            if (inOrder) {
                assertPairs(what + ", row " + p, w.subList(0, g.size()), g);
            } else {
                Set<String> stored = new HashSet<>();
                for (double[] e : w) {
                    stored.add(key(e));
                }
                Set<String> seen = new HashSet<>();
                for (double[] e : g) {
                    assertTrue(stored.contains(key(e)), what + ", row " + p + ": not stored: " + key(e));
                    assertTrue(seen.add(key(e)), what + ", row " + p + ": visited twice: " + key(e));
                }
            }
        }
    }

    private static String key(double[] e) {
        return (int) e[0] + "=" + Double.doubleToLongBits(e[1]);
    }

    private static List<List<double[]>> byRow(int rows, int n, int[] outP, int[] outC, double[] outV) {
        List<List<double[]>> r = new ArrayList<>();
        for (int p = 0; p < rows; p++) {
            r.add(new ArrayList<>());
        }
        for (int j = 0; j < n; j++) {
            r.get(outP[j]).add(new double[] {outC[j], outV[j]});
        }
        return r;
    }

    private static List<double[]> pairs(LevelCases.Row row) {
        List<double[]> l = new ArrayList<>();
        for (int j = 0; j < row.size(); j++) {
            l.add(new double[] {row.crd()[j], row.val()[j]});
        }
        return l;
    }

    private static void assertPairs(String what, List<double[]> want, List<double[]> got) {
        int common = Math.min(want.size(), got.size());
        for (int j = 0; j < common; j++) {
            double[] w = want.get(j);
            double[] g = got.get(j);
            if (w[0] != g[0] || Double.doubleToLongBits(w[1]) != Double.doubleToLongBits(g[1])) {
                throw new AssertionError(what + ": element " + j + " is (" + (int) g[0] + ", " + g[1] + "), expected ("
                        + (int) w[0] + ", " + w[1] + ")");
            }
        }
        assertEquals(want.size(), got.size(), what + ": number of elements");
    }

    private static void assertIncreasing(String what, int[] c) {
        for (int j = 1; j < c.length; j++) {
            assertTrue(c[j - 1] < c[j], what + ": " + c[j - 1] + " then " + c[j]);
        }
    }

    /** Rows with more stored coordinates than this are located at a sample of them (the rest of a row is alike). */
    static final int LOCATE_ALL = 1000;

    /**
     * Stored coordinates, and absent ones around them: 0 and n - 1, each neighbour of a queried stored
     * coordinate, and random ones; in every row (empty rows too). A row of at most {@link #LOCATE_ALL}
     * elements is queried at every stored coordinate; a longer one (the 3,000 to 20,000-element rows) at
     * about {@code LOCATE_ALL} of them spread evenly from a random offset, its first and its last: locating
     * each of 20,000 elements in a linked list of blocks, twice, took most of this class's time.
     */
    private static void checkLocate(LevelCases.Case c, SchemaKernels k, Workspace ws, LevelCases.Row[] want,
            SplittableRandom rnd) {
        // Distinct (row, coordinate) queries; which of them are stored is known from the sorted rows.
        Set<Long> seen = new HashSet<>();
        List<int[]> q = new ArrayList<>();
        int[][] sorted = new int[want.length][];
        for (int p = 0; p < want.length; p++) {
            int[] crd = want[p].crd();
            sorted[p] = crd.clone();
            Arrays.sort(sorted[p]);
            List<Integer> cs = new ArrayList<>(List.of(0, LevelCases.COLS - 1, rnd.nextInt(LevelCases.COLS)));
            int stride = crd.length <= LOCATE_ALL ? 1 : (crd.length + LOCATE_ALL - 1) / LOCATE_ALL;
            for (int j = stride == 1 ? 0 : rnd.nextInt(stride); j < crd.length; j += stride) {
                cs.add(crd[j]);
            }
            if (crd.length > 0) {
                cs.add(crd[0]);
                cs.add(crd[crd.length - 1]);
            }
            for (int j = 3, n = cs.size(); j < n; j++) {
                cs.add(cs.get(j) - 1);
                cs.add(cs.get(j) + 1);
            }
            for (int x : cs) {
                if (x >= 0 && x < LevelCases.COLS && seen.add(((long) p << 32) | x)) {
                    q.add(new int[] {p, x});
                }
            }
        }
        int m = q.size();
        int[] qp = new int[m];
        int[] qc = new int[m];
        int stored = 0;
        for (int j = 0; j < m; j++) {
            qp[j] = q.get(j)[0];
            qc[j] = q.get(j)[1];
            stored += Arrays.binarySearch(sorted[qp[j]], qc[j]) >= 0 ? 1 : 0;
        }
        double[] out = new double[m];
        k.locate(c.level(), ws, m, qp, qc, out);
        int found = 0;
        for (int j = 0; j < m; j++) {
            double expected = c.doubles() ? c.level().value(qp[j], qc[j]) : c.level().locate(qp[j], qc[j]);
            if (Double.doubleToLongBits(expected) != Double.doubleToLongBits(out[j])) {
                throw new AssertionError(c.what() + ": locate(row " + qp[j] + ", " + qc[j] + ") = " + out[j]
                        + ", expected " + expected);
            }
            found += c.doubles() ? (Double.isNaN(out[j]) ? 0 : 1) : (out[j] < 0 ? 0 : 1);
        }
        assertEquals(stored, found, c.what() + ": stored coordinates found");
        assertTrue(stored > 2 * LOCATE_ALL, c.what() + ": only " + stored + " stored coordinates queried");
        assertTrue(m - found > stored, c.what() + ": too few absent queries");
    }

    private static final Pattern CALL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");
    /** The load of a shard's arrays, guarded by the shard compare ({@code SchemaModel.enter}); it has no nested block. */
    private static final Pattern SHARD_LOAD = Pattern.compile("if \\([^\\n]* >>> \\w+_bits != \\w+_shard\\) \\{[^{}]*\\}");
    private static final Set<String> ALLOWED_CALLS = Set.of("if", "for", "while", "switch", "copyOf", "keepInts", "keepDoubles", "max", "sortPairs",
            // a varint chunk's decode and its raw values (ChunkCodes' static helpers, inlined by the JIT)
            "word", "stop", "value", "value5", "bytes", "intAt", "doubleAt");

    /**
     * The code that runs per row or per query allocates nothing ({@code Arrays.copyOf} grows a stack when it
     * is full) and calls nothing but that, {@code ws.keepInts}/{@code keepDoubles}, a varint chunk's decode helpers and, for a schema whose
     * traversal is not in coordinate order, {@code Sorts.sortPairs} (a row sorted in place), apart from loading a shard's arrays when
     * the row's shard differs from the one loaded (one such guarded load per structure entered); no
     * generated code calls a format class.
     */
    static void emittedCodeIsTight(String what, SchemaKernels k) {
        assertFalse(k.source.contains("org.stag.formats.dynamic.impl"), what + ": calls a format implementation");
        assertFalse(k.perRowCode.contains("new "), what + ": allocates per row:\n" + k.perRowCode);
        // Entering a row compares its shard with the one loaded; only a change of shard loads arrays.
        Matcher load = SHARD_LOAD.matcher(k.perRowCode);
        int loads = 0;
        while (load.find()) {
            loads++;
        }
        // A structure is entered through its root handle, or (node index with root runs) through its row record.
        int entries = k.perRowCode.split("_roots\\[", -1).length - 1 + k.perRowCode.split("_obase\\) \\* 4;", -1).length - 1;
        assertTrue(entries > 0 && loads == entries, what + ": " + loads + " shard checks for " + entries + " structures entered");
        String code = SHARD_LOAD.matcher(k.perRowCode).replaceAll("").replaceAll("(?m)^\\s*//.*$", "");
        Matcher mt = CALL.matcher(code);
        while (mt.find()) {
            assertTrue(ALLOWED_CALLS.contains(mt.group(1)), what + ": calls " + mt.group(1) + " per row");
        }
    }

    @Test
    void theChecksCatchWrongVisits() {
        LevelCases.Row[] want = {new LevelCases.Row(new int[] {2, 5, 9}, new double[] {1, 2, 3})};
        int[] p = {0, 0, 0};
        int[] c = {2, 5, 9};
        double[] v = {1, 2, 3};
        checkSets("right", want, 3, p, c, v);
        checkSequences("right", want, 3, p, c, v);
        checkFirstK("right", want, 2, true, 2, p, c, v);
        assertThrows(AssertionError.class, () -> checkSets("dropped", want, 2, p, c, v));
        assertThrows(AssertionError.class, () -> checkSets("value", want, 3, p, c, new double[] {1, 2, 4}));
        assertThrows(AssertionError.class, () -> checkSets("twice", want, 3, p, new int[] {2, 5, 5}, new double[] {1, 2, 2}));
        assertThrows(AssertionError.class, () -> checkSequences("order", want, 3, p, new int[] {5, 2, 9},
                new double[] {2, 1, 3}));
        assertThrows(AssertionError.class, () -> checkFirstK("no break", want, 2, true, 3, p, c, v));
        assertThrows(AssertionError.class, () -> checkFirstK("no break", want, 2, false, 3, p, c, v));
        assertThrows(AssertionError.class, () -> checkFirstK("twice", want, 2, false, 2, p, new int[] {2, 2},
                new double[] {1, 1}));
    }
}
