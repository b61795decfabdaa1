package org.stag.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generators of the fuzzing harness's inputs: text built from the pieces real files are made of (banners,
 * {@code %%GraphBLAS} lines, size lines, entries with ids and values at and past every limit), then damaged by
 * one of a few mutations (truncation, byte flips, gzip with or without trailing bytes, a stray line).
 */
final class FuzzInputs {
    private FuzzInputs() {
    }

    /** How a generated text is damaged before it is written. */
    enum Mutation { NONE, TRUNCATE, FLIP, GZIP, GZIP_TRAILING, STRAY_LINE }

    /** A text, its mutation and the seed that places the damage. */
    record Damaged(String text, Mutation mutation, long seed) {
        byte[] bytes() {
            return FuzzInputs.apply(text.getBytes(StandardCharsets.ISO_8859_1), mutation, seed);
        }

        @Override
        public String toString() {
            return mutation + "/" + seed + ":\n" + text;
        }
    }

    static Arbitrary<Mutation> mutations() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.just(Mutation.NONE)),
                net.jqwik.api.Tuple.of(2, Arbitraries.just(Mutation.TRUNCATE)),
                net.jqwik.api.Tuple.of(2, Arbitraries.just(Mutation.FLIP)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Mutation.GZIP)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Mutation.GZIP_TRAILING)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Mutation.STRAY_LINE)));
    }

    static Arbitrary<Damaged> damaged(Arbitrary<String> texts) {
        return Combinators.combine(texts, mutations(), Arbitraries.longs()).as(Damaged::new);
    }

    /** Numbers at and past every limit a value may meet. */
    static Arbitrary<String> values() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-3, 300).map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.doubles().map(String::valueOf),
                Arbitraries.of("nan", "NaN", "inf", "-inf", "+Infinity", "1e400", "-1e400", "0.5", "-0.0", "1e-320",
                        "18446744073709551615", "18446744073709551616", "9223372036854775807", "9223372036854775808",
                        "-9223372036854775808", "-9223372036854775809", "9007199254740993", "3.4028235e38", "3.5e38",
                        "1d5", "0x10", "abc", "1,5", "--1", ""));
    }

    /** Ids in and just past a small matrix, and a few absurd ones. */
    static Arbitrary<String> ids() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-1, 14).map(String::valueOf),
                Arbitraries.of("2147483647", "2147483648", "99999999999999999999", "1e3", "-0", "+3", "x"));
    }

    static Arbitrary<String> matrixMarket() {
        Arbitrary<String> banner = Arbitraries.of(
                "%%MatrixMarket matrix coordinate real general", "%%MatrixMarket matrix coordinate integer general",
                "%%MatrixMarket matrix coordinate pattern general", "%%MatrixMarket matrix coordinate real symmetric",
                "%%MatrixMarket matrix coordinate integer skew-symmetric", "%%MatrixMarket matrix coordinate pattern symmetric",
                "%%MatrixMarket matrix array real general", "%%MatrixMarket matrix array integer symmetric",
                " %%MatrixMarket matrix coordinate real general", "%%matrixmarket MATRIX Coordinate Integer General",
                "%%MatrixMarket matrix coordinate complex general", "%%MatrixMarket matrix coordinate pattern skew-symmetric",
                "%%MatrixMarket matrix coordinate real general extra", "%%MatrixMarket vector coordinate real general", "3 3 1");
        Arbitrary<String> graphBlas = Arbitraries.of("", "", "", "%%GraphBLAS type int8_t\n", "%%GraphBLAS type uint64_t\n",
                "%%GraphBLAS type float\n", "%%GraphBLAS type int64_t\n", "%%GraphBLAS type bool\n", "%%GraphBLAS GrB_UINT16\n",
                "%%GraphBLAS comment (this is silently ignored)\n", "%%GraphBLAS type quad\n", "%%GraphBLAS type double complex\n",
                "%%GraphBLAS type int8_t\n%%GraphBLAS type int16_t\n");
        Arbitrary<String> entry = Combinators.combine(ids(), ids(), values(), Arbitraries.integers().between(0, 9))
                .as((r, c, v, shape) -> shape == 0 ? r + " " + c : shape == 1 ? v : shape == 2 ? r + "\t" + c + " " + v + " 7"
                        : r + " " + c + " " + v);
        Arbitrary<List<String>> entries = entry.list().ofMaxSize(14);
        Arbitrary<String> size = Arbitraries.oneOf(
                Combinators.combine(Arbitraries.integers().between(0, 14), Arbitraries.integers().between(0, 14),
                        Arbitraries.integers().between(-1, 20)).as((r, c, e) -> r + " " + c + " " + e),
                Arbitraries.integers().between(0, 14).map(n -> n + " " + n),
                Arbitraries.of("100000000 100000000 5", "2147483647 2147483647 3", "65536 65536 2", "1 1", "-1 2 3",
                        "3 3 3 3", "9223372036854775807 1 1"));
        return Combinators.combine(banner, graphBlas, size, entries, Arbitraries.of("", "% a comment\n", "\n"))
                .as((b, g, s, e, comment) -> b + "\n" + g + comment + s + "\n" + String.join("\n", e) + "\n");
    }

    static Arbitrary<String> edgeList() {
        Arbitrary<String> line = Combinators.combine(ids(), ids(), values(), Arbitraries.integers().between(0, 12))
                .as((u, v, w, shape) -> switch (shape) {
                    case 0 -> u + " " + v;
                    case 1 -> u + "\t" + v + " " + w;
                    case 2 -> "# " + w;
                    case 3 -> "";
                    case 4 -> u;
                    case 5 -> u + " " + v + " " + w + " " + w;
                    case 6 -> v + " " + u;
                    default -> u + " " + v + " " + w;
                });
        return line.list().ofMaxSize(20).map(l -> String.join("\n", l) + "\n");
    }

    static Arbitrary<String> updates() {
        Arbitrary<String> line = Combinators.combine(Arbitraries.of("+ ", "- ", "", "* ", "+", "-- "), ids(), ids(),
                values(), Arbitraries.integers().between(0, 8)).as((op, u, v, w, shape) -> switch (shape) {
                    case 0 -> op + u + " " + v;
                    case 1 -> op + u + " " + v + " " + w;
                    case 2 -> "# " + w;
                    case 3 -> "";
                    case 4 -> op + u;
                    default -> op + u + " " + v + " " + w;
                });
        return line.list().ofMaxSize(25).map(l -> String.join("\n", l) + "\n");
    }

    /** A real source text with one of a few edits: a line dropped, doubled or cut, a token replaced. */
    static Arbitrary<String> edited(List<String> sources, List<String> tokens) {
        return Combinators.combine(Arbitraries.of(sources), Arbitraries.integers().between(0, 5), Arbitraries.longs())
                .as((text, kind, seed) -> edit(text, kind, seed, tokens));
    }

    static String edit(String text, int kind, long seed, List<String> tokens) {
        Random rnd = new Random(seed);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int i = rnd.nextInt(lines.size());
        switch (kind) {
            case 0 -> lines.remove(i);
            case 1 -> lines.add(i, lines.get(i));
            case 2 -> lines.set(i, lines.get(i).substring(0, rnd.nextInt(lines.get(i).length() + 1)));
            case 3 -> {
                String[] words = lines.get(i).split(" ", -1);
                words[rnd.nextInt(words.length)] = tokens.get(rnd.nextInt(tokens.size()));
                lines.set(i, String.join(" ", words));
            }
            case 4 -> lines.add(i, tokens.get(rnd.nextInt(tokens.size())) + " " + tokens.get(rnd.nextInt(tokens.size())));
            default -> {
                return text.substring(0, rnd.nextInt(text.length() + 1));
            }
        }
        return String.join("\n", lines);
    }

    static byte[] apply(byte[] b, Mutation m, long seed) {
        Random rnd = new Random(seed);
        return switch (m) {
            case NONE -> b;
            case TRUNCATE -> Arrays.copyOf(b, b.length == 0 ? 0 : rnd.nextInt(b.length));
            case FLIP -> {
                byte[] c = b.clone();
                for (int f = 0, n = 1 + rnd.nextInt(3); f < n && c.length > 0; f++) {
                    c[rnd.nextInt(c.length)] = (byte) rnd.nextInt(256);
                }
                yield c;
            }
            case GZIP -> gzip(b);
            case GZIP_TRAILING -> {
                byte[] g = gzip(b);
                byte[] c = Arrays.copyOf(g, g.length + 1 + rnd.nextInt(40));
                for (int k = g.length; k < c.length; k++) {
                    c[k] = (byte) rnd.nextInt(256);
                }
                yield c;
            }
            case STRAY_LINE -> {
                String s = new String(b, StandardCharsets.ISO_8859_1);
                int at = s.isEmpty() ? 0 : rnd.nextInt(s.length());
                yield (s.substring(0, at) + "\n\u00e9\u0000 1 2 3\r\n" + s.substring(at)).getBytes(StandardCharsets.ISO_8859_1);
            }
        };
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
