package org.stag.algorithms;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/** The module's packages in the order its package-info gives, no cycles, no main class over 450 lines. */
class LayersTest {
    /** Lowest first; each may use only itself and those below it. */
    static final HouseRules RULES = HouseRules.forPackage("org.stag.algorithms")
            .layers("", "graph", "ldbc", "handwritten", "jgrapht", "catalog", "run", "incremental", "stream");

    @Test
    void packagesFollowTheOrderWithoutCycles() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }
}
