package org.stag.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The structural rules every module's tests check, written once: a module's packages are layers in a fixed
 * order (a layer uses only itself and the layers below it, plus the support packages every layer may use),
 * packages form no cycle, and no main source file is longer than {@link #MAX_LINES} lines unless it is named
 * as an exception with the reason.
 *
 * <p>Dependencies are read from bytecode with ArchUnit, so an import that is never used, a name in a comment
 * or in a string does not count, and a field type, a method call or a {@code catch} clause does.
 */
public final class HouseRules {
    /** The longest a main source file may be, in lines, unless it is a named exception. */
    public static final int MAX_LINES = 450;

    private final String root;
    private final List<String> layers = new ArrayList<>();
    private final Map<String, List<String>> support = new LinkedHashMap<>();
    private final List<String> entryPoints = new ArrayList<>();

    private HouseRules(String root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    /** Rules for the packages under {@code rootPackage} (such as {@code org.stag.formats}). */
    public static HouseRules forPackage(String rootPackage) {
        return new HouseRules(rootPackage);
    }

    /**
     * The layers, lowest first, named relative to the root package; a layer includes its sub-packages. The
     * name {@code ""} is the root package itself, without its sub-packages.
     */
    public HouseRules layers(String... lowestFirst) {
        layers.addAll(List.of(lowestFirst));
        return this;
    }

    /**
     * A support package: every layer may use it, and it may use only the given layers and the other
     * support packages (for example operator descriptors that read only the front end's types).
     */
    public HouseRules support(String pkg, String... mayUse) {
        support.put(pkg, List.of(mayUse));
        return this;
    }

    /**
     * Entry points: classes (fully qualified names) that sit above every layer although their package is a
     * layer, such as a module's facade kept in its root package so that other modules import it by its old name.
     * Their own dependencies are not checked, and no other class of the module may use them.
     */
    public HouseRules entryPoints(String... classNames) {
        entryPoints.addAll(List.of(classNames));
        return this;
    }

    private DescribedPredicate<JavaClass> entryPoint() {
        return DescribedPredicate.describe("an entry point " + entryPoints, c -> entryPoints.stream()
                .anyMatch(e -> c.getName().equals(e) || c.getName().startsWith(e + "$")));
    }

    /** The module's main classes (not its tests, not other modules' jars) under the root package. */
    public JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(root);
    }

    /**
     * The module's main classes together with the named test classes: fixtures that a module's tests place in
     * its main packages, each with a dependency the rules forbid, to show that {@link #checkLayers} rejects it
     * (a check of the fixture alone would also fail, on the layers it leaves empty). Fails if a fixture is not
     * found.
     */
    public JavaClasses mainClassesWith(String... fixtures) {
        List<String> files = new ArrayList<>();
        for (String f : fixtures) {
            files.add("/" + f.replace('.', '/') + ".class");
        }
        ImportOption mainOrFixture = location -> ImportOption.Predefined.DO_NOT_INCLUDE_TESTS.includes(location)
                || files.stream().anyMatch(location::contains);
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(mainOrFixture)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(root);
        for (String f : fixtures) {
            if (!classes.contain(f)) {
                throw new AssertionError("fixture " + f + " not found under " + root);
            }
        }
        return classes;
    }

    /**
     * Fails, naming every offending dependency, if a class uses a layer above its own, a support package
     * uses what it may not, a class lies outside every layer, or packages form a cycle. The message has one
     * section per broken rule: the rule in one line (the order of the layers, or the cycles), then each
     * violation once.
     */
    public void checkLayers(JavaClasses classes) {
        if (classes.isEmpty()) {
            throw new AssertionError("no classes found under " + root + ": the rule would check nothing");
        }
        Map<String, ArchRule> rules = new LinkedHashMap<>();
        rules.put(order(), architecture());
        rules.put("package cycles under " + root, slices().matching(root + ".(*)..").should().beFreeOfCycles());
        if (!entryPoints.isEmpty()) {
            rules.put("entry points of " + root, noClasses().that(DescribedPredicate.not(entryPoint()))
                    .should().dependOnClassesThat(entryPoint()).because("entry points sit above every layer"));
        }
        StringBuilder failures = new StringBuilder();
        rules.forEach((what, rule) -> {
            EvaluationResult result = rule.evaluate(classes);
            if (result.hasViolation()) {
                // A dependency that breaks two constraints (the used layer's and the user's) is listed once.
                Set<String> details = new LinkedHashSet<>(result.getFailureReport().getDetails());
                failures.append(failures.length() == 0 ? "" : "\n").append(what).append(":");
                details.forEach(d -> failures.append("\n  ").append(d.replace("\n", "\n  ")));
            }
        });
        if (failures.length() > 0) {
            throw new AssertionError(failures.toString());
        }
    }

    /** The order in one line: {@code org.stag.x layers a < b < c, support s (may use a)}. */
    String order() {
        StringBuilder out = new StringBuilder(root).append(" layers ").append(String.join(" < ", names(layers)));
        support.forEach((pkg, mayUse) -> out.append(", support ").append(pkg)
                .append(mayUse.isEmpty() ? "" : " (may use " + String.join(", ", mayUse) + ")"));
        return out.toString();
    }

    LayeredArchitecture architecture() {
        if (layers.isEmpty()) {
            throw new IllegalStateException("no layers declared for " + root);
        }
        LayeredArchitecture arch = Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture();
        for (String layer : layers) {
            arch = arch.layer(layer.isEmpty() ? "(root)" : layer).definedBy(packagesOf(layer));
        }
        for (String pkg : support.keySet()) {
            arch = arch.layer(pkg).definedBy(packagesOf(pkg));
        }
        if (!entryPoints.isEmpty()) {
            arch = arch.ignoreDependency(entryPoint(), DescribedPredicate.alwaysTrue());
        }
        for (int i = 0; i < layers.size(); i++) {
            List<String> above = new ArrayList<>(names(layers.subList(i + 1, layers.size())));
            String name = name(layers.get(i));
            for (Map.Entry<String, List<String>> e : support.entrySet()) {
                if (e.getValue().contains(layers.get(i))) {
                    above.add(e.getKey());
                }
            }
            arch = above.isEmpty() ? arch.whereLayer(name).mayNotBeAccessedByAnyLayer()
                    : arch.whereLayer(name).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
        }
        for (Map.Entry<String, List<String>> e : support.entrySet()) {
            List<String> allowed = new ArrayList<>(names(e.getValue()));
            for (String other : support.keySet()) {
                if (!other.equals(e.getKey())) {
                    allowed.add(other);
                }
            }
            arch = allowed.isEmpty() ? arch.whereLayer(e.getKey()).mayNotAccessAnyLayer()
                    : arch.whereLayer(e.getKey()).mayOnlyAccessLayers(allowed.toArray(String[]::new));
        }
        return arch;
    }

    private String packagesOf(String layer) {
        return layer.isEmpty() ? root : root + "." + layer + "..";
    }

    private static String name(String layer) {
        return layer.isEmpty() ? "(root)" : layer;
    }

    private static List<String> names(List<String> layers) {
        return layers.stream().map(HouseRules::name).toList();
    }

    /**
     * Fails if a {@code .java} file under {@code sourceRoot} has more than {@link #MAX_LINES} lines and is
     * not in {@code exceptions} (path relative to the root, with '/', mapped to the reason), or if an
     * exception names a file that is missing or no longer long (so the list cannot go stale).
     */
    public static void checkShortClasses(Path sourceRoot, Map<String, String> exceptions) {
        Map<String, Long> lengths = lineCounts(sourceRoot);
        if (lengths.isEmpty()) {
            throw new AssertionError("no .java files under " + sourceRoot.toAbsolutePath());
        }
        List<String> problems = new ArrayList<>();
        lengths.forEach((file, n) -> {
            if (n > MAX_LINES && !exceptions.containsKey(file)) {
                problems.add(file + ": " + n + " lines (at most " + MAX_LINES + "; split it by responsibility)");
            }
        });
        exceptions.forEach((file, why) -> {
            Long n = lengths.get(file);
            if (n == null) {
                problems.add(file + ": named as a long exception but not found");
            } else if (n <= MAX_LINES) {
                problems.add(file + ": named as a long exception but has only " + n + " lines; drop it from the list");
            }
        });
        if (!problems.isEmpty()) {
            throw new AssertionError("main classes over " + MAX_LINES + " lines:\n  " + String.join("\n  ", problems));
        }
    }

    static Map<String, Long> lineCounts(Path sourceRoot) {
        Map<String, Long> lengths = new TreeMap<>();
        if (!Files.isDirectory(sourceRoot)) {
            return lengths;
        }
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                long n;
                try (Stream<String> lines = Files.lines(f)) {
                    n = lines.count();
                }
                lengths.put(sourceRoot.relativize(f).toString().replace('\\', '/'), n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lengths;
    }
}
