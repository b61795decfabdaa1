package org.stag.cli;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.FunctionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.loaders.Graph;
import org.stag.loaders.MemoryBudget;

/**
 * The heap a run needs beyond the loaded graph, estimated before any work: the graph's row offsets as the
 * tensors hold them (out-edges and, for a directed graph, in-edges) and the program's vectors of N elements
 * (those of {@code Main} and of the largest function frame, arguments, results and locals, live at once). A
 * file that declares 10^8 vertices loads in no time (its rows are not allocated), and without this the run
 * would fail with out of memory only after allocating for seconds.
 */
final class RunMemory {
    private RunMemory() {
    }

    /** Refuses, with the figure, a run of {@code program} on {@code g} that cannot fit the heap. */
    static void check(CheckedProgram program, Graph g) {
        long n = g.numVertices();
        long bytes = graphBytes(g) + n * vectorBytesPerVertex(program);
        MemoryBudget.require(g.source(), 0, bytes, MemoryBudget.describe(n, n, g.numEntries()) + " and the run's vectors");
    }

    /** The tensors' arrays: row offsets per structure, and an in-edge copy of a directed graph's columns and values. */
    static long graphBytes(Graph g) {
        if (!g.holdsEdges()) {
            return 0;   // loaded straight into its structure, which is built already
        }
        long n = g.numVertices();
        long m = g.numEntries();
        long rows = 4 * (n + 1);
        return g.directed() ? 2 * rows + 4 * m + (g.weighted() ? 8 * m : 0) : rows;
    }

    /**
     * Bytes per vertex of the global vectors (inputs such as {@code id}) and those {@code Main} declares, plus
     * those of the largest other function frame.
     */
    static long vectorBytesPerVertex(CheckedProgram program) {
        long globals = 0;
        for (Symbol s : program.globals().values()) {
            globals += perVertex(s);
        }
        long main = 0;
        long largest = 0;
        for (FunctionInfo f : program.functions().values()) {
            long frame = 0;
            for (Symbol s : f.variables().values()) {
                frame += perVertex(s);
            }
            for (Symbol s : f.inputs()) {
                frame += f.variables().containsValue(s) ? 0 : perVertex(s);
            }
            for (Symbol s : f.outputs()) {
                frame += f.variables().containsValue(s) ? 0 : perVertex(s);
            }
            if (f == program.main()) {
                main = frame;
            } else {
                largest = Math.max(largest, frame);
            }
        }
        return globals + main + largest;
    }

    /** A dense order-1 tensor's bytes per element (sparse ones are counted as dense: the worst case). */
    private static long perVertex(Symbol s) {
        if (!(s.type() instanceof VarType.Tensor t) || t.order() != 1) {
            return 0;
        }
        return switch (t.elem()) {
            case BOOL -> 1;
            case INT, FLOAT -> 4;
            case LONG, DOUBLE -> 8;
        };
    }
}
