package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module's packages read in order, as the engine's do: {@code graph} (row blocks), {@code read} (files into
 * blocks), {@code exec} (kernels over blocks), {@code run} (programs), then the entry points ({@code cli}, {@code bench}
 * and the API class {@code StagSpark}); a package refers only to itself and earlier ones. No source is over 450
 * lines. And the rest of stag stays free of Spark: no other module's pom names Spark or this module, no other
 * module's source imports either.
 */
class ModuleOrderTest {
    static final List<String> STAGES = List.of("graph", "read", "exec", "run", "", "cli", "bench");
    private static final Pattern PACKAGE = Pattern.compile("\\bpackage\\s+org\\.stag\\.spark(?:\\.([a-z]\\w*))?\\s*;");
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.stag\\.spark\\.([a-z]\\w*)");

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
    void packagesReadInOrderAndNoSourceIsLong() throws IOException {
        Map<String, String> sources = sources(Path.of("src/main/java/org/stag/spark"));
        assertTrue(sources.size() > 20, "found only " + sources.size() + " sources");
        List<String> bad = new ArrayList<>();
        sources.forEach((name, text) -> {
            Matcher p = PACKAGE.matcher(text);
            assertTrue(p.find(), name);
            String own = p.group(1) == null ? "" : p.group(1);
            int at = STAGES.indexOf(own);
            String code = text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
            Matcher r = REFERENCE.matcher(code);
            while (r.find()) {
                String used = r.group(1);
                int u = STAGES.indexOf(used);
                if (u < 0 && Character.isUpperCase(used.charAt(0))) {
                    u = STAGES.indexOf("");
                }
                if (u > at) {
                    bad.add(name + ": " + (own.isEmpty() ? "org.stag.spark" : own) + " refers to " + used + ", a later stage");
                }
            }
            if (text.lines().count() > 450) {
                bad.add(name + ": " + text.lines().count() + " lines");
            }
        });
        assertEquals(List.of(), bad);
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
