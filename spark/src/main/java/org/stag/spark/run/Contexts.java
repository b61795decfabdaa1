package org.stag.spark.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.loaders.BadInputException;

/**
 * Starts the Spark context of a command: checks the master first, so that a bad one is one line and exit status 2
 * rather than a minute of retries and a stack trace. A {@code spark://HOST:PORT} master must accept a connection
 * within 5 seconds; {@code submit} takes the master {@code spark-submit} set.
 */
public final class Contexts {
    private static final int CONNECT_MILLIS = 5000;

    private Contexts() {
    }

    /**
     * A context on {@code master}, named {@code app}; the JDK options Spark needs on Java 17 must already be in
     * force (the launcher, surefire and spark-submit set them).
     *
     * @throws BadInputException naming the master and why it cannot be used
     */
    public static JavaSparkContext start(String master, String app) {
        scala.Option<org.apache.spark.SparkContext> active = org.apache.spark.SparkContext$.MODULE$.getActive();
        if (active.isDefined()) {
            // A JVM holds one context: an application's own (or a test's) serves the command too.
            return JavaSparkContext.fromSparkContext(active.get());
        }
        SparkConf conf = new SparkConf().setAppName(app);
        if (master.equals("submit")) {
            if (!conf.contains("spark.master")) {
                throw new BadInputException("--spark submit: no master set (run inside spark-submit, or name one:"
                        + " --spark local[2])");
            }
        } else {
            check(master);
            conf.setMaster(master);
        }
        if (master.startsWith("local-cluster")) {
            // Its executors run on this machine: they read stag's classes where this JVM does.
            conf.setIfMissing("spark.executor.extraClassPath", System.getProperty("java.class.path"));
        }
        conf.setIfMissing("spark.ui.showConsoleProgress", "false");
        conf.setIfMissing("spark.ui.enabled", "false");
        try {
            JavaSparkContext sc = new JavaSparkContext(conf);
            sc.setLogLevel("ERROR");
            return sc;
        } catch (RuntimeException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            int nl = m.indexOf('\n');
            throw new BadInputException("--spark " + master + ": " + (nl < 0 ? m : m.substring(0, nl)));
        }
    }

    /** Stops {@code sc} unless it was running before {@link #start} (then it is its owner's). */
    public static void stop(JavaSparkContext sc, boolean started) {
        if (started) {
            sc.stop();
        }
    }

    /** Whether a context is running in this JVM. */
    public static boolean running() {
        return org.apache.spark.SparkContext$.MODULE$.getActive().isDefined();
    }

    /**
     * The Spark home local-cluster's workers start executors from. They run in this JVM and read the environment's
     * {@code SPARK_HOME} (no property), and Spark's launcher builds an executor's class path from its {@code jars/}
     * after deciding the Scala version from {@code SPARK_SCALA_VERSION} or a {@code launcher/target/scala-2.13}
     * folder there, failing without either. A Spark distribution has {@code jars/}; so does a stand-in folder with
     * an empty {@code jars/} and {@code launcher/target/scala-2.13/}, since the executors get this JVM's class path
     * ({@link #start}). Anything else would fail every executor ten times over; it is refused in one line.
     */
    private static void localClusterHome(String master) {
        String home = System.getenv("SPARK_HOME");
        boolean jars = home != null && java.nio.file.Files.isDirectory(java.nio.file.Path.of(home, "jars"));
        boolean scala = System.getenv("SPARK_SCALA_VERSION") != null
                || home != null && java.nio.file.Files.isDirectory(java.nio.file.Path.of(home, "launcher", "target", "scala-2.13"));
        if (!jars || !scala) {
            throw new BadInputException("--spark " + master + ": local-cluster starts its executors from SPARK_HOME, "
                    + (home == null ? "which is not set" : home + ", which has no " + (jars ? "launcher/target/scala-2.13 (and"
                    + " SPARK_SCALA_VERSION is not set)" : "jars folder")) + " (name a Spark distribution with"
                    + " SPARK_SCALA_VERSION=2.13, or a folder holding empty jars/ and launcher/target/scala-2.13/; or use local[N])");
        }
    }

    /** Refuses a master whose form Spark does not know, or a standalone master that does not answer. */
    public static void check(String master) {
        if (master.equals("submit")) {
            return;
        }
        if (master.startsWith("local-cluster")) {
            localClusterHome(master);
        }
        if (master.startsWith("spark://")) {
            for (String hostPort : master.substring("spark://".length()).split(",")) {
                URI u = URI.create("spark://" + hostPort);
                if (u.getHost() == null || u.getPort() < 0) {
                    throw new BadInputException("--spark " + master + ": expected spark://HOST:PORT");
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(u.getHost(), u.getPort()), CONNECT_MILLIS);
                } catch (UnknownHostException e) {
                    throw new BadInputException("--spark " + master + ": unknown host " + u.getHost());
                } catch (IOException e) {
                    throw new BadInputException("--spark " + master + ": cannot reach the master at " + u.getHost() + ":"
                            + u.getPort() + " (" + (e.getMessage() == null ? "no answer" : e.getMessage()) + ")");
                }
            }
        } else if (!(master.matches("local(\\[(\\*|\\d+)(,\\d+)?\\])?") || master.matches("local-cluster\\[\\d+,\\d+,\\d+\\]")
                || master.equals("yarn") || master.startsWith("k8s://") || master.startsWith("mesos://"))) {
            throw new BadInputException("--spark " + master + ": unknown master (expected local[N], local[N,F],"
                    + " local-cluster[W,C,MB], spark://HOST:PORT, yarn or k8s://URL)");
        }
    }
}
