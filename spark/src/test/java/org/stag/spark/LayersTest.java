package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/**
 * The module is layered as the engine is (the house rules: its packages in order, no cycles, no main class over 450
 * lines), and the rest of stag stays free of Spark: no other module's pom names Spark or this module, no other
 * module's source imports either.
 */
class LayersTest {
    /**
     * Lowest first: {@code graph} (row blocks), {@code read} (files into blocks), {@code exec} (kernels over
     * blocks), {@code run} (programs), the API class {@code StagSpark} (the root package), then the entry points
     * {@code cli} and {@code bench}.
     */
    static final HouseRules RULES = HouseRules.forPackage("org.stag.spark")
            .layers("graph", "read", "exec", "run", "", "cli", "bench");

    @Test
    void packagesFollowTheOrderWithoutCycles() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }

    @Test
    void noOtherModuleDependsOnSpark() throws IOException {
        List<String> bad = new ArrayList<>();
        for (String module : List.of("testkit", "loaders", "formats", "engine", "algorithms", "cli", "bench")) {
            Path pom = Path.of("..", module, "pom.xml");
            String text = Files.readString(pom);
            if (text.contains("org.apache.spark") || text.contains("stag-spark")) {
                bad.add(pom + " names Spark");
            }
            try (Stream<Path> files = Files.walk(Path.of("..", module, "src"))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String src = Files.readString(f);
                    if (src.contains("import org.apache.spark") || src.contains("import org.stag.spark")) {
                        bad.add(f + " imports Spark");
                    }
                }
            }
        }
        assertEquals(List.of(), bad);
    }
}
