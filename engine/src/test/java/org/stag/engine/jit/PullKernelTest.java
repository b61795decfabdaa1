package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.ops.Constant;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.FormatParser;

/**
 * The per-edge work of a pull step ({@code next[j] = AT[j][k] && frontier[k] && depth[j] == MAX | k:(OR, false)})
 * over a pattern graph and a frontier bitmap whose values are constant (a FormatRule's conversion): one bit test
 * per in-edge. The guard known before the inner loop ({@code depth[j] == MAX}) is tested once around it and read
 * as {@code true} inside; the frontier's values array is not read at all.
 */
class PullKernelTest {
    private static final String PULL = """
            N int
            AT bool[N][compressed[N]]
            frontier bool[bitmap[N]]
            depth long[N]
            Let Main() -> (next bool[compressed[N]])
                next[j] = AT[j][k] && frontier[k] && depth[j] == 9223372036854775807 | k:(OR, false)
            End
            """;

    private static String source(boolean constantFrontier) {
        CheckedProgram p = new Checker().check(new Source("pull.stag", PULL));
        Definition d = (Definition) p.main().decl().body().get(0);
        ValueRead pattern = new ValueRead(ValueRead.Kind.CONSTANT, ValueMode.POSITION, Constant.ofBool(true));
        Map<String, ValueRead> reads = constantFrontier ? Map.of("AT", pattern, "frontier", pattern) : Map.of("AT", pattern);
        return new DefinitionCompiler().compile(p, d, Map.of("AT", FormatParser.parse("dense,compressed"),
                "frontier", FormatParser.parse("bitmap"), "depth", FormatParser.parse("dense"),
                "next", FormatParser.parse("compressed")), reads, Map.of()).plan().source().text();
    }

    @Test
    void theGuardIsTestedOnceAndTheConstantFrontierIsABitTest() {
        String src = source(true);
        assertEquals(1, src.split("9223372036854775807L", -1).length - 1, "depth tested once per vertex:\n" + src);
        String inner = src.substring(src.indexOf("L1:"), src.indexOf("break L1"));
        assertTrue(inner.contains("_words["), inner);
        assertFalse(inner.contains("_vals["), "no values array read per in-edge:\n" + inner);
    }

    @Test
    void anArrayFrontierIsStillReadButTheGuardIsNotRepeated() {
        String src = source(false);
        assertEquals(1, src.split("9223372036854775807L", -1).length - 1, src);
        String inner = src.substring(src.indexOf("L1:"), src.indexOf("break L1"));
        assertTrue(inner.contains("a1_vals["), inner);
    }
}
