package org.stag.loaders;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/**
 * The loaders' packages are layers in the order {@code package-info.java} gives (the model, {@code text}, the
 * readers, {@code updates}, {@code gen}, {@code fetch}, the entry points in {@code io}), with no cycles; no main class is over 450
 * lines.
 */
class LoadersLayersTest {
    private static final HouseRules RULES = HouseRules.forPackage("org.stag.loaders")
            .layers("", "text", "mtx", "edgelist", "ldbc", "tns", "binary", "updates", "gen", "fetch", "io");

    @Test
    void packagesAreLayeredWithoutCycles() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void mainClassesAreShort() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }
}
