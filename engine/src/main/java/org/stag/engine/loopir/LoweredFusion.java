package org.stag.engine.loopir;

import java.util.List;
import java.util.Set;
import org.stag.engine.check.Symbol;

/**
 * A fused group lowered to loop IR ({@link GroupDriver}): the bodies of its {@code run} and {@code finish}
 * methods ({@code prepare} is empty) and its calling convention; outputs are in definition order; {@code cin} is
 * the group's concrete index notation ({@code pass.Fusion}), printed.
 */
public record LoweredFusion(String description, Block run, Block finish, List<String> tensors, List<String> intScalars,
                            List<String> realScalars, String extent, List<Symbol> targets, Set<String> unstored,
                            String cin) {
}
