package org.stag.engine.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Reduction;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/** The random-case fixture is deterministic, covers the catalogue, and its programs check in any format. */
class ReferenceCasesTest {

    @Test
    void sameSeedSameCases() {
        List<ReferenceCases.Case> a = ReferenceCases.cases(42, 3);
        List<ReferenceCases.Case> b = ReferenceCases.cases(42, 3);
        assertEquals(ReferenceCases.kernels().size() * 3, a.size());
        for (int k = 0; k < a.size(); k++) {
            assertEquals(a.get(k).inputs(), b.get(k).inputs());
            assertEquals(a.get(k).expected(), b.get(k).expected());
            assertTrue(a.get(k).matches(b.get(k).expected()));
        }
    }

    @Test
    void everyReductionOperatorIsCovered() {
        Set<String> ops = new java.util.HashSet<>();
        for (ReferenceCases.Kernel k : ReferenceCases.kernels()) {
            for (var s : k.check(Map.of()).main().decl().body()) {
                if (s instanceof Definition d) {
                    for (Reduction r : d.reductions()) {
                        ops.add(r.op());
                    }
                }
            }
        }
        assertEquals(Operators.reductions().stream().map(Operator::name).collect(java.util.stream.Collectors.toSet()), ops);
    }

    @Test
    void programsCheckInOtherFormats() {
        ReferenceCases.Kernel spmv = ReferenceCases.kernels().get(0);
        String text = spmv.program(Map.of("A", List.of("dense", "ctree"), "x", List.of("hashed")));
        assertTrue(text.contains("A double[dense[M]][ctree[N]]"), text);
        spmv.check(Map.of("A", List.of("dense", "bst")));
    }

    @Test
    void randomTensorsRespectDensityAndFill() {
        RefTensor t = ReferenceCases.random(new Random(1), ScalarType.DOUBLE, new int[] {40, 50}, 0.25,
                Double.POSITIVE_INFINITY);
        assertEquals(Double.POSITIVE_INFINITY, t.fill());
        assertTrue(t.nonFill() > 400 && t.nonFill() < 600, "" + t.nonFill());
        assertFalse(t.entries().containsValue(Double.POSITIVE_INFINITY));
    }

    @Test
    void casesAreNotTrivial() {
        int nonEmpty = 0;
        for (ReferenceCases.Case c : ReferenceCases.cases(7, 5)) {
            if (!(c.expected() instanceof RefTensor t) || t.nonFill() > 0) {
                nonEmpty++;
            }
        }
        assertTrue(nonEmpty > ReferenceCases.kernels().size() * 3, "" + nonEmpty);
    }

    @Test
    void matchesRejectsADifferentResult() {
        ReferenceCases.Case c = ReferenceCases.generate(ReferenceCases.kernels().get(0), 5);
        RefTensor e = (RefTensor) c.expected();
        RefTensor other = new RefTensor(e.type(), e.dims(), e.fill());
        for (var en : e.entries().entrySet()) {
            other.set(en.getValue(), en.getKey().toArray());
        }
        other.set(123.0, 0);
        assertTrue(c.matches(e));
        assertFalse(c.matches(other));
    }
}
