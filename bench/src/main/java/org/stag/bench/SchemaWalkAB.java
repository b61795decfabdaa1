package org.stag.bench;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The schema walker's edge lookups under two builds in one JVM, round by round: each build's {@link WalkLookups}
 * (and its formats) in a class loader of its own, timed alternately (A then B, then B then A) in thread CPU
 * time, so that both meet the same machine state; a one-JVM-per-side A/B on a shared machine drifts with the
 * load between runs. Prints per format the median time per lookup of each build and the median of the
 * per-round ratios AFTER/BEFORE. {@code bench/schemawalk-ab.sh} builds the class paths (each build's jar with
 * this checkout's {@code WalkLookups} compiled against it).
 *
 * <pre>java -cp bench/target/classes org.stag.bench.SchemaWalkAB BEFORE_CP AFTER_CP [scale] [rounds] [formats]</pre>
 */
public final class SchemaWalkAB {
    private SchemaWalkAB() {
    }

    public static void main(String[] args) throws Exception {
        ClassLoader before = loader(args[0]);
        ClassLoader after = loader(args[1]);
        int scale = args.length > 2 ? Integer.parseInt(args[2]) : 16;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 41;
        String formats = args.length > 4 ? args[4]
                : "list,blist,blist-gaps,blist-fixed,blist-unsorted,vblist,ttree,btree,bst,rbtree,ctree";
        System.out.printf(Locale.ROOT, "kron scale %d, %d rounds of 65536 lookups per build, thread CPU time%n", scale, rounds);
        System.out.printf(Locale.ROOT, "%-16s %14s %14s %14s%n", "format", "before ns/get", "after ns/get", "after/before");
        for (String f : formats.split(",")) {
            Side a = new Side(before, scale, f);
            Side b = new Side(after, scale, f);
            double[] ta = new double[rounds];
            double[] tb = new double[rounds];
            double[] ratio = new double[rounds];
            for (int r = -5; r < rounds; r++) {
                double x;
                double y;
                if ((r & 1) == 0) {
                    x = a.round();
                    y = b.round();
                } else {
                    y = b.round();
                    x = a.round();
                }
                if (r >= 0) {
                    ta[r] = x;
                    tb[r] = y;
                    ratio[r] = y / x;
                }
            }
            System.out.printf(Locale.ROOT, "%-16s %14.1f %14.1f %14.3f%n", f, median(ta), median(tb), median(ratio));
        }
    }

    private static ClassLoader loader(String classPath) throws Exception {
        String[] parts = classPath.split(":");
        URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++) {
            urls[i] = Path.of(parts[i]).toUri().toURL();
        }
        return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
    }

    /** One build's lookups. */
    private static final class Side {
        final Object lookups;
        final Method round;

        Side(ClassLoader loader, int scale, String format) throws Exception {
            Class<?> c = Class.forName("org.stag.bench.WalkLookups", true, loader);
            Constructor<?> k = c.getConstructor(int.class, String.class);
            lookups = k.newInstance(scale, format);
            round = c.getMethod("round");
        }

        double round() throws Exception {
            return (Double) round.invoke(lookups);
        }
    }

    private static double median(double[] a) {
        double[] b = a.clone();
        Arrays.sort(b);
        return b[b.length / 2];
    }
}
