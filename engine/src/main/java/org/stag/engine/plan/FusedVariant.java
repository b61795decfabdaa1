package org.stag.engine.plan;

import java.util.List;
import java.util.Map;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.formats.tensor.Format;

/**
 * Consecutive definitions run as one fused pass, over the declared formats of what they read and define.
 *
 * @param function    the function the definitions are in
 * @param definitions the group, in order
 * @param formats     the declared format of every tensor read or defined
 * @param unstored    the dense targets nothing reads after the group, kept in locals and never stored
 * @param reads       how the values of each operand whose last level is dynamic are read (the layout its elements
 *                    carry is compiled into the kernel): the kernel runs only for operands read so
 */
public record FusedVariant(String function, List<Definition> definitions, Map<String, Format> formats,
                           java.util.Set<String> unstored, Map<String, ValueRead> reads) {
    public FusedVariant {
        definitions = List.copyOf(definitions);
        formats = Map.copyOf(formats);
        unstored = java.util.Set.copyOf(unstored);
        reads = Map.copyOf(reads);
    }

    /** Whether the fused kernel runs for these operands (else the runtime runs the members one by one). */
    boolean runsFor(Map<String, Operand> env) {
        for (String n : FusionGroups.operands(definitions)) {
            Operand o = env.get(n);
            // A row reduction's matrix may be a constant pattern, and one read as compiled in (reads); vectors are
            // read from arrays.
            if (o == null || !o.format().equals(formats.get(n)) || o.read().isConstant() && o.format().order() == 1
                    || reads.containsKey(n) && !reads.get(n).equals(o.read())) {
                return false;
            }
        }
        return true;
    }
}
