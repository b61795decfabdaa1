package org.stag.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Runs the command line in-process and keeps what it printed. */
record CliRunner(int code, String out, String err) {
    static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Stag.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRunner(code, out.toString(), err.toString());
    }

    /** The {@code key value} lines of the output. */
    Map<String, String> keyValues() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            int sp = line.indexOf(' ');
            if (sp > 0) {
                m.put(line.substring(0, sp), line.substring(sp + 1));
            }
        }
        return m;
    }
}
