package org.stag.formats;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.testkit.HouseRules;

/**
 * The module's shape: its packages are layers in pipeline order (the schema language, dynamic node storage and
 * formats, levels, tensors, graphs), each using only the layers below it, with no package cycle; and no main
 * class is longer than {@link HouseRules#MAX_LINES} lines but the named exceptions.
 */
class HouseRulesTest {
    /** Long main classes, each with the reason it may be; the check fails once one of them is short. None now. */
    static final Map<String, String> LONG_CLASSES = Map.of();

    @Test
    void packagesAreLayeredInPipelineOrder() {
        HouseRules rules = HouseRules.forPackage("org.stag.formats").layers("schema", "dynamic", "level", "tensor", "graph");
        rules.checkLayers(rules.mainClasses());
    }

    @Test
    void mainClassesAreShort() {
        HouseRules.checkShortClasses(Path.of("src/main/java"), LONG_CLASSES);
    }
}
