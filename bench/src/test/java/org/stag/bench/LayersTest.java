package org.stag.bench;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/** The module's packages in the order its package-info gives, no cycles, no main class over 450 lines. */
class LayersTest {
    /** Lowest first: the benchmarks and harnesses, then the classes JMH generates for them. */
    static final HouseRules RULES = HouseRules.forPackage("org.stag.bench").layers("", "jmh_generated");

    @Test
    void packagesFollowTheOrderWithoutCycles() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }
}
