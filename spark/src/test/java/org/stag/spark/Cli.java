package org.stag.spark;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.stag.cli.Stag;

/** The {@code stag} command line run in this JVM (its Spark runs reuse the tests' shared context). */
final class Cli {
    final int status;
    final String out;
    final String err;

    private Cli(int status, String out, String err) {
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
