package org.stag.engine.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.ops.Operators;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * {@link Canonical#of}: the monomials of a right-hand side (as the names of the tensors each reads), the sum and
 * its type, and null where distributing is not exact (no vanishing factor of its own, a fill that is not the
 * sum's identity, integer MIN over +, operators that do not distribute) or not worth it (one monomial, more
 * than {@link Canonical#MAX_TERMS}).
 */
class CanonicalTest {
    private static final String PROGRAM = """
            N int
            a double[compressed[N]]
            b double[compressed[N]]
            c double[compressed[N]]
            d double[compressed[N]]
            e double[compressed[N]]
            x double[N]
            f double[compressed[N]] fill 1.0
            u double[compressed[N]] fill inf
            v double[compressed[N]] fill inf
            k long[compressed[N]]
            h long[compressed[N]]
            m bool[compressed[N]]
            n bool[compressed[N]]
            q bool[N]
            Let Main() -> (y1 double[N], y2 double[N], y3 double[N], y4 double[N], y5 double[N], y6 double[N],
                           y7 double[N], y8 long[N], y9 bool[N], y10 double[N], y11 long[N], y12 double[N], y13 double[N],
                           y14 double[N])
                y1[i] = (a[i] + b[i]) * x[i]
                y2[i] = a[i] * x[i] - b[i] * c[i] + 2.0 * d[i]
                y3[i] = (a[i] + b[i]) * (c[i] + d[i])
                y4[i] = (a[i] + b[i]) * (c[i] + d[i]) * (e[i] + x[i])
                y5[i] = (a[i] + 1.0) * c[i]
                y6[i] = (a[i] + f[i]) * x[i]
                y7[i] = MIN(u[i], v[i]) + x[i]
                y8[i] = (k[i] + h[i]) * 3
                y9[i] = AND(OR(m[i], n[i]), q[i])
                y10[i] = a[i] * x[i]
                y11[i] = MIN(k[i], h[i]) + 1
                y12[i] = MAX(a[i], b[i]) * x[i]
                y13[i] = double(k[i] + h[i]) * x[i]
                y14[i] = a[i] * x[i] - b[i] * c[i] + 2.0 * c[i]
            End
            """;

    private static KernelSpec spec(int statement) {
        CheckedProgram p = new Checker().check(new Source("canonical.stag", PROGRAM));
        Definition d = (Definition) p.main().decl().body().get(statement);
        Map<String, Format> formats = new HashMap<>();
        for (String t : List.of("a", "b", "c", "d", "e", "f", "u", "v", "k", "h", "m", "n")) {
            formats.put(t, FormatParser.parse("compressed"));
        }
        formats.put("x", FormatParser.parse("dense"));
        formats.put("q", FormatParser.parse("dense"));
        formats.put(d.target().name(), FormatParser.parse("dense"));
        return new KernelSpec(p, d, formats, Map.of());
    }

    private static org.stag.engine.cin.Monomials form(int statement) {
        return Canonical.of(spec(statement));
    }

    /** Per monomial, the names of the tensors it reads (through the access ids of the kernel's spec). */
    private static List<Set<String>> monomials(int statement) {
        KernelSpec spec = spec(statement);
        List<Set<String>> out = new ArrayList<>();
        for (Set<Integer> term : Canonical.of(spec).terms()) {
            Set<String> names = new TreeSet<>();
            term.forEach(id -> names.add(spec.accesses().get(id).tensor().name()));
            out.add(names);
        }
        return out;
    }

    @Test
    void distributesProductsOverSums() {
        assertEquals(List.of(Set.of("a", "x"), Set.of("b", "x")), monomials(0));
        assertEquals(Operators.ADD, form(0).sum());
        assertEquals(ScalarType.DOUBLE, form(0).type());
        assertEquals(List.of(Set.of("a", "x"), Set.of("b", "c"), Set.of("d")), monomials(1));
        assertEquals(List.of(Set.of("a", "c"), Set.of("a", "d"), Set.of("b", "c"), Set.of("b", "d")), monomials(2));
        assertEquals(Set.of(0, 1, 2, 3), form(2).reads());
        // Two reads of c are two accesses: each monomial's own read vanishes in the other's loop.
        assertEquals(List.of(Set.of("a", "x"), Set.of("b", "c"), Set.of("c")), monomials(13));
    }

    @Test
    void otherLaws() {
        assertEquals(Operators.MIN, form(6).sum());
        assertEquals(List.of(Set.of("u", "x"), Set.of("v", "x")), monomials(6));
        assertEquals(Operators.ADD, form(7).sum());
        assertEquals(ScalarType.LONG, form(7).type());
        assertEquals(Operators.OR, form(8).sum());
        assertEquals(List.of(Set.of("m", "q"), Set.of("n", "q")), monomials(8));
    }

    @Test
    void noFormWhereItIsNotExactOrNotWorthIt() {
        assertNull(form(3), "8 monomials: more than MAX_TERMS");
        assertNull(form(4), "1.0 * c[i] has no vanishing factor that a[i] * c[i] lacks");
        assertNull(form(5), "f's fill 1.0 does not make f[i] * x[i] vanish");
        assertNull(form(9), "one monomial");
        assertNull(form(10), "integer MIN over + does not distribute when + wraps");
        assertNull(form(11), "* does not distribute over MAX");
        assertNull(form(12), "a conversion is one factor: k[i] + h[i] is not expanded");

    }
}
