package org.stag.engine.lattice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Definition;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.front.Source;
import org.stag.engine.front.Stmt;
import org.stag.formats.level.Capability;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/** Merge lattices of small element-wise expressions, built from the symbolic evaluation alone. */
class MergeLatticeTest {
    private static final String PROGRAM = """
            N int
            a double[compressed[N]]
            b double[compressed[N]]
            c double[compressed[N]]
            d double[dense[N]]
            h double[hashed[N]]
            m bool[compressed[N]]
            u double[compressed[N]] fill inf
            v double[compressed[N]] fill inf
            s int
            q bool[dense[N]]
            Let Main() -> (o1 double[N], o2 double[N], o3 double[N] fill inf, o4 double[N], o5 double[N], o6 double[N], o7 double[N], o8 double[N], o9 double[N], o10 double[N], o11 double[N], o12 double[N])
                o1[i] = a[i] * b[i]
                o2[i] = a[i] + b[i]
                o3[i] = MIN(u[i], v[i])
                o4[i] = ifelse(m[i], a[i], 0.0)
                o5[i] = a[i] * d[i]
                o6[i] = ifelse(m[i], a[i], d[i])
                o7[i] = (a[i] + b[i]) * c[i]
                o8[i] = h[i] * d[i]
                o9[i] = ifelse(i == s, d[i], 0.0)
                o10[i] = ifelse(q[i], d[i], 0.0)
                o11[i] = a[i] + (b[i] - 0.5)
                o12[i] = a[i] + b[i] / c[i]
            End
            """;

    private static final CheckedProgram P = new Checker().check(new Source("lattice.stag", PROGRAM));

    /** The lattice of the loop over {@code i} of the {@code k}-th statement, nothing known before it. */
    private static MergeLattice lattice(int k) {
        return lattice(k, e -> false);
    }

    /** The lattice of the loop over {@code i} of the {@code k}-th statement. */
    private static MergeLattice lattice(int k, java.util.function.Predicate<org.stag.engine.cin.IndexExpr> knownBefore) {
        Definition d = (Definition) P.main().decl().body().get(k);
        Map<String, Format> formats = new LinkedHashMap<>();
        for (var g : P.globals().values()) {
            if (g.isTensor()) {
                formats.put(g.name(), FormatParser.parse(String.join(",", g.tensor().levels())));
            }
        }
        for (Stmt s : P.main().decl().body()) {
            formats.put(((Definition) s).target().name(), FormatParser.parse("dense"));
        }
        KernelSpec spec = new KernelSpec(P, d, formats, Map.of());
        List<Integer> participants = new ArrayList<>();
        Set<Integer> locatable = new HashSet<>();
        Set<Integer> full = new HashSet<>();
        for (KernelSpec.Access a : spec.accesses()) {
            participants.add(a.id());
            var level = a.tensor().format().level(0);
            if (level.has(Capability.LOCATE)) {
                locatable.add(a.id());
            }
            if (level.name().equals("dense")) {
                full.add(a.id());
            }
        }
        return MergeLattice.build(new LoopOperands("i", participants, locatable, full, Set.of()),
                Contribution.of(spec, null), knownBefore);
    }

    private static List<String> names(MergeLattice l, List<Integer> ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(id -> out.add(l.name(id)));
        return out;
    }

    private static MergeLattice named(int k) {
        return lattice(k);
    }

    @Test
    void aProductIsAnIntersection() {
        MergeLattice l = named(0);
        assertEquals("[a, b]: a[i] * b[i]\n", l.toString());
        assertEquals(Merge.Mode.INTERSECT, l.merge().mode());
        assertEquals(List.of("a", "b"), names(l, l.merge().drivers()));
        assertEquals(l.required(), l.points().get(0).present());
        assertEquals(List.of(), l.exhausted(0));
    }

    @Test
    void aSumIsAUnionOfThreePoints() {
        MergeLattice l = named(1);
        assertEquals("[a, b]: a[i] + b[i]\n[a]: a[i]\n[b]: b[i]\n", l.toString());
        assertEquals(Merge.Mode.UNION, l.merge().mode());
        assertEquals(List.of("a", "b"), names(l, l.merge().drivers()));
        assertEquals(Set.of(), l.required());
        // Once a runs out, only b's point is left.
        assertEquals(1, l.exhausted(0).size());
        assertEquals("b[i]", l.exhausted(0).get(0).expression());
    }

