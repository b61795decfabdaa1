package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/**
 * The module's packages read in order, as the engine's do: {@code graph} (row blocks), {@code read} (files into
 * blocks), {@code exec} (kernels over blocks), {@code run} (programs), then the entry points ({@code cli}, {@code bench}
 * and the API class {@code StagSpark}); a package uses only itself and earlier ones, with no cycle (checked on the
 * bytecode by {@link HouseRules}). No main class is over 450 lines. And the rest of stag stays free of Spark: no
 * other module's pom names Spark or this module, no other module's source imports either.
 */
class ModuleOrderTest {
    /** Lowest first, as the class comment gives them. */
    static final HouseRules RULES = HouseRules.forPackage("org.stag.spark")
            .layers("graph", "read", "exec", "run", "", "cli", "bench");

    private static Map<String, String> sources(Path root) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                out.put(root.relativize(f).toString(), Files.readString(f));
            }
        }
        return out;
    }

    @Test
    void packagesAreLayeredWithoutCycles() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }

    @Test
    void noOtherModuleDependsOnSpark() throws IOException {
        List<String> bad = new ArrayList<>();
        for (String module : List.of("loaders", "formats", "engine", "algorithms", "cli", "bench")) {
            Path pom = Path.of("..", module, "pom.xml");
            String text = Files.readString(pom);
            if (text.contains("org.apache.spark") || text.contains("stag-spark")) {
                bad.add(pom + " names Spark");
            }
            sources(Path.of("..", module, "src")).forEach((name, src) -> {
                if (src.contains("import org.apache.spark") || src.contains("import org.stag.spark")) {
                    bad.add(module + "/" + name + " imports Spark");
                }
            });
        }
        assertEquals(List.of(), bad);
    }
}
