package org.stag.algorithms.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.Source;

/**
 * Every descriptor agrees with its programs: what a new algorithm's descriptor gets wrong fails here, naming it,
 * before any run does.
 */
class DescriptorsTest {
    private static Symbol output(CheckedProgram p, String name) {
        for (Symbol s : p.main().outputs()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void theOutputExistsWithTheShapeAndTheValuesTheCheckCompares(Algorithm a) {
        Descriptor d = a.descriptor();
        Symbol out = output(a.program(), d.output().name());
        assertNotNull(out, a.id() + ": Main has no output " + d.output().name());
        int order = switch (d.output().shape()) {
            case VERTEX -> 1;
            case SCALAR -> 0;
            case EDGE -> 2;
        };
        assertEquals(order, out.isTensor() ? out.tensor().order() : 0, a.id() + ": " + out);
        boolean integral = !out.type().elem().isFloating();
        assertEquals(integral, d.check().method() != LdbcValidation.Method.EPSILON,
                a.id() + ": " + d.check() + " for " + out.type());
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void theSettingsAreThoseTheProgramDeclares(Algorithm a) {
        Set<Setting> declared = EnumSet.noneOf(Setting.class);
        for (Setting s : Setting.values()) {
            if (Algorithm.declares(a.program(), s.parameter())) {
                declared.add(s);
            }
        }
        assertEquals(declared, a.descriptor().settings(), a.id());
        a.descriptor().ldbc().ifPresent(l -> assertTrue(declared.containsAll(l.properties().keySet()),
                a.id() + ": LDBC gives " + l.properties().keySet() + ", the program takes " + declared));
        for (String name : a.descriptor().graphDefaults().keySet()) {
            assertTrue(Algorithm.declares(a.program(), name), a.id() + " has no parameter " + name);
        }
    }

    /**
     * Every placeholder of GAP's arguments, and the parameter bench.mk sets per kind of graph, is a parameter of the
     * program: the stag run it is compared with has its value, or is given GAP's.
     */
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void gapsPlaceholdersAreParametersOfTheProgram(Algorithm a) {
        a.descriptor().gap().ifPresent(k -> {
            Map<String, String> values = new java.util.HashMap<>();
            for (String arg : k.arguments()) {
                if (arg.startsWith("{") && arg.endsWith("}")) {
                    String name = arg.substring(1, arg.length() - 1);
                    assertTrue(Algorithm.declares(a.program(), name), a.id() + " has no parameter " + name);
                    values.put(name, "1");
                }
            }
            assertEquals(k.arguments().size(), k.arguments(values).size(), a.id());
            k.byKind().ifPresent(b -> {
                assertTrue(Algorithm.declares(a.program(), b.parameter()), a.id() + " has no parameter " + b.parameter());
                assertTrue(k.arguments().contains("{" + b.parameter() + "}"), a.id());
                assertFalse(b.sweep().isEmpty(), a.id());
            });
        });
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void theIncrementalProgramChecksAndTakesThePreviousResult(Algorithm a) {
        a.descriptor().incremental().ifPresent(inc -> {
            CheckedProgram p = new Checker().check(new Source(inc.file(), Algorithm.text(inc.file())));
            Set<String> inputs = new HashSet<>();
            p.inputs().forEach(s -> inputs.add(s.name()));
            assertTrue(inputs.contains("prev"), a.id() + ": " + inc.file() + " has no input prev");
            assertEquals(inc.relaxation() != IncrementalProgram.Relaxation.WARM_START, inputs.contains("B"),
                    a.id() + ": " + inc.file() + " and the batch B");
        });
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void anAlgorithmThatNeedsWeightsReadsThem(Algorithm a) {
        assertEquals(a.weights().read(), Algorithm.declares(a.program(), "W"), a.id());
    }

    @Test
    void idsAreUniqueAndFindTheirAlgorithm() {
        for (Algorithm a : Algorithm.values()) {
            assertEquals(a, Algorithm.byName(a.id().toUpperCase(java.util.Locale.ROOT)).orElseThrow());
        }
        assertEquals(Algorithm.values().length, new HashSet<>(Algorithm.names()).size());
    }

    @Test
    void aPlaceholderWithoutAValueIsRefused() {
        GapKernel k = GapKernel.of("sssp", "-i", "{iterations}", "-d", "{delta}");
        assertEquals(List.of("-i", "3", "-d", "2"), k.arguments(Map.of("iterations", "3", "delta", "2")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> k.arguments(Map.of("iterations", "3")));
        assertEquals("GAP's sssp needs {delta}, which the run has no value for", e.getMessage());
    }

    @Test
    void aCheckOfRealsNeedsATolerance() {
        assertThrows(IllegalArgumentException.class, () -> new Check(LdbcValidation.Method.EPSILON, 0));
        assertThrows(IllegalArgumentException.class, () -> new Check(LdbcValidation.Method.EXACT, 1e-9));
    }
}
