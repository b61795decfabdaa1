package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.FormatParser;

/**
 * Issue 4, must-show 2: the Java emitted for SpMV over CSR, C-tree, BST and blocked-list rows is plain loops
 * over arrays — the loops allocate nothing, box nothing and make no interface or virtual call per element.
 * The sources are also written to {@code target/emitted/} for reading.
 */
class EmittedCodeTest {
    private static final String SPMV = """
            N int
            A double[N][compressed[N]]
            x double[N]
            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,ctree", "dense,bst", "dense,blist"})
    void spmvInnerLoopsArePlainArrayCode(String format) throws IOException {
        CheckedProgram p = new Checker().check(new Source("spmv.stag", SPMV));
        Definition d = (Definition) p.main().decl().body().get(0);
        String src = new DefinitionCompiler().compile(p, d, Map.of("A", FormatParser.parse(format),
                "x", FormatParser.parse("dense"), "y", FormatParser.parse("dense")), Map.of()).plan().source().text();
        Path dir = Path.of("target", "emitted");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("spmv_" + format.replace(',', '_') + ".java"), src);
        // The loop nest starts at the first labelled loop; everything before it runs once per chunk.
        int start = src.indexOf("L0:");
        assertTrue(start > 0, src);
        String loops = src.substring(start, src.indexOf("public void finish"));
        assertFalse(loops.contains("new "), "allocation in the loops:\n" + loops);
        for (String boxing : new String[] {"Double.valueOf", "Integer.valueOf", "Long.valueOf", "(Double)", "(Integer)", "Object"}) {
            assertFalse(loops.contains(boxing), boxing + " in the loops:\n" + loops);
        }
        // No call per element. The exceptions are growing a traversal stack when a tree is deeper than
        // the stack (rare, amortised), and loading a shard's arrays when a row is in another shard than the
        // row before (once per shard, a chunk lies in one): those branches are recognised and left out.
        StringBuilder perElement = new StringBuilder();
        boolean inGrowth = false;
        for (String line : loops.split("\n")) {
            if ((line.contains(".length) {") && line.contains("_stk")) || line.matches(".*>>> \\w+_bits != \\w+_shard\\) \\{")) {
                inGrowth = true;
            } else if (inGrowth && line.trim().equals("}")) {
                inGrowth = false;
            } else if (!inGrowth) {
                perElement.append(line).append('\n');
            }
        }
        loops = perElement.toString();
        assertFalse(loops.matches("(?s).*[A-Za-z_][A-Za-z0-9_]*\\.[a-z][A-Za-z0-9_]*\\(.*"), "a method call in the loops:\n" + loops);
        assertTrue(loops.contains("acc0 +="), loops);
    }
}
