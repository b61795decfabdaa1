package org.stag.cli;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/** The module's packages in the order its package-info gives, no cycles, no main class over 450 lines. */
class LayersTest {
    /** Lowest first: the bench harness, then the commands (the root package), then the daemon that runs them. */
    static final HouseRules RULES = HouseRules.forPackage("org.stag.cli").layers("bench", "", "daemon");

    @Test
    void packagesFollowTheOrderWithoutCycles() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }
}
