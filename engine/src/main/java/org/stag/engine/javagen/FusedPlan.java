package org.stag.engine.javagen;

import java.util.List;
import java.util.Set;
import org.stag.engine.check.Symbol;

/**
 * The code and calling convention of a fused kernel; outputs are in definition order; {@code cin} is the group's
 * concrete index notation, printed.
 */
public record FusedPlan(GeneratedSource source, List<String> tensors, List<String> intScalars,
                        List<String> realScalars, String extent, List<Symbol> targets, Set<String> unstored,
                        String cin) {
}
