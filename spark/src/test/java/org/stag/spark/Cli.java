package org.stag.spark;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.stag.cli.Stag;

/**
 * What a {@code stag} command gave: run in this JVM ({@link #run}: its Spark runs reuse the tests' shared context) or
 * in one of its own ({@link Launched}).
 */
final class Cli {
    final int status;
    final String out;
    final String err;

    Cli(int status, String out, String err) {
        this.status = status;
        this.out = out;
        this.err = err;
    }

    static Cli run(String... args) {
        SharedSpark.context();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            status = Stag.run(args, o, e);
        }
        return new Cli(status, out.toString(), err.toString());
    }
}
