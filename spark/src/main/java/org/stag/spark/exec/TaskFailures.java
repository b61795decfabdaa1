package org.stag.spark.exec;

import org.stag.loaders.BadInputException;

/**
 * Turns the exception of a failed kernel job back into what the kernel threw in its task, so that the program's
 * runtime reports it as for a run in one JVM: a coordinate out of range or integer arithmetic as the program's error
 * at its definition, bad input as its line. Spark passes the task's exception as the cause when it can; otherwise its
 * class and message are in the job's message.
 */
final class TaskFailures {
    private TaskFailures() {
    }

    static RuntimeException unwrap(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IndexOutOfBoundsException || t instanceof ArithmeticException || t instanceof BadInputException
                    || t instanceof UnsupportedOperationException) {
                return (RuntimeException) t;
            }
        }
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        for (String kind : new String[] {"java.lang.ArrayIndexOutOfBoundsException: ", "java.lang.ArithmeticException: "}) {
            int at = m.indexOf(kind);
            if (at >= 0) {
                String rest = m.substring(at + kind.length());
                int nl = rest.indexOf('\n');
                String text = nl < 0 ? rest : rest.substring(0, nl);
                return kind.startsWith("java.lang.Arith") ? new ArithmeticException(text)
                        : new ArrayIndexOutOfBoundsException(text);
            }
        }
        if (e instanceof RuntimeException r) {
            return r;
        }
        int nl = m.indexOf('\n');
        return new IllegalStateException("a kernel's Spark job failed: " + (nl < 0 ? m : m.substring(0, nl)), e);
    }
}
