package org.stag.engine.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.Concretize;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * The passes rewrite a kernel's concrete index notation ({@link KernelPasses}), and the lowering walks the
 * rewritten tree (the compiled kernel's {@code cin} note).
 */
class KernelPassesTest {
    private static final String PROGRAM = """
            N int
            level long
            next bool[compressed[N]]
            depth long[N]
            a double[compressed[N]]
            b double[compressed[N]]
            x double[N]
            Let Main() -> (depth_out long[N], keep long[N], y double[N])
                depth_out[j] = ifelse(next[j], level + 1, depth[j])
                keep[j] = ifelse(next[j], depth[j], level)
                y[i] = (a[i] + b[i]) * x[i]
            End
            """;
    private static final CheckedProgram P = new Checker().check(new Source("passes.stag", PROGRAM));

    private static Definition def(int k) {
        return (Definition) P.main().decl().body().get(k);
    }

    private static Map<String, Format> formats() {
        Map<String, Format> f = new HashMap<>();
        for (String n : List.of("depth", "depth_out", "keep", "x", "y")) {
            f.put(n, FormatParser.parse("dense"));
        }
        for (String n : List.of("next", "a", "b")) {
            f.put(n, FormatParser.parse("compressed"));
        }
        return f;
    }

    private static String rewritten(int k, String order, KernelPasses passes) {
        KernelSpec spec = new KernelSpec(P, def(k), formats(), Map.of());
        return CinPrinter.print(passes.apply(spec, Concretize.of(spec, List.of(order))));
    }

    @Test
    void anInPlaceUpdateWritesTheInputsBufferAndKeepsItByAMaskedAssignment() {
        assertEquals("forall j (depth_out[j] (in depth) = level + 1 if next[j]; depth_out[j] (in depth) = depth[j] if !next[j])",
                rewritten(0, "j", new KernelPasses("depth", false, false, false)));
        assertEquals("forall j (keep[j] (in depth) = level if !next[j]; keep[j] (in depth) = depth[j] if next[j])",
                rewritten(1, "j", new KernelPasses("depth", false, false, false)));
        assertEquals("forall j depth_out[j] = ifelse(next[j], level + 1, depth[j])", rewritten(0, "j", KernelPasses.NONE));
    }

    @Test
    void theActiveSetMarksTheOuterLoopOfAnInPlaceUpdate() {
        String tree = rewritten(0, "j", new KernelPasses("depth", false, true, false));
        assertEquals("forall* j (depth_out[j] (in depth) = level + 1 if next[j]; depth_out[j] (in depth) = depth[j] if !next[j])", tree);
        assertEquals("forall j depth_out[j] = ifelse(next[j], level + 1, depth[j])",
                rewritten(0, "j", new KernelPasses(null, false, true, false)), "only an in-place update");
        // The lowering walks the marked tree: the active-set loop is emitted.
        var k = new DefinitionCompiler().compile(P, def(0), formats(), Map.of(), Map.of(), "depth", false, true, false);
        assertEquals(tree, k.plan().notes().get("cin"));
        assertEquals("next", k.plan().notes().get("active set"));
    }

    @Test
    void theCanonicalFormRidesOnTheLoops() {
        assertEquals("forall+ i y[i] = (a[i] + b[i]) * x[i]", rewritten(2, "i", new KernelPasses(null, false, false, true)));
        var k = new DefinitionCompiler().compile(P, def(2), formats(), Map.of(), Map.of(), null, false, false, true);
        assertEquals("forall+ i y[i] = (a[i] + b[i]) * x[i]", k.plan().notes().get("cin"));
        assertEquals("canonical iterate+iterate", k.plan().notes().get("loop i"));
    }
}
