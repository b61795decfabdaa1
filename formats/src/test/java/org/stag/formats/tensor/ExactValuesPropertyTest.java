package org.stag.formats.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Issue 30, item 1, for tensors: every matrix format, static or dynamic, holds what {@link Tensor#build} was given,
 * bit for bit: doubles {@code ±inf}, NaN, {@code -0.0} and explicit fill values, the whole int64 range, and
 * patterns, with repeated coordinates (the last counts). A format whose last level stores what it was given keeps
 * explicit fill values as components; a dense last level yields every position, the given values where given and
 * the fill elsewhere. A conversion keeps every component that is not the fill value ({@code -0.0} is not
 * {@code 0.0}). Checked against the {@link Model}'s {@code TreeMap}.
 */
class ExactValuesPropertyTest {
    private static final double[] DOUBLES = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, -0.0, 0.0,
        Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, 1.5};
    private static final long[] LONGS = {Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, (1L << 53) + 1, 0, -1};

    /** Every static pair of levels that is a format, and every shipped dynamic level under dense and bst. */
    static List<Format> formats() {
        List<Format> out = new ArrayList<>(Model.formats(2, Model.STATIC));
        for (String d : BuiltinFormats.names()) {
            out.add(FormatParser.parse("dense," + d));
        }
        out.add(FormatParser.parse("bst,ctree"));
        return out;
    }

    /** Components of a {@code rows x cols} matrix with encoded values ({@link Model}'s encoding) and a fill. */
    record Components(int rows, int cols, int[] r, int[] c, ValueType type, long fill, long[] enc) {
        @Override
        public String toString() {
            return type + " " + rows + "x" + cols + " fill " + fill + " r=" + Arrays.toString(r) + " c=" + Arrays.toString(c)
                    + " values=" + Arrays.toString(enc);
        }
    }

    @Provide
    Arbitrary<Components> components() {
        Arbitrary<ValueType> types = Arbitraries.of(ValueType.DOUBLE, ValueType.LONG, ValueType.BOOL);
        return Combinators.combine(Arbitraries.integers().between(1, 6), Arbitraries.integers().between(1, 6),
                Arbitraries.integers().between(0, 14), types, Arbitraries.of(false, true)).flatAs((rows, cols, m, type, unusual) -> {
                    long fill = Model.encodedFill(type, unusual);
                    Arbitrary<int[]> rs = Arbitraries.integers().between(0, rows - 1).array(int[].class).ofSize(m);
                    Arbitrary<int[]> cs = Arbitraries.integers().between(0, cols - 1).array(int[].class).ofSize(m);
                    Arbitrary<Long> value = switch (type) {
                        case DOUBLE -> Arbitraries.oneOf(Arbitraries.of(Arrays.stream(DOUBLES).boxed().toList()),
                                Arbitraries.doubles()).map(Double::doubleToLongBits);
                        case LONG -> Arbitraries.oneOf(Arbitraries.of(Arrays.stream(LONGS).boxed().toList()), Arbitraries.longs());
                        default -> Arbitraries.of(0L, 1L);
                    };
                    // about one in five an explicit fill value
                    Arbitrary<long[]> enc = Arbitraries.frequencyOf(
                            net.jqwik.api.Tuple.of(1, Arbitraries.just(fill)), net.jqwik.api.Tuple.of(4, value))
                            .array(Long[].class).ofSize(m).map(a -> Arrays.stream(a).mapToLong(Long::longValue).toArray());
                    return Combinators.combine(rs, cs, enc).as((r, c, e) -> new Components(rows, cols, r, c, type, fill, e));
                });
    }

    @Property(tries = 50, seed = "3032")
    void everyFormatHoldsWhatWasBuiltAndConversionsKeepIt(@ForAll("components") Components p) {
        int[] dims = {p.rows(), p.cols()};
        for (Format f : formats()) {
            Model m = Model.of(f, dims, p.type(), p.fill(), new int[][] {p.r(), p.c()}, p.enc());
            Tensor t = m.build();
            boolean storesGiven = !f.level(1).equals(StaticLevelFormat.DENSE);
            m.verify(t, storesGiven, f + " of " + p);
            m.verify(t.convert(Format.csr()), false, f + " -> csr of " + p);
            m.verify(t.convert(FormatParser.parse("dense,ctree")), false, f + " -> dense,ctree of " + p);
        }
    }
}
