package org.stag.engine;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/**
 * The engine's packages are the compiler's stages in pipeline order (docs/compiler.md): a stage uses only itself,
 * earlier stages and the two support packages, which use only the front end and each other; packages form no
 * cycle; and no main class is longer than {@link HouseRules#MAX_LINES} lines but the named exceptions.
 * Dependencies are read from the compiled classes ({@link HouseRules}).
 */
class PipelineOrderTest {
    /** The stages, in pipeline order. A sub-package ({@code loopir.schema}) belongs to its stage. */
    static final String[] STAGES = {"front", "check", "cin", "pass", "plan", "lattice", "loopir", "javagen", "jit",
        "program"};

    /** Operator descriptors, and the library generated kernels link to: every stage may use them. */
    static final HouseRules RULES = HouseRules.forPackage("org.stag.engine").layers(STAGES)
            .support("ops", "front")
            .support("kernellib", "front");

    /** Main sources longer than the cap, each with why (paths under src/main/java). */
    static final Map<String, String> LONG = Map.of("org/stag/engine/front/Parser.java",
            "a recursive-descent parser: one method per rule of the grammar in docs/language.md, read top to bottom");

    @Test
    void theEngineReadsInPipelineOrder() {
        RULES.checkLayers(RULES.mainClasses());
    }

    @Test
    void noMainClassIsLong() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), LONG);
    }

    /**
     * The rules are not vacuous: with two test fixtures placed in main packages, a checker class that uses the
     * program executor and an operator class that uses the checker, the check fails naming both dependencies.
     */
    @Test
    void aBackArrowAndASupportPackageThatUsesAStageFail() {
        String backArrow = "org.stag.engine.check.BackArrowFixture";
        String support = "org.stag.engine.ops.SupportFixture";
        AssertionError e = assertThrows(AssertionError.class,
                () -> RULES.checkLayers(RULES.mainClassesWith(backArrow, support)));
        for (String named : List.of(backArrow, "org.stag.engine.program.RunOptions", support,
                "org.stag.engine.check.Checker")) {
            assertTrue(e.getMessage().contains(named), () -> named + " not in: " + e.getMessage());
        }
    }
}
