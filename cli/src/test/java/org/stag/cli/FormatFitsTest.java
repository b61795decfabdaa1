package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.EdgeFacts;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import picocli.CommandLine;

/**
 * {@link FormatFits} on a graph past an array's count (urand scale 26 degree 20: 2,684,353,744 stored entries, its
 * edges held in the structure a file was loaded straight into): the levels held in row blocks pass, dense levels
 * over every vertex pair do not.
 */
class FormatFitsTest {
    private static final int N = 1 << 26;
    private static final long ENTRIES = 2_684_353_744L;

    private static Graph past2to31() {
        EdgeFacts facts = new EdgeFacts("dense,vbyte", ENTRIES, v -> 40, 0, true, 0, 0, 0, 0, null);
        return new Graph("urand26.stagb", N, N, facts, Symmetry.SYMMETRIC, ValueKind.PATTERN, VertexIds.offset(0), 0);
    }

    private static void check(String format) {
        FormatFits.check(new CommandLine(new InfoCommand()), FormatParser.parse(format), past2to31());
    }

    @Test
    void levelsInRowBlocksHoldMoreThanAnArray() {
        for (String f : new String[] {"dense,vbyte", "dense,compressed", "dense,ctree"}) {
            assertDoesNotThrow(() -> check(f), f);
        }
    }

    @Test
    void aDenseSecondLevelIsRefusedByName() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class, () -> check("dense,dense"));
        assertEquals("--format dense,dense cannot hold 67108864 vertices: its level 2 (dense) would need "
                + (long) N * N + " positions, more than 2147483639 (choose a compressed or dynamic second level,"
                + " e.g. dense,compressed)", e.getMessage());
    }
}
