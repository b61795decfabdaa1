package org.stag.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HouseRulesTest {
    private static final String FIXTURE = "org.stag.testkit.fixture.";

    private static JavaClasses fixture(String name) {
        return new ClassFileImporter().importPackages(FIXTURE + name);
    }

    @Test
    void aWellLayeredModulePasses() {
        HouseRules.forPackage(FIXTURE + "good").layers("low", "high").support("ops", "low")
                .checkLayers(fixture("good"));
    }

    @Test
    void aBackArrowFailsNamingBothClasses() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> HouseRules.forPackage(FIXTURE + "bad").layers("low", "high").checkLayers(fixture("bad")));
        assertTrue(e.getMessage().contains("fixture.bad.low.Low") && e.getMessage().contains("fixture.bad.high.High"),
                e.getMessage());
    }

    @Test
    void theMessageStartsWithTheOrderAndListsEachViolationOnce() {
        AssertionError e = assertThrows(AssertionError.class, () -> HouseRules.forPackage(FIXTURE + "badsupport")
                .layers("low", "high").support("ops", "low").checkLayers(fixture("badsupport")));
        List<String> lines = e.getMessage().lines().toList();
        assertEquals(FIXTURE + "badsupport layers low < high, support ops (may use low):", lines.get(0), e.getMessage());
        assertEquals(2, lines.size(), e.getMessage());
        assertTrue(lines.get(1).startsWith("  Method <" + FIXTURE + "badsupport.ops.Op.apply()> calls method <" + FIXTURE
                + "badsupport.high.High.value()>"), lines.get(1));
    }

    @Test
    void aPackageOutsideEveryLayerFails() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> HouseRules.forPackage(FIXTURE + "stray").layers("low").checkLayers(fixture("stray")));
        assertTrue(e.getMessage().contains("fixture.stray.extra.Extra"), e.getMessage());
    }

    @Test
    void aSupportPackageThatUsesALayerItMayNotFails() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> HouseRules.forPackage(FIXTURE + "badsupport").layers("low", "high").support("ops", "low")
                        .checkLayers(fixture("badsupport")));
        assertTrue(e.getMessage().contains("fixture.badsupport.ops.Op"), e.getMessage());
    }

    @Test
    void anEntryPointMayUseEveryLayer() {
        HouseRules.forPackage(FIXTURE + "entry").layers("", "low").entryPoints(FIXTURE + "entry.Facade")
                .checkLayers(fixture("entry"));
        AssertionError without = assertThrows(AssertionError.class,
                () -> HouseRules.forPackage(FIXTURE + "entry").layers("", "low").checkLayers(fixture("entry")));
        assertTrue(without.getMessage().contains("fixture.entry.Facade"), without.getMessage());
    }

    @Test
    void aLayerThatUsesAnEntryPointFails() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> HouseRules.forPackage(FIXTURE + "entrybad").layers("", "low").entryPoints(FIXTURE + "entrybad.Facade")
                        .checkLayers(fixture("entrybad")));
        assertTrue(e.getMessage().contains("fixture.entrybad.low.Reader"), e.getMessage());
    }

    @Test
    void noClassesIsAFailureNotAPass() {
        assertThrows(AssertionError.class, () -> HouseRules.forPackage(FIXTURE + "none").layers("low")
                .checkLayers(fixture("none")));
    }

    @Test
    void mainClassesWithAFixtureHoldTheFixtureAndNoOtherTestClass() {
        // Every class under the fixture packages is a test class: only the named one is imported.
        JavaClasses c = HouseRules.forPackage(FIXTURE + "bad").mainClassesWith(FIXTURE + "bad.low.Low");
        assertTrue(c.contain(FIXTURE + "bad.low.Low"));
        assertFalse(c.contain(FIXTURE + "bad.high.High"));
        AssertionError e = assertThrows(AssertionError.class,
                () -> HouseRules.forPackage(FIXTURE + "bad").mainClassesWith(FIXTURE + "bad.low.Missing"));
        assertTrue(e.getMessage().contains("fixture " + FIXTURE + "bad.low.Missing not found"), e.getMessage());
    }

    @Test
    void aLongFileFailsUnlessNamed() {
        Path root = Path.of("src/test/resources/long");
        AssertionError e = assertThrows(AssertionError.class, () -> HouseRules.checkShortClasses(root, Map.of()));
        assertTrue(e.getMessage().contains("a/Long.java: 453 lines"), e.getMessage());
        HouseRules.checkShortClasses(root, Map.of("a/Long.java", "a fixture"));
    }

    @Test
    void aStaleExceptionFails() {
        Path root = Path.of("src/test/resources/long");
        AssertionError e = assertThrows(AssertionError.class, () -> HouseRules.checkShortClasses(root,
                Map.of("a/Long.java", "a fixture", "Short.java", "no longer long", "Gone.java", "deleted")));
        assertTrue(e.getMessage().contains("Short.java: named as a long exception but has only 2 lines"), e.getMessage());
        assertTrue(e.getMessage().contains("Gone.java: named as a long exception but not found"), e.getMessage());
    }

    @Test
    void lineCountsAreRelativeWithSlashes() {
        assertEquals(Map.of("a/Long.java", 453L, "Short.java", 2L),
                HouseRules.lineCounts(Path.of("src/test/resources/long")));
    }
}