    @Test
    void minWithItsIdentityAsFillIsAUnion() {
        MergeLattice l = named(2);
        assertEquals("[u, v]: MIN(u[i], v[i])\n[u]: u[i]\n[v]: v[i]\n", l.toString());
        assertEquals(Merge.Mode.UNION, l.merge().mode());
    }

    @Test
    void aSparseConditionDrivesAlone() {
        MergeLattice l = named(3);
        // Where m is absent (false) the value is 0.0, the fill: m and a must both be present.
        assertEquals("[m, a]: ifelse(m[i], a[i], 0.0)\n", l.toString());
        assertEquals(Set.of(0, 1), l.required());
        assertEquals(Merge.Mode.INTERSECT, l.merge().mode());
    }

    @Test
    void aDenseOperandIsLocated() {
        MergeLattice l = named(4);
        assertEquals("[a]: a[i] * d[i]\n", l.toString());
        assertEquals(Merge.Mode.ITERATE, l.merge().mode());
        assertEquals(List.of("a"), names(l, l.merge().drivers()));
        assertEquals(List.of("d"), names(l, l.merge().locators()));
    }

    @Test
    void aDenseOtherwiseBranchNeedsTheWholeDimension() {
        MergeLattice l = named(5);
        assertEquals("[m, a]: ifelse(m[i], a[i], d[i])\n[m]: ifelse(m[i], 0.0, d[i])\n[a]: d[i]\n[]: d[i]\n",
                l.toString());
        assertTrue(l.points().get(l.points().size() - 1).isEmpty());
        assertEquals(Merge.Mode.UNIVERSE, l.merge().mode());
        assertNull(l.merge().point());
    }

    @Test
    void aSumTimesAThirdOperandIntersectsWithTheThird() {
        MergeLattice l = named(6);
        assertEquals("[a, b, c]: (a[i] + b[i]) * c[i]\n[a, c]: a[i] * c[i]\n[b, c]: b[i] * c[i]\n", l.toString());
        assertEquals(Merge.Mode.INTERSECT, l.merge().mode());
        assertEquals(List.of("c"), names(l, l.merge().drivers()));
        assertEquals(List.of("a", "b"), names(l, l.merge().followers()));
    }

    @Test
    void aLocatableSparseOperandDrivesWhenNothingMustBeIterated() {
        MergeLattice l = named(7);
        assertEquals("[h]: h[i] * d[i]\n", l.toString());
        assertEquals(Merge.Mode.ITERATE, l.merge().mode());
        assertEquals(List.of("h"), names(l, l.merge().drivers()));
        assertEquals(List.of("d"), names(l, l.merge().locators()));
    }

    @Test
    void aComparisonWithAKnownValueIsOnePoint() {
        // Nothing but i == s contributes: the loop visits that one coordinate, locating d there.
        MergeLattice known = lattice(8, e -> true);
        assertEquals(Merge.Mode.POINT, known.merge().mode());
        assertEquals("s", CinPrinter.print(known.merge().point()));
        assertEquals(List.of("d"), names(known, known.merge().locators()));
        // Not known before the loop: the whole dimension.
        assertEquals(Merge.Mode.UNIVERSE, lattice(8).merge().mode());
    }

    @Test
    void aBoolKnownBeforeTheLoopGuardsIt() {
        MergeLattice l = lattice(9, e -> true);
        assertEquals("q[i]", CinPrinter.print(l.guard()));
        assertNull(lattice(9).guard(), "not known before the loop");
        assertNull(lattice(4, e -> true).guard(), "a[i] * d[i] has no bool to test");
    }

    @Test
    void aPointWhoseKnownValueIsNegativeOrNaNPrints() {
        // Literals are never negative: a value the symbolic evaluation knows is printed as a negation (or 0.0 / 0.0).
        String sum = lattice(10).toString();
        assertTrue(sum.contains("[a]: a[i] + -0.5\n"), sum);
        String quotient = lattice(11).toString();
        assertTrue(quotient.contains("[a]: a[i] + 0.0 / 0.0\n"), quotient);
    }
}
