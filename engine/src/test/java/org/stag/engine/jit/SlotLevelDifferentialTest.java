package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ScalarType;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceCases;
import org.stag.engine.reference.ReferenceEvaluator;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;

/**
 * Issue 33: the new levels (range and offset: DIA and its variants; the padded singleton under a slot level: ELL) in
 * every combination with the existing levels that the capabilities allow, in SpMV, SpMM, element-wise add and multiply,
 * MTTKRP and TTV, on random tensors from fixed seeds, each equal to the reference evaluator (order 1 to 3), on one and
 * two threads. A slot level an addition cannot drive goes through the iterator conversion stage, and is checked the
 * same way.
 */
class SlotLevelDifferentialTest {
    private static final long SEED = 20261129L;

    /** Matrices in the new formats. */
    static final List<String> NEW_MATRIX = List.of("dense,range,offset", "dense,compressed,offset", "dense,dense,singleton",
            "dense,compressed,singleton", "dense,range,offset;order=1,0", "dense,compressed,offset;order=1,0",
            "dense,dense,singleton;order=1,0", "dense,compressed,singleton;order=1,0");
    /** Matrices in the existing formats, static and dynamic. */
    static final List<String> OLD_MATRIX = List.of("dense,compressed", "dense,dense", "compressed,compressed", "dense,hashed",
            "dense,bitmap", "dense,ctree", "dense,bst", "dense,compressed;order=1,0");
    /** Vectors: every static level and two dynamic ones, and a vector in slots. */
    static final List<String> VECTORS = List.of("dense", "compressed", "hashed", "bitmap", "list", "ctree", "dense,singleton",
            "compressed(nonunique)");
    /** Order-3 tensors in the new formats and in existing ones. */
    static final List<String> ORDER3 = List.of("compressed(nonunique),singleton(nonunique),singleton", "dense,range,offset,compressed",
            "dense,dense,dense,singleton", "dense,compressed,offset,dense", "dense,dense,compressed,singleton",
            "dense,compressed,compressed", "compressed,compressed,compressed", "dense,dense,dense");
    /** Result formats, taken in turn. */
    static final List<String> MATRIX_RESULTS = List.of("dense,dense", "dense,compressed", "dense,range,offset", "dense,dense,singleton",
            "compressed(nonunique),singleton", "dense,ctree");
    static final List<String> VECTOR_RESULTS = List.of("dense", "compressed", "dense,singleton", "list");

    private record Spec(String name, String decls, String out, String statement, List<String> order3) {
    }

    @Test
    void newLevelsAgreeWithTheReferenceInEveryAllowedCombination() {
        int oldChunk = org.stag.engine.kernellib.ChunkRunner.minChunk(2);
        try {
            run();
        } finally {
            org.stag.engine.kernellib.ChunkRunner.minChunk(oldChunk);
        }
    }

