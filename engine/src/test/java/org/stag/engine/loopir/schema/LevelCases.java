package org.stag.engine.loopir.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.impl.BlistFormat;
import org.stag.formats.dynamic.impl.BstFormat;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.dynamic.impl.RbtreeFormat;
import org.stag.formats.dynamic.impl.TtreeFormat;
import org.stag.formats.dynamic.impl.VblistFormat;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * Random (dense, dynamic) matrices for the generated-code tests: for every shipped dynamic format, and for
 * variants over edited schemas (small nodes, renamed fields, tiny chunks) that make trees deep and shapes
 * unusual, a tensor built by {@link Tensor#build} with empty rows, single elements at both ends of the
 * dimension, small, large (thousands, deep trees, many blocks, arena chunks) and dense rows; then batch
 * inserts and deletes through the format on the level's store, so that trees are not just freshly built.
 * Fixed seeds.
 */
final class LevelCases {
    /** Columns: large enough for sparse rows, small enough for a dense run. */
    static final int COLS = 1 << 20;

    private LevelCases() {
    }

    /** A dynamic format under a name: a shipped one (by format string) or a variant over an edited schema. */
    record Spec(String name, Supplier<DynamicFormat> variant) {
        /** The level format: parsed from {@code dense,NAME} for shipped formats. */
        DynamicLevelFormat levelFormat() {
            if (variant == null) {
                return (DynamicLevelFormat) FormatParser.parse("dense," + name).level(1);
            }
            return new DynamicLevelFormat(variant.get());
        }

        Format format() {
            return variant == null ? FormatParser.parse("dense," + name)
                    : Format.of(StaticLevelFormat.DENSE, levelFormat());
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Every shipped dynamic format. */
    static List<Spec> shipped() {
        List<Spec> s = new ArrayList<>();
        for (String n : BuiltinFormats.names()) {
            s.add(new Spec(n, null));
        }
        return s;
    }

    /** Variants over edited schemas: the generator must follow the schema, not the shipped names or sizes. */
    static List<Spec> variants() {
        return List.of(
                new Spec("btree-small", () -> new BtreeFormat(edited("btree", "B : size in [1, 31]", "B : size in [1, 3]",
                        "B : size in [1, 31]", "B : size in [1, 3]"))),
                new Spec("ttree-small", () -> new TtreeFormat(edited("ttree", "B : size in [1, 32]", "B : size in [1, 4]"))),
                new Spec("ctree-tiny-chunks", () -> new CtreeFormat(2)),
                new Spec("bst-renamed", () -> new BstFormat(bstRenamed(), BstFormat.DEFAULT_ALPHA, 0)),
                new Spec("rbtree-renamed", () -> new RbtreeFormat(rbtreeRenamed(), 0)),
                new Spec("blist-4", () -> new BlistFormat(edited("blist", "B : size in [0, 16]", "B : size in [0, 4]"))),
                new Spec("blist-gaps-4", () -> new BlistFormat(edited("blist-gaps", "B : size in [0, 16]",
                        "B : size in [0, 4]"))),
                new Spec("blist-fixed-3", () -> new BlistFormat(edited("blist-fixed", "elem[16]", "elem[3]"))),
                new Spec("vblist-8", () -> new VblistFormat(Schemas.builtin("vblist"), 8)),
                new Spec("skiplist", () -> new GenericFormat(Schema.parse("skiplist.schema", SKIP_LIST))));
    }

    /**
     * A skip list (as {@code cli/examples/skiplist.schema}), which no shipped format implements: the generic
     * format builds it, and its search tells the run below ({@code d}) from the successor ({@code n}) by the
     * successor's first key.
     */
    private static final String SKIP_LIST = """
            def skip {
              e : elem nonempty
              d : skip
              n : skip
              seq = e, d, n
            }
            def root skiplist {
              top : skip
            }
            """;

    static List<Spec> all() {
        List<Spec> s = new ArrayList<>(shipped());
        s.addAll(variants());
        return s;
    }

    /** The shipped schema {@code name} with each {@code from} replaced (first occurrence) by the following {@code to}. */
    static Schema edited(String name, String... fromTo) {
        String text = shippedText(name);
        for (int i = 0; i < fromTo.length; i += 2) {
            int at = text.indexOf(fromTo[i]);
            if (at < 0) {
                throw new AssertionError(name + ".schema no longer contains '" + fromTo[i] + "'");
            }
            text = text.substring(0, at) + fromTo[i + 1] + text.substring(at + fromTo[i].length());
        }
        return Schema.parse(name + "-edited.schema", text);
    }

    private static String shippedText(String name) {
        try (InputStream in = Schema.class.getResourceAsStream(name + ".schema")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The BST with other names, fields in another order and the root's link after its counters. */
    static Schema bstRenamed() {
        return Schema.parse("bst-renamed", """
                def node {
                  hi : node
                  key : elem nonempty
                  lo : node
                  seq = lo, key, hi
                }
                def root handle {
                  n : int32
                  max_n : int32
                  top : node
                }
                """);
    }

    /** The red-black tree with other names, a parent field and colour first. */
    static Schema rbtreeRenamed() {
        return Schema.parse("rbtree-renamed", """
                def rb {
                  red : bool
                  up : parent rb
                  big : rb
                  key : elem nonempty
                  small : rb
                  seq = small, key, big
                }
                def root handle {
                  t : rb
                }
                """);
    }

    /** A built tensor and its dynamic level. */
    record Case(Spec spec, boolean doubles, Tensor tensor, DynamicLevel level) {
        int rows() {
            return tensor.dimension(0);
        }

        String what() {
            return spec.name() + (doubles ? " (values)" : " (positions)");
        }

        /** Row {@code p}'s elements as the format collects them: coordinates and values or positions. */
        Row row(int p) {
            int n = level.structureSize(p);
            int[] c = new int[n];
            double[] v = new double[n];
            int got = level.collect(p, c, v, 0);
            if (got != n) {
                throw new AssertionError(what() + ": row " + p + " collects " + got + " of " + n);
            }
            return new Row(c, v);
        }
    }

    /** One row: coordinates and what the elements carry, in traversal order. */
    record Row(int[] crd, double[] val) {
        int size() {
            return crd.length;
        }
    }

    /** The rows' sizes before updates: empty, single elements at both ends, small, large, dense, and random. */
    static int[][] rowPlan(SplittableRandom rnd) {
        List<int[]> rows = new ArrayList<>();
        rows.add(new int[0]);
        rows.add(new int[] {0});
        rows.add(new int[] {COLS - 1});
        rows.add(new int[] {0, COLS - 1});
        rows.add(randomRow(rnd, 5));
        rows.add(randomRow(rnd, 100));
        rows.add(randomRow(rnd, 5000));
        int[] dense = new int[3000];
        Arrays.setAll(dense, k -> k);
        rows.add(dense);
        rows.add(randomRow(rnd, 20_000));
        for (int r = 0; r < 30; r++) {
            rows.add(randomRow(rnd, rnd.nextInt(60)));
        }
        rows.add(new int[0]);
        return rows.toArray(new int[0][]);
    }

    private static int[] randomRow(SplittableRandom rnd, int n) {
        // Half of the draws from a narrow band, so runs of close coordinates occur, half from the whole dimension.
        int band = rnd.nextInt(COLS - 50_000);
        return rnd.ints(n, 0, COLS).map(c -> rnd.nextBoolean() ? c : band + c % 50_000).distinct().sorted().toArray();
    }

    /** Builds the case for {@code spec}: doubles (DOUBLE mode last level) or ints (POSITION mode). */
    static Case build(Spec spec, boolean doubles, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[][] plan = rowPlan(rnd);
        int total = Arrays.stream(plan).mapToInt(r -> r.length).sum();
        int[] ri = new int[total];
        int[] ci = new int[total];
        int at = 0;
        for (int p = 0; p < plan.length; p++) {
            for (int c : plan[p]) {
                ri[at] = p;
                ci[at] = c;
                at++;
            }
        }
        Values values;
        if (doubles) {
            values = Values.ofDoubles(rnd.doubles(total, -1, 1).toArray());
        } else {
            values = Values.ofInts(rnd.ints(total, -1000, 1000).toArray());
        }
        Tensor t = Tensor.build(spec.format(), new int[] {plan.length, COLS}, new int[][] {ri, ci}, values);
        DynamicLevel level = (DynamicLevel) t.level(1);
        if (level.holdsValues() != doubles) {
            throw new AssertionError(spec + ": level mode " + level.mode());
        }
        update(level, plan, rnd);
        level.check();
        return new Case(spec, doubles, t, level);
    }

    /**
     * Batch inserts and deletes on some rows through the format, as a dynamic matrix applies updates: new
     * coordinates get new values (or fresh positions), present ones new values; deletions take out runs and
     * scattered elements, and all of a few rows.
     */
    static void update(DynamicLevel level, int[][] plan, SplittableRandom rnd) {
        DynamicFormat f = level.impl();
        int nextPos = level.size();
        for (int p = 0; p < plan.length; p++) {
            int root = level.roots()[p];
            int kind = p % 4;
            if (kind == 0 || plan[p].length > 1000) {
                int[] ins = rnd.ints(1 + rnd.nextInt(plan[p].length / 4 + 3), 0, COLS).distinct().sorted().toArray();
                double[] v = new double[ins.length];
                for (int k = 0; k < v.length; k++) {
                    v[k] = level.holdsValues() ? rnd.nextDouble() : nextPos++;
                }
                if (level.holdsValues()) {
                    level.insertBatch(new int[] {p}, new int[] {0, ins.length}, 1, ins, v, 1, null);
                } else {
                    f.insert(level.storeOf(p), root, ins, v, 0, ins.length);
                }
            }
            if (kind == 1 || plan[p].length > 1000) {
                int n = f.size(level.storeOf(p), root);
                int[] c = new int[n];
                f.collect(level.storeOf(p), root, c, null, 0);
                Arrays.sort(c);
                int[] del = Arrays.stream(c).filter(x -> rnd.nextInt(3) == 0).toArray();
                if (n > 100) {
                    // A run of consecutive elements too: empties whole nodes and blocks.
                    int from = rnd.nextInt(n / 2);
                    int[] run = Arrays.copyOfRange(c, from, from + n / 4);
                    del = java.util.stream.IntStream.concat(Arrays.stream(del), Arrays.stream(run)).distinct().sorted()
                            .toArray();
                }
                delete(level, p, del, del.length);
            }
            if (kind == 2 && p % 8 == 2) {
                int n = f.size(level.storeOf(p), root);
                int[] c = new int[n];
                f.collect(level.storeOf(p), root, c, null, 0);
                Arrays.sort(c);
                delete(level, p, c, n);
            }
        }
    }

    /** Deletes through the level where it counts its elements (values inline), else through the format. */
    private static void delete(DynamicLevel level, int p, int[] crd, int n) {
        if (level.holdsValues()) {
            level.deleteBatch(new int[] {p}, new int[] {0, n}, 1, crd, 1, null);
        } else {
            level.impl().delete(level.storeOf(p), level.roots()[p], crd, 0, n);
        }
    }
}
