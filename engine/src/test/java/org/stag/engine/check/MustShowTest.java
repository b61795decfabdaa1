package org.stag.engine.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Source;

/** Issue 4, "Must show" 5: the four kinds of invalid program, each rejected with a clear message and caret. */
class MustShowTest {

    private static final String GLOBALS = """
            N int
            M int
            A double[N][compressed[M]]
            x double[M]
            """;

    private static ProgramException reject(String main) {
        String program = GLOBALS + "Let Main() -> (y double[N])\n" + main + "\nEnd\n";
        return assertThrows(ProgramException.class, () -> new Checker().check(new Source("spmv.stag", program)));
    }

    @Test
    void unknownTensor() {
        ProgramException e = reject("    y[i] = A[i][j] * z[j] | j:(+, 0.0)");
        assertEquals("spmv.stag:6:22: unknown tensor 'z'", e.getMessage());
        assertEquals("    y[i] = A[i][j] * z[j] | j:(+, 0.0)\n                     ^", e.snippet());
    }

    @Test
    void shapeMismatch() {
        // A is N x M and x has size M, so x[i] puts i over M where A[i][j] puts it over N.
        ProgramException e = reject("    y[i] = A[i][j] * x[i] | j:(+, 0.0)");
        assertEquals(6, e.line());
        assertEquals(24, e.column());
        assertEquals("shape mismatch: 'i' indexes dimension 1 of 'x' (size M) here but dimension 1 of 'y' on the"
                + " left-hand side (size N) at 6:7", e.reason());
        assertEquals("    y[i] = A[i][j] * x[i] | j:(+, 0.0)\n                       ^", e.snippet());
    }

    @Test
    void reductionOverAFreeIndex() {
        ProgramException e = reject("    y[i] = A[i][j] * x[j] | i:(+, 0.0)");
        assertEquals("spmv.stag:6:29: cannot reduce over 'i': it is a free index (it appears on the left-hand side)",
                e.getMessage());
        assertEquals("    y[i] = A[i][j] * x[j] | i:(+, 0.0)\n                            ^", e.snippet());
    }

    @Test
    void formatThatCannotBeIteratedInTheRequestedLoopOrder() {
        ProgramException e = reject("    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord j, i");
        assertEquals("spmv.stag:6:12: A[i][j] cannot be iterated in the order Ord j, i: level 2 of 'A' (compressed,"
                + " index j) would be visited before level 1 (index i), and a compressed level cannot be accessed at a"
                + " given coordinate; change the Ord or store it with a level that can (dense, hashed, bitmap, vbyte, ttree,"
                + " bst, rbtree, ctree, vctree, btree)",
                e.getMessage());
        assertEquals("    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord j, i\n           ^", e.snippet());
    }
}
