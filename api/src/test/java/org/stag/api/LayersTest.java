package org.stag.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/**
 * The house rules of a module of one package: it stands on the algorithms module and below, never on the command
 * line or Spark, and no main class is over 450 lines.
 */
class LayersTest {
    @Test
    void standsOnTheCoreModulesOnly() {
        noClasses().that().resideInAPackage("org.stag.api..").should().dependOnClassesThat()
                .resideInAnyPackage("org.stag.cli..", "org.stag.spark..", "org.stag.bench..", "org.apache.spark..",
                        "picocli..")
                .check(HouseRules.forPackage("org.stag.api").mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), Map.of());
    }
}
