package org.stag.spark.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.spark.graph.GraphMeta;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.graph.RowBlocks;

/**
 * Reads edges from Parquet: columns {@code src} and {@code dst} of an integer type (0-based vertex ids, as a GAP
 * edge list), and an optional numeric {@code weight}. As for an edge list, the graph is directed unless
 * {@code --undirected}, weighted when it has the column (unless {@code --unweighted}), its vertices {@code 0..max id}.
 * Each Parquet partition is parsed by a task into entry arrays; a schema without those columns is refused at once.
 */
final class ParquetRead {
    private ParquetRead() {
    }

    /** Whether {@code path} names Parquet: a {@code .parquet} name or a directory. */
    static boolean isParquet(String path) {
        if (path.endsWith(".parquet") || path.endsWith(".parquet/")) {
            return true;
        }
        try {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
            return FileBytes.fs(path).exists(p) && FileBytes.fs(path).getFileStatus(p).isDirectory();
        } catch (java.io.IOException e) {
            return false;
        }
    }

    static PartitionedGraph read(JavaSparkContext sc, String path, LoadOptions options, int partitions, Format format) {
        FileBytes.exists(path);
        SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
        Dataset<Row> df;
        try {
            df = spark.read().parquet(path);
        } catch (Exception e) {
            throw new BadInputException(path, 0, "cannot read as Parquet: " + firstLine(e.getMessage()));
        }
        StructType schema = df.schema();
        String found = Arrays.toString(schema.fieldNames());
        checkId(path, schema, "src", found);
        checkId(path, schema, "dst", found);
        boolean hasWeight = Arrays.asList(schema.fieldNames()).contains("weight");
        if (hasWeight && !numeric(schema.apply("weight").dataType())) {
            throw new BadInputException(path, 0, "Parquet column 'weight' is " + schema.apply("weight").dataType().simpleString()
                    + ", not a number (columns: src, dst integers, optional weight)");
        }
        boolean weighted = options.weighted() != null ? options.weighted() : hasWeight;
        if (weighted && !hasWeight) {
            throw new BadInputException(path, 0, "--weighted: the Parquet file has no column 'weight' (it has " + found + ")");
        }
        boolean directed = options.directed() == null || options.directed();
        Dataset<Row> cols = weighted ? df.select("src", "dst", "weight") : df.select("src", "dst");
        JavaRDD<Parsed> parsed = cols.javaRDD().mapPartitionsWithIndex((split, rows) -> {
            int cap = 1024;
            int[] src = new int[cap];
            int[] dst = new int[cap];
            double[] w = weighted ? new double[cap] : null;
            int n = 0;
            long max = -1;
            boolean integral = true;
            while (rows.hasNext()) {
                Row r = rows.next();
                if (n == cap) {
                    cap += cap >> 1;
                    src = Arrays.copyOf(src, cap);
                    dst = Arrays.copyOf(dst, cap);
                    w = w == null ? null : Arrays.copyOf(w, cap);
                }
                src[n] = id(path, r, 0);
                dst[n] = id(path, r, 1);
                max = Math.max(max, Math.max(src[n], dst[n]));
                if (weighted) {
                    if (r.isNullAt(2)) {
                        throw new BadInputException(path, 0, "a null weight (edge " + src[n] + " " + dst[n] + ")");
                    }
                    double x = ((Number) r.get(2)).doubleValue();
                    if (!Double.isFinite(x)) {
                        throw new BadInputException(path, 0, "weight " + x + " of edge " + src[n] + " " + dst[n]
                                + " is not finite");
                    }
                    integral &= x == Math.rint(x);
                    w[n] = x;
                }
                n++;
            }
            List<Parsed> one = new ArrayList<>();
            one.add(new Parsed(split, src, dst, w, n, max, integral));
            return one.iterator();
        }, true);
        parsed.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            long total = 0;
            long max = -1;
            boolean integral = true;
            for (Parsed p : parsed.map(p -> new Parsed(p.split(), null, null, null, p.size(), p.maxId(), p.allIntegral()))
                    .collect()) {
                total += p.size();
                max = Math.max(max, p.maxId());
                integral &= p.allIntegral();
            }
            if (total == 0) {
                throw new BadInputException(path, 0, "no edges in the file");
            }
            ValueKind kind = !weighted ? ValueKind.PATTERN : integral ? ValueKind.INTEGER : ValueKind.REAL;
            GraphMeta meta = new GraphMeta(path, (int) (max + 1), directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC, kind,
                    0, options.duplicates(), options.duplicatesGiven(), !directed);
            RowBlocks blocks = new RowBlocks(meta.n(), partitions);
            return PartitionedGraph.build(TextRead.routed(parsed, meta, blocks).mapToPair(t -> t), meta, blocks, format);
        } catch (Exception e) {
            throw Failures.badInput(e);
        } finally {
            parsed.unpersist(false);
        }
    }

    private static int id(String path, Row r, int column) {
        if (r.isNullAt(column)) {
            throw new BadInputException(path, 0, "a null " + (column == 0 ? "src" : "dst") + " id");
        }
        long v = ((Number) r.get(column)).longValue();
        if (v < 0 || v >= Integer.MAX_VALUE - 8) {
            throw new BadInputException(path, 0, (column == 0 ? "src" : "dst") + " id " + v + " out of range 0.."
                    + (Integer.MAX_VALUE - 9));
        }
        return (int) v;
    }

    private static void checkId(String path, StructType schema, String name, String found) {
        if (!Arrays.asList(schema.fieldNames()).contains(name)) {
            throw new BadInputException(path, 0, "Parquet schema has no column '" + name + "' (it has " + found
                    + "; expected src and dst integers, optional weight)");
        }
        StructField f = schema.apply(name);
        DataType t = f.dataType();
        if (!(t.equals(DataTypes.IntegerType) || t.equals(DataTypes.LongType) || t.equals(DataTypes.ShortType)
                || t.equals(DataTypes.ByteType))) {
            throw new BadInputException(path, 0, "Parquet column '" + name + "' is " + t.simpleString()
                    + ", not an integer (expected src and dst integers, optional weight)");
        }
    }

    private static boolean numeric(DataType t) {
        return t.equals(DataTypes.IntegerType) || t.equals(DataTypes.LongType) || t.equals(DataTypes.ShortType)
                || t.equals(DataTypes.ByteType) || t.equals(DataTypes.DoubleType) || t.equals(DataTypes.FloatType);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
