package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.reference.Coord;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceCases;
import org.stag.engine.reference.ReferenceEvaluator;
import org.stag.engine.reference.Values;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;

/** Programs, graphs and the differential comparison for the runtime's tests. */
final class Fixtures {
    /** One compiler for all tests: kernels are cached by text and formats, so tests share them. */
    static final DefinitionCompiler COMPILER = new DefinitionCompiler();

    private Fixtures() {
    }

    /** A checked program from lines of text. */
    static CheckedProgram program(String name, String... lines) {
        return new Checker().check(new Source(name, String.join("\n", lines) + "\n"));
    }

    /** The text of {@code programs/NAME.stag}. */
    static String resource(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/programs/" + name + ".stag")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A random directed graph on {@code n} vertices: each edge i -> j (i != j unless loops) with probability p. */
    static RefTensor graph(long seed, int n, double p, boolean loops) {
        Random r = new Random(seed);
        RefTensor a = new RefTensor(ScalarType.BOOL, new int[] {n, n}, false);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if ((loops || i != j) && r.nextDouble() < p) {
                    a.set(true, i, j);
                }
            }
        }
        return a;
    }

    /** The transpose of a matrix. */
    static RefTensor transpose(RefTensor a) {
        int[] d = a.dims();
        RefTensor t = new RefTensor(a.type(), new int[] {d[1], d[0]}, a.fill());
        a.entries().forEach((c, v) -> t.set(v, c.get(1), c.get(0)));
        return t;
    }

    /** A random double vector of small dyadic values, each entry present with probability {@code density}. */
    static RefTensor vector(long seed, int n, double density) {
        Random r = new Random(seed);
        RefTensor v = new RefTensor(ScalarType.DOUBLE, new int[] {n}, 0.0);
        for (int i = 0; i < n; i++) {
            if (r.nextDouble() < density) {
                v.set((r.nextInt(13) - 4) / 4.0, i);
            }
        }
        return v;
    }

    /** Random weights on the edges of {@code a}: small dyadic numbers, fill {@code fill}. */
    static RefTensor weights(long seed, RefTensor a, Object fill) {
        Random r = new Random(seed);
        RefTensor w = new RefTensor(ScalarType.DOUBLE, a.dims(), fill);
        a.entries().forEach((c, v) -> w.set((1 + r.nextInt(12)) / 4.0, c.get(0), c.get(1)));
        return w;
    }

    /** {@code t} stored in {@code format}: every non-fill entry, nothing else. */
    static Tensor store(RefTensor t, String format) {
        return store(t, FormatParser.parse(format));
    }

    /** {@code t} stored in {@code format}. */
    static Tensor store(RefTensor t, Format format) {
        int n = t.entries().size();
        int[][] crd = new int[t.order()][n];
        Object vals = switch (t.type()) {
            case DOUBLE -> new double[n];
            case FLOAT -> new float[n];
            case LONG -> new long[n];
            case INT -> new int[n];
            case BOOL -> new boolean[n];
        };
        int e = 0;
        for (Map.Entry<Coord, Object> en : t.entries().entrySet()) {
            for (int m = 0; m < t.order(); m++) {
                crd[m][e] = en.getKey().get(m);
            }
            Object v = en.getValue();
            switch (t.type()) {
                case DOUBLE -> ((double[]) vals)[e] = (Double) v;
                case FLOAT -> ((float[]) vals)[e] = (Float) v;
                case LONG -> ((long[]) vals)[e] = (Long) v;
                case INT -> ((int[]) vals)[e] = (Integer) v;
                case BOOL -> ((boolean[]) vals)[e] = (Boolean) v;
            }
            e++;
        }
        Object fill = t.fill();
        org.stag.formats.tensor.Values values = switch (t.type()) {
            case DOUBLE -> org.stag.formats.tensor.Values.ofDoubles((double[]) vals, (Double) fill);
            case FLOAT -> org.stag.formats.tensor.Values.ofFloats((float[]) vals, (Float) fill);
            case LONG -> org.stag.formats.tensor.Values.ofLongs((long[]) vals, (Long) fill);
            case INT -> org.stag.formats.tensor.Values.ofInts((int[]) vals, (Integer) fill);
            case BOOL -> org.stag.formats.tensor.Values.ofBools((boolean[]) vals, (Boolean) fill);
        };
        return Tensor.build(format, t.dims(), crd, values);
    }

    /** The entries of a stored tensor as a reference tensor of type {@code type} with fill {@code fill}. */
    static RefTensor read(Tensor t, ScalarType type, Object fill) {
        RefTensor out = new RefTensor(type, t.dimensions(), fill);
        TensorCursor c = t.cursor();
        int[] coords = new int[t.order()];
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            for (int m = 0; m < coords.length; m++) {
                coords[m] = c.coordinate(m);
            }
            Object v = switch (type) {
                case DOUBLE -> c.doubleValue();
                case FLOAT -> (float) c.doubleValue();
                case LONG -> c.longValue();
                case INT -> (int) c.longValue();
                case BOOL -> c.booleanValue();
            };
            out.set(v, coords);
        }
        return out;
    }

    /**
     * A differential run: the reference evaluator and the runtime on the same parameters and inputs (each
     * input stored in its declared format unless {@code formats} names another), outputs compared.
     *
     * @return the runtime's outputs
     */
    static Map<String, Object> compare(CheckedProgram p, Map<String, String> params, Map<String, RefTensor> inputs,
                                       Map<String, String> formats, int threads) {
        Map<String, Object> refParams = new LinkedHashMap<>();
        RunOptions o = new RunOptions().threads(threads);
        for (Map.Entry<String, String> e : params.entrySet()) {
            o.param(e.getKey(), e.getValue());
            Symbol s = p.globals().get(e.getKey());
            refParams.put(e.getKey(), parse(e.getValue(), s.type().elem()));
        }
        for (Map.Entry<String, RefTensor> e : inputs.entrySet()) {
            VarType.Tensor t = p.globals().get(e.getKey()).tensor();
            o.input(e.getKey(), store(e.getValue(), formats.getOrDefault(e.getKey(), String.join(",", t.levels()))));
        }
        Map<String, Object> expected = new ReferenceEvaluator(p, refParams, inputs).runMain();
        Map<String, Object> actual = new ProgramRunner(p, COMPILER, o).runMain();
        assertOutputs(p, expected, actual);
        return actual;
    }

    /** Asserts that the runtime's outputs equal the reference's (floating point within the cases' tolerance). */
    static void assertOutputs(CheckedProgram p, Map<String, Object> expected, Map<String, Object> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        List<Symbol> outs = p.main().outputs();
        for (Symbol s : outs) {
            Object want = expected.get(s.name());
            Object got = actual.get(s.name());
            if (s.isTensor()) {
                RefTensor w = (RefTensor) want;
                RefTensor g = read((Tensor) got, s.type().elem(), w.fill());
                assertTrue(w.closeTo(g, ReferenceCases.RELATIVE_TOLERANCE), s.name() + ": expected " + w + "\n got " + g);
            } else {
                // The reference binds a call's output without converting it to the receiving variable's type
                // (an int output into a long variable stays an Integer); the runtime converts, as declared.
                want = Values.convert(want, s.type().elem());
                assertEquals(s.type().elem(), Values.typeOf(got), s.name());
                assertTrue(Values.close(want, got, ReferenceCases.RELATIVE_TOLERANCE), s.name() + ": expected " + want
                        + " got " + got);
            }
        }
    }

    private static Object parse(String text, ScalarType t) {
        return switch (t) {
            case BOOL -> Boolean.parseBoolean(text);
            case INT -> Integer.parseInt(text);
            case LONG -> Long.parseLong(text);
            case FLOAT -> Float.parseFloat(text);
            case DOUBLE -> text.equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(text);
        };
    }
}
