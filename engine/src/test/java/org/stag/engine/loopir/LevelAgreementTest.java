package org.stag.engine.loopir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.check.LevelCatalog;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Source;
import org.stag.formats.level.Capability;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LocateCost;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * Issue 10, item 3: the checker, the loop planner and the generator agree with the level format's own
 * capability query ({@link LevelFormat#capabilities()}, {@link LevelFormat#locateCost()}) for every
 * shipped level format: the eight static levels and the twelve node schemas.
 */
class LevelAgreementTest {
    private static final int N = 6;
    /** A 6 x 6 matrix with several entries in most rows, one empty row, and values 1 + (i * 7 + j) % 5. */
    private static final int[][] ENTRIES = {{0, 1}, {0, 4}, {1, 0}, {1, 2}, {1, 3}, {1, 5}, {3, 3}, {4, 0}, {4, 5},
        {5, 1}, {5, 2}};

    private static List<String> shippedLevels() {
        List<String> all = new ArrayList<>(FormatParser.staticNames());
        all.addAll(Schemas.builtinNames());
        return all;
    }

    @Test
    void twelveSchemasAndEightStaticLevels() {
        assertEquals(12, Schemas.builtinNames().size(), Schemas.builtinNames().toString());
        assertEquals(20, shippedLevels().size());
    }

    @Test
    void checkerAndGeneratorReadTheFormatsLocate() {
        int locating = 0;
        for (String name : shippedLevels()) {
            LevelFormat f = format(name);
            boolean locates = f.has(Capability.LOCATE);
            assertEquals(locates, f.locateCost() != LocateCost.NONE, name);
            locating += locates ? 1 : 0;
            LevelCode code = LevelCodes.of(f, "A1", org.stag.formats.dynamic.ValueMode.POSITION);
            assertEquals(locates, LoopEmitter.canLocate(code), "generator, " + name);
            // The schema code derives its search from the traversal; it must find what the format claims.
            assertEquals(locates, code.canLocate(), "level code, " + name);
            if (LevelCatalog.standard().isKnown(name)) {
                assertEquals(locates, LevelCatalog.standard().canLocate(name), "checker, " + name);
            } else {
                assertFalse(name.matches("[a-z][a-z0-9_]*"), name + " is nameable in a program but unknown to the checker");
            }
        }
        // dense, hashed, bitmap, vbyte; bst, rbtree, ttree, btree, ctree, vctree.
        assertEquals(10, locating);
    }

    /**
     * {@code Ord j, i} visits A's second level at a known j: the checker (declared format) and the planner
     * (actual format) accept exactly the levels that locate, and the located kernel computes the right sums.
     */
    @Test
    void plannerAcceptsALocatedOrderExactlyForLocatingLevels() {
        for (String name : shippedLevels()) {
            if (name.equals("singleton") || name.equals("range") || name.equals("offset")) {
                // dense,singleton is a vector in slots, and range and offset stand only in DIA (dense,range,offset):
                // none of them is a matrix format's second level.
                assertFalse(format(name).has(Capability.LOCATE));
                continue;
            }
            LevelFormat f = format(name);
            boolean nameable = LevelCatalog.standard().isKnown(name);
            String declared = nameable ? name : "compressed";
            String program = "N int\nA double[N][" + declared + "[N]]\nx double[N]\nLet Main() -> (y double[N])\n"
                    + "    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord j, i\nEnd\n";
            if (nameable && !f.has(Capability.LOCATE)) {
                ProgramException e = assertThrows(ProgramException.class,
                        () -> new Checker().check(new Source("o.stag", program)), name);
                assertTrue(e.getMessage().contains("Ord"), e.getMessage());
                continue;
            }
            CheckedProgram p = new Checker().check(new Source("o.stag", program.replace(declared + "[N]", "N")));
            Definition d = (Definition) p.main().decl().body().get(0);
            Map<String, Format> formats = new HashMap<>();
            formats.put("A", FormatParser.parse("dense," + name));
            formats.put("x", FormatParser.parse("dense"));
            formats.put("y", FormatParser.parse("dense"));
            if (!f.has(Capability.LOCATE)) {
                ProgramException e = assertThrows(ProgramException.class,
                        () -> new DefinitionCompiler().compile(p, d, formats, Map.of()), name);
                assertTrue(e.getMessage().contains("cannot locate"), e.getMessage());
                continue;
            }
            CompiledDefinition k = new DefinitionCompiler().compile(p, d, formats, Map.of());
            Tensor y = (Tensor) k.run(Map.of("A", matrix(formats.get("A")), "x", vector(), "N", N), 1);
            double[] expected = new double[N];
            for (int[] e : ENTRIES) {
                expected[e[0]] += value(e) * (e[1] + 1);
            }
            for (int i = 0; i < N; i++) {
                assertEquals(expected[i], y.getAsDouble(i), 0.0, name + ", row " + i);
            }
        }
    }

    private static LevelFormat format(String name) {
        // A format string cannot hold a singleton, range or offset level without the levels above it.
        return switch (name) {
            case "singleton" -> StaticLevelFormat.SINGLETON;
            case "range" -> StaticLevelFormat.RANGE;
            case "offset" -> StaticLevelFormat.OFFSET;
            default -> FormatParser.parse(name).levels().get(0);
        };
    }

    private static double value(int[] e) {
        return 1 + (e[0] * 7 + e[1]) % 5;
    }

    private static Tensor matrix(Format f) {
        int[] rows = new int[ENTRIES.length];
        int[] cols = new int[ENTRIES.length];
        double[] w = new double[ENTRIES.length];
        for (int q = 0; q < ENTRIES.length; q++) {
            rows[q] = ENTRIES[q][0];
            cols[q] = ENTRIES[q][1];
            w[q] = value(ENTRIES[q]);
        }
        return Tensor.build(f, new int[] {N, N}, new int[][] {rows, cols}, Values.ofDoubles(w, 0.0));
    }

    private static Tensor vector() {
        double[] x = new double[N];
        for (int j = 0; j < N; j++) {
            x[j] = j + 1;
        }
        return Tensor.ofDense(FormatParser.parse("dense"), new int[] {N}, Values.ofDoubles(x, 0.0));
    }
}