    private void run() {
        DefinitionCompiler dc = new DefinitionCompiler();
        List<String> failures = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        int cases = 0;
        List<String> matrices = new ArrayList<>(NEW_MATRIX);
        matrices.addAll(OLD_MATRIX);
        // SpMV: every new matrix format with every vector format.
        for (String a : NEW_MATRIX) {
            for (String x : VECTORS) {
                cases += check(dc, "spmv", "A double[M][N]\nx double[N]", "double[M]", "out[i] = A[i][j] * x[j] | j:(+, 0.0)",
                        Map.of("A", a, "x", x), VECTOR_RESULTS, cases, failures, refused);
            }
        }
        // SpMM, add and multiply: every new matrix format with every matrix format, new or existing, on either side.
        for (String a : NEW_MATRIX) {
            for (String b : matrices) {
                cases += check(dc, "spmm", "A double[M][N]\nB double[N][K]", "double[M][K]", "out[i][k] = A[i][j] * B[j][k] | j:(+, 0.0)",
                        Map.of("A", a, "B", b), MATRIX_RESULTS, cases, failures, refused);
                cases += check(dc, "add", "A double[M][N]\nB double[M][N]", "double[M][N]", "out[i][j] = A[i][j] + B[i][j]",
                        Map.of("A", a, "B", b), MATRIX_RESULTS, cases, failures, refused);
                cases += check(dc, "mul", "A double[M][N]\nB double[M][N]", "double[M][N]", "out[i][j] = B[i][j] * A[i][j]",
                        Map.of("A", b, "B", a), MATRIX_RESULTS, cases, failures, refused);
            }
        }
        // MTTKRP and TTV over order-3 tensors in every format, with factors and vectors in turn.
        for (String t : ORDER3) {
            for (String f : matrices) {
                cases += check(dc, "mttkrp", "T double[M][N][K]\nC double[N][R]\nD double[K][R]", "double[M][R]",
                        "out[i][r] = T[i][k][l] * C[k][r] * D[l][r] | k:(+, 0.0), l:(+, 0.0)",
                        Map.of("T", t, "C", f, "D", matrices.get((matrices.indexOf(f) + 3) % matrices.size())),
                        MATRIX_RESULTS, cases, failures, refused);
            }
            for (String v : VECTORS) {
                cases += check(dc, "ttv", "T double[M][N][K]\nv double[K]", "double[M][N]", "out[i][j] = T[i][j][k] * v[k] | k:(+, 0.0)",
                        Map.of("T", t, "v", v), MATRIX_RESULTS, cases, failures, refused);
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + cases + " cases failed:\n"
                + String.join("\n", failures.subList(0, Math.min(30, failures.size()))));
        // What the capabilities do not allow: two operands over the same two indices, one stored by rows and the other
        // by columns, each with a level that cannot locate (each needs its own index first). Nothing else is refused.
        for (String r : refused) {
            assertTrue(r.contains("order=1,0"), r);
        }
        System.out.println("SlotLevelDifferentialTest: " + (cases - refused.size()) + " generated cases ran, " + refused.size()
                + " refused (no loop order): " + String.join("; ", refused.subList(0, Math.min(3, refused.size()))));
        assertTrue(cases - refused.size() >= 500, "only " + (cases - refused.size()) + " generated cases ran (" + refused.size()
                + " refused)");
    }

    /**
     * One generated case: random inputs (banded, so that DIA holds few diagonals, in every other case) from a seed of its
     * own, the kernel compiled over the given formats with the result in the next of {@code results}, run with 1 and 2
     * threads, both equal to the reference. Returns 1 (the case counted), recording failures, and the combinations the
     * compiler refuses (no loop order iterates them) in {@code refused}.
     */
    private static int check(DefinitionCompiler dc, String kernel, String decls, String out, String statement,
                             Map<String, String> formats, List<String> results, int n, List<String> failures,
                             List<String> refused) {
        String program = "M int\nN int\nK int\nR int\n" + decls + "\nLet Main() -> (out " + out + ")\n    " + statement + "\nEnd\n";
        CheckedProgram p = new org.stag.engine.check.Checker().check(new org.stag.engine.front.Source(kernel + ".stag", program));
        Definition d = (Definition) p.main().decl().body().get(0);
        Symbol target = p.definition(d).target();
        Random rnd = new Random(SEED + n);
        Map<String, Integer> sizes = new HashMap<>();
        for (String s : List.of("M", "N", "K", "R")) {
            sizes.put(s, 1 + rnd.nextInt(kernel.equals("mttkrp") || kernel.equals("ttv") ? 6 : 10));
        }
        Map<String, RefTensor> inputs = new HashMap<>();
        Map<String, Object> bind = new HashMap<>(sizes);
        Map<String, Format> fs = new HashMap<>();
        String outFormat = results.get(n % results.size());
        if (target.tensor().order() == 1 && !VECTOR_RESULTS.contains(outFormat)) {
            outFormat = "dense";
        }
        fs.put("out", FormatParser.parse(outFormat));
        for (Map.Entry<String, String> e : formats.entrySet()) {
            Symbol s = p.globals().get(e.getKey());
            int[] dims = s.tensor().sizes().stream().mapToInt(sizes::get).toArray();
            RefTensor t = n % 2 == 0 && dims.length >= 2 ? banded(rnd, dims) : ReferenceCases.random(rnd, ScalarType.DOUBLE, dims,
                    0.35, 0.0);
            inputs.put(e.getKey(), t);
            Format f = FormatParser.parse(e.getValue());
            fs.put(e.getKey(), f);
            bind.put(e.getKey(), Tensors.store(t, f));
        }
        String what = kernel + "#" + n + " " + formats + " out=" + outFormat + " " + sizes;
        Object expected = new ReferenceEvaluator(p, sizes, inputs).runMain().get("out");
        CompiledDefinition cd;
        try {
            cd = dc.compile(p, d, fs, Map.of());
        } catch (org.stag.engine.front.ProgramException e) {
            refused.add(what + ": " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            failures.add(what + ": compile: " + e);
            return 1;
        }
        // An operand with a slot level is read as it is stored, but in an addition, which it cannot drive: that one is
        // converted first (the iterator conversion stage).
        for (Map.Entry<String, Format> e : fs.entrySet()) {
            if (e.getValue().slots() == 0 || e.getKey().equals("out")) {
                continue;
            }
            boolean converted = cd.conversions().containsKey(e.getKey());
            if (converted != kernel.equals("add")) {
                failures.add(what + ": " + e.getKey() + (converted ? " converted to " + cd.conversions().get(e.getKey())
                        : " read directly"));
            }
        }
        for (int threads : new int[] {1, 2}) {
            try {
                Tensor r = (Tensor) cd.run(bind, threads);
                RefTensor actual = Tensors.read(r, ScalarType.DOUBLE, 0.0);
                if (!((RefTensor) expected).closeTo(actual, ReferenceCases.RELATIVE_TOLERANCE)) {
                    failures.add(what + " threads=" + threads + ": expected " + expected + " got " + actual);
                }
            } catch (RuntimeException e) {
                failures.add(what + " threads=" + threads + ": " + e);
            }
        }
        return 1;
    }

    /** A tensor whose entries lie on a few diagonals of its first two modes (a banded matrix, or a band of such). */
    private static RefTensor banded(Random rnd, int[] dims) {
        RefTensor t = new RefTensor(ScalarType.DOUBLE, dims, 0.0);
        int[] offsets = {-1, 0, 2};
        int[] c = new int[dims.length];
        fill(rnd, t, c, 2, offsets);
        return t;
    }

    private static void fill(Random rnd, RefTensor t, int[] c, int d, int[] offsets) {
        int[] dims = t.dims();
        if (d < dims.length) {
            for (int x = 0; x < dims[d]; x++) {
                c[d] = x;
                fill(rnd, t, c, d + 1, offsets);
            }
            return;
        }
        for (int i = 0; i < dims[0]; i++) {
            for (int off : offsets) {
                int j = i + off;
                if (j >= 0 && j < dims[1] && rnd.nextInt(5) > 0) {
                    c[0] = i;
                    c[1] = j;
                    t.set(0.25 * (1 + rnd.nextInt(12)), c);
                }
            }
        }
    }
}
