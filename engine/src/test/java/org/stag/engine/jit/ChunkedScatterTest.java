package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.javagen.KernelPlan;
import org.stag.engine.runtime.ChunkRunner;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * A push step (a sparse vector drives the outer loop, its rows scatter into a sparse vector result) runs in
 * parallel chunks when the chunks' partial entries merge by keeping any one of a coordinate: a bool result
 * reduced by OR or AND from its fill. Other reductions into a sparse result stay one chunk. A scattered value
 * equal to the operator's identity never enters the workspace.
 */
class ChunkedScatterTest {
    private static String program(String decl, String statement) {
        return """
                N int
                A bool[N][compressed[N]]
                f bool[compressed[N]]
                Let Main() -> (%s)
                    %s
                End
                """.formatted(decl, statement);
    }

    private static KernelPlan plan(String decl, String statement, String target) {
        CheckedProgram p = new Checker().check(new Source("scatter.stag", program(decl, statement)));
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, Format> formats = Map.of("A", FormatParser.parse("dense,compressed"), "f", FormatParser.parse("compressed"),
                "o", FormatParser.parse(target));
        return new DefinitionCompiler().compile(p, d, formats, Map.of()).plan();
    }

    @Test
    void aBoolOrPushIntoASparseVectorIsChunkedOverTheFrontier() {
        KernelPlan k = plan("o bool[compressed[N]]", "o[j] = A[k][j] && f[k] | k:(OR, false) Ord k, j", "compressed");
        assertTrue(k.scatter());
        assertTrue(k.gathered(), "the frontier's entries are gathered and split into chunks");
        String src = k.source().text();
        // the workspace is entered only under the value's test: an identity (false) touches no slot
        int test = src.indexOf("if (x");
        assertTrue(test > 0 && test < src.indexOf("if (!w_set["), src);
    }

    @Test
    void anAndPushIsChunkedToo() {
        KernelPlan k = plan("o bool[compressed[N]] fill true", "o[j] = !(A[k][j] && f[k]) | k:(AND, true) Ord k, j", "compressed");
        assertTrue(k.gathered());
    }

    @Test
    void otherReductionsIntoASparseVectorStayOneChunk() {
        KernelPlan sum = plan("o int[compressed[N]]", "o[j] = ifelse(A[k][j] && f[k], 1, 0) | k:(+, 0) Ord k, j", "compressed");
        assertFalse(sum.gathered());
        assertNull(sum.chunkExtent());
        // the sum's identity 0 is still skipped
        assertTrue(sum.source().text().contains("!= 0"), sum.source().text());
        KernelPlan min = plan("o long[compressed[N]] fill 9223372036854775807",
                "o[j] = ifelse(A[k][j] && f[k], 3, 9223372036854775807) | k:(MIN, 9223372036854775807) Ord k, j", "compressed");
        assertFalse(min.gathered());
        // an OR whose initial value is not the fill: every visited slot is written, so partial entries differ
        KernelPlan init = plan("o bool[compressed[N]]", "o[j] = A[k][j] && f[k] | k:(OR, true) Ord k, j", "compressed");
        assertFalse(init.gathered());
    }

    @Test
    void gatheredChunksAreSmallForAFewHeavyCoordinates() {
        assertEquals(1, ChunkRunner.gatheredChunkSize(1));
        assertEquals(3, ChunkRunner.gatheredChunkSize(141));
        assertEquals(ChunkRunner.chunkSize(10_000_000), ChunkRunner.gatheredChunkSize(10_000_000));
        assertTrue(ChunkRunner.gatheredChunkSize(100_000) <= ChunkRunner.chunkSize(100_000));
    }
}
