package org.stag.spark;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code stag} run as the launcher runs it, in a JVM of its own: the tests' class path, the JDK options Spark needs
 * and the launcher's logging configuration ({@code log4j2-cli.properties}). So its stderr is all a user sees, Spark's
 * logging included, and it starts its own Spark context.
 */
final class Launched {
    private Launched() {
    }

    /**
     * Runs {@code stag args} with {@code env} in the environment (a null value removes the variable); fails the test
     * after {@code seconds}.
     */
    static Cli run(Map<String, String> env, int seconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty")) {
                cmd.add(a);
            }
        }
        cmd.add("-Dlog4j2.configurationFile=" + Path.of("log4j2-cli.properties").toAbsolutePath());
        cmd.add("-Dstag.cache.dir=" + System.getProperty("stag.cache.dir", "target/kernel-cache"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("org.stag.cli.Stag");
        cmd.addAll(List.of(args));
        Path dir = Files.createTempDirectory("stag-launched");
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("stag " + String.join(" ", args) + " still running after " + seconds + " s; stderr: "
                    + Files.readString(err));
        }
        Cli l = new Cli(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        Files.delete(dir);
        return l;
    }
}
