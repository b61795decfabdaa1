package org.stag.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages read in pipeline order: a stage refers (by import or fully qualified name in code, not
 * in comments or strings) only to itself, earlier stages and the support packages; a support package refers
 * only to {@code front} and the support packages. docs/compiler.md shows the same order.
 */
class PipelineOrderTest {
    /** The stages, in pipeline order. A sub-package ({@code loopir.schema}) belongs to its stage. */
    static final List<String> STAGES = List.of("front", "check", "cin", "pass", "plan", "lattice", "loopir", "javagen",
            "jit", "program");
    /** Operator descriptors and the library generated kernels link to: every stage may use them. */
    static final Set<String> SUPPORT = Set.of("ops", "kernellib");

    private static final Pattern PACKAGE = Pattern.compile("\\bpackage\\s+org\\.stag\\.engine\\.([a-z]\\w*)[\\w.]*\\s*;");
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\s*\\.\\s*stag\\s*\\.\\s*engine\\s*\\.\\s*([a-z]\\w*)");

    @Test
    void theEngineReadsInPipelineOrder() throws IOException {
        Path root = Path.of("src/main/java/org/stag/engine");
        Map<String, String> sources = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                sources.put(root.relativize(f).toString(), Files.readString(f));
            }
        }
        assertTrue(sources.size() > 100, "found only " + sources.size() + " sources under " + root.toAbsolutePath());
        assertEquals(List.of(), violations(sources));
    }

    /** Issue 10, item 1: no class of the stages after the checker is over this many lines. */
    static final int MAX_LINES = 450;
    /** Files still over {@link #MAX_LINES}, each with why (none since ScalarEval was split by job). */
    static final Map<String, String> KNOWN_LONG = Map.of();

    @Test
    void noSourceOfAStageAfterTheCheckerIsLong() throws IOException {
        Path root = Path.of("src/main/java/org/stag/engine");
        List<String> longOnes = new ArrayList<>();
        for (String stage : STAGES.subList(STAGES.indexOf("check") + 1, STAGES.size())) {
            try (Stream<Path> files = Files.walk(root.resolve(stage))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    long n = Files.readAllLines(f).size();
                    String name = root.relativize(f).toString().replace('\\', '/');
                    if (n > MAX_LINES && !KNOWN_LONG.containsKey(name)) {
                        longOnes.add(name + ": " + n + " lines");
                    }
                }
            }
        }
        assertEquals(List.of(), longOnes);
    }

    @Test
    void aLaterStageInAnImportIsReported() {
        assertEquals(List.of("check/A.java: check refers to program, a later stage"), violations(Map.of("check/A.java", """
                package org.stag.engine.check;

                import org.stag.engine.front.Expr;
                import org.stag.engine.program.ScalarFunction;
                import org.stag.engine.ops.Operator;
                final class A {
                }
                """)));
    }

    @Test
    void aFullyQualifiedNameInCodeCountsButCommentsAndStringsDoNot() {
        String src = """
                package org.stag.engine.cin;

                /** Unlike {@link org.stag.engine.jit.KernelCache}, nothing is cached. */
                final class B {
                    // org.stag.engine.program.Exec runs it
                    /* org.stag.engine.loopir.Block */
                    String s = "org.stag.engine.javagen.JavaPrinter \\" org.stag.engine.jit.Kernel";
                    char c = '"';
                    Object o = org.stag.engine.plan.Planner.class;
                    Object p = org.stag.engine.check.Checker.class;
                }
                """;
        assertEquals(List.of("cin/B.java: cin refers to plan, a later stage"), violations(Map.of("cin/B.java", src)));
    }

    @Test
    void supportPackagesUseOnlyTheFrontEndAndEachOther() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("ops/C.java", "package org.stag.engine.ops;\nimport org.stag.engine.front.ScalarType;\n"
                + "import org.stag.engine.kernellib.Ops;\nimport org.stag.engine.check.Constant;\nclass C {}\n");
        s.put("kernellib/D.java", "package org.stag.engine.kernellib;\nimport org.stag.engine.ops.Operator;\nclass D {}\n");
        s.put("loopir/schema/E.java", "package org.stag.engine.loopir.schema;\nimport org.stag.engine.loopir.Block;\n"
                + "import org.stag.engine.ops.Operator;\nimport org.stag.engine.kernellib.Frame;\n"
                + "import org.stag.engine.jit.Kernel;\nclass E {}\n");
        assertEquals(List.of("ops/C.java: ops is a support package and refers to check, a stage after front",
                "loopir/schema/E.java: loopir refers to jit, a later stage"), violations(s));
    }

    @Test
    void anUnknownPackageMustBePlacedInTheOrder() {
        assertEquals(List.of("extra/F.java: package extra is neither a stage nor a support package (PipelineOrderTest)",
                        "program/G.java: program refers to extra, which is neither a stage nor a support package"),
                violations(Map.of("extra/F.java", "package org.stag.engine.extra;\nclass F {}\n",
                        "program/G.java", "package org.stag.engine.program;\nimport org.stag.engine.extra.F;\nclass G {}\n")
                        .entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .collect(LinkedHashMap::new, (m, e) -> m.put(e.getKey(), e.getValue()), Map::putAll)));
    }

    /** Every reference against the order, one message per file and referred package, in input order. */
    static List<String> violations(Map<String, String> sources) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            String code = code(e.getValue());
            Matcher pm = PACKAGE.matcher(code);
            if (!pm.find()) {
                out.add(e.getKey() + ": no package declaration under org.stag.engine");
                continue;
            }
            String p = pm.group(1);
            if (!STAGES.contains(p) && !SUPPORT.contains(p)) {
                out.add(e.getKey() + ": package " + p + " is neither a stage nor a support package (PipelineOrderTest)");
                continue;
            }
            Set<String> referred = new TreeSet<>();
            Matcher m = REFERENCE.matcher(code.substring(pm.end()));
            while (m.find()) {
                referred.add(m.group(1));
            }
            for (String q : referred) {
                String why = why(p, q);
                if (why != null) {
                    out.add(e.getKey() + ": " + why);
                }
            }
        }
        return out;
    }

    private static String why(String p, String q) {
        if (q.equals(p) || SUPPORT.contains(q) && (SUPPORT.contains(p) || STAGES.contains(p))) {
            return null;
        }
        if (!STAGES.contains(q)) {
            return p + " refers to " + q + ", which is neither a stage nor a support package";
        }
        if (SUPPORT.contains(p)) {
            return q.equals("front") ? null : p + " is a support package and refers to " + q + ", a stage after front";
        }
        return STAGES.indexOf(q) > STAGES.indexOf(p) ? p + " refers to " + q + ", a later stage" : null;
    }

    /** {@code src} without comments, string, text-block and character literals (each replaced by a space). */
    static String code(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (src.startsWith("//", i)) {
                int end = src.indexOf('\n', i);
                i = end < 0 ? n : end;
                out.append(' ');
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                while (end > 0 && src.charAt(end - 1) == '\\') {
                    end = src.indexOf("\"\"\"", end + 1);
                }
                i = end < 0 ? n : end + 3;
                out.append(' ');
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(' ');
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
