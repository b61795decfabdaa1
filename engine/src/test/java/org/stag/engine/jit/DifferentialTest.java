package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.Definition;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceCases;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;

/**
 * Issue 4, must-show 1: every kernel of {@link ReferenceCases} compiled over operands drawn from every static
 * level and every shipped dynamic schema (two-level formats for matrices, including column-major ones),
 * with results in static and dynamic formats, run with 1 and 2 threads, equals the reference evaluator.
 */
class DifferentialTest {
    private static final long SEED = 20261121L;
    private static final int CASES_PER_KERNEL = 3;

    /** Formats for vectors: every static level that can hold a vector, and every dynamic schema. */
    static List<String> vectorFormats() {
        List<String> f = new ArrayList<>(List.of("dense", "compressed", "hashed", "bitmap", "vbyte"));
        f.addAll(BuiltinFormats.names());
        return f;
    }

    /** Formats for matrices: rows dense or sparse, columns in every level, row- and column-major. */
    static List<String> matrixFormats() {
        List<String> f = new ArrayList<>(List.of("dense,compressed", "dense,dense", "compressed,compressed",
                "compressed(nonunique),singleton", "dense,hashed", "dense,bitmap", "compressed,dense", "hashed,compressed",
                "bitmap,compressed", "dense,compressed;order=1,0", "dense,vbyte"));
        List<String> dyn = BuiltinFormats.names();
        for (String d : dyn) {
            f.add("dense," + d);
        }
        for (int k = 0; k < dyn.size(); k++) {
            f.add(dyn.get(k) + "," + dyn.get((k + 3) % dyn.size()));
        }
        return f;
    }

    @Test
    void compiledKernelsAgreeWithTheReference() {
        // Chunks of 2 split even these small inputs, so 2 threads really run chunks in parallel.
        int oldChunk = org.stag.engine.kernellib.ChunkRunner.minChunk(2);
        try {
            run();
        } finally {
            org.stag.engine.kernellib.ChunkRunner.minChunk(oldChunk);
        }
    }

    private void run() {
        DefinitionCompiler dc = new DefinitionCompiler();
        List<String> vec = vectorFormats();
        List<String> mat = matrixFormats();
        int runs = 0;
        List<String> failures = new ArrayList<>();
        List<ReferenceCases.Kernel> kernels = ReferenceCases.kernels();
        for (int k = 0; k < kernels.size(); k++) {
            ReferenceCases.Kernel kernel = kernels.get(k);
            boolean hasOrd = kernel.statement().contains("Ord");
            int combos = Math.max(vec.size(), mat.size());
            for (int n = 0; n < CASES_PER_KERNEL; n++) {
                ReferenceCases.Case c = ReferenceCases.generate(kernel, SEED + 1000L * k + n);
                CheckedProgram p = kernel.check(Map.of());
                Definition d = (Definition) p.main().decl().body().get(0);
                Symbol target = p.definition(d).target();
                // Each case visits every other format combination (its own half); together the cases visit
                // every combination at least once, with different data.
                for (int combo = n % 2; combo < combos; combo += 2) {
                    Map<String, Format> formats = new HashMap<>();
                    Map<String, Object> bind = new HashMap<>(c.parameters());
                    List<ReferenceCases.Operand> ops = kernel.operands();
                    for (int o = 0; o < ops.size(); o++) {
                        List<String> cands = ops.get(o).sizes().size() == 1 ? vec : mat;
                        String text = cands.get((combo + 5 * o) % cands.size());
                        long matrices = ops.stream().filter(x -> x.sizes().size() == 2).count();
                        // A column-major operand beside a row-major one has no loop order (both would need
                        // their own index first); the compiler rejects that, as InvalidKernelTest shows.
                        if ((hasOrd || matrices > 1) && text.contains("order")) {
                            text = "dense,compressed";
                        }
                        Format f = FormatParser.parse(text);
                        formats.put(ops.get(o).name(), f);
                        bind.put(ops.get(o).name(), Tensors.store(c.inputs().get(ops.get(o).name()), f));
                    }
                    if (target.isTensor()) {
                        List<String> cands = target.tensor().order() == 1 ? vec : mat;
                        String text = cands.get((combo * 7 + 1) % cands.size());
                        formats.put("out", FormatParser.parse(text.contains("order") ? "dense,dense" : text));
                    }
                    CompiledDefinition cd;
                    try {
                        cd = dc.compile(p, d, formats, Map.of());
                    } catch (RuntimeException e) {
                        failures.add(c + " " + formats + ": compile: " + e);
                        continue;
                    }
                    for (int threads : new int[] {1, 2}) {
                        runs++;
                        try {
                            Object r = cd.run(bind, threads);
                            Object actual = r instanceof Tensor t
                                    ? Tensors.read(t, target.type().elem(), ((RefTensor) c.expected()).fill()) : r;
                            if (!c.matches(actual)) {
                                failures.add(c + " " + formats + " threads=" + threads + ": expected " + c.expected()
                                        + " got " + actual);
                            }
                        } catch (RuntimeException e) {
                            failures.add(c + " " + formats + " threads=" + threads + ": " + e);
                        }
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + runs + " runs failed:\n"
                + String.join("\n", failures.subList(0, Math.min(40, failures.size()))));
        assertTrue(runs >= 2000, "only " + runs + " differential runs");
        assertEquals(0, failures.size());
    }
}
