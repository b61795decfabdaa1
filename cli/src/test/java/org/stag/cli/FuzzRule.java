package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The rule every fuzzed input must keep (DEVELOPERS.md, issue 30 item 4): it is read, or refused with ONE line
 * {@code stag: ...} and exit 2 (3 for memory), no stack trace, no hang (a time limit per input), and nothing
 * already written is lost (an existing output file is unchanged when a command fails).
 */
final class FuzzRule {
    /** A bound on one input, far above any real one (a loaded machine included): a hang, not slowness. */
    static final long LIMIT_SECONDS = 30;

    private static final ExecutorService RUNNER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fuzz-input");
        t.setDaemon(true);
        return t;
    });

    private FuzzRule() {
    }

    /** What a command printed and returned. */
    record Outcome(int code, String out, String err) {
    }

    /** Runs {@code call} within the time limit; a hang fails the test naming {@code what}. */
    static <T> T within(String what, Callable<T> call) {
        Future<T> f = RUNNER.submit(call);
        try {
            return f.get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new AssertionError(what + ": no answer within " + LIMIT_SECONDS + " s (a hang)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(what + ": interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof AssertionError a) {
                throw a;
            }
            throw new AssertionError(what + ": " + cause, cause);
        }
    }

    /** Runs the command line in-process and checks the rule; {@code kept} (if not null) must survive a failure. */
    static Outcome cli(String what, List<String> args, Path kept) {
        byte[] before = kept == null ? null : read(kept);
        Outcome o = within(what, () -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Stag.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
            return new Outcome(code, out.toString(), err.toString());
        });
        String e = o.err();
        assertNoTrace(what, e);
        if (o.code() == Stag.OK) {
            for (String line : e.lines().toList()) {
                assertTrue(line.startsWith("stag: warning: ") || line.startsWith("stag: note: ")
                        || line.startsWith("stag: wrote "), what + ": stderr of a success: " + line);
            }
            return o;
        }
        assertTrue(o.code() == Stag.BAD_INPUT || o.code() == Stag.OUT_OF_MEMORY, what + ": exit " + o.code() + ", stderr " + e);
        assertEquals(1, e.lines().count(), what + ": a refusal is one line: " + e);
        assertTrue(e.startsWith("stag: "), what + ": " + e);
        if (kept != null) {
            assertTrue(java.util.Arrays.equals(before, read(kept)), what + ": the existing " + kept.getFileName() + " was changed");
        }
        return o;
    }

    /** Checks a refusal thrown by a parser as the command line would print it: one line, a reason, no JVM text. */
    static void oneLine(String what, String message) {
        assertFalse(message == null || message.isBlank(), what + ": a refusal without a reason");
        assertFalse(message.contains("\n"), what + ": more than one line: " + message);
        assertNoTrace(what, message);
    }

    static void assertNoTrace(String what, String text) {
        assertFalse(text.contains("\tat ") || text.contains("Exception") || text.contains("Error:")
                || text.contains("java.") || text.contains("internal error"), what + ": stack trace or JVM text: " + text);
    }

    private static byte[] read(Path p) {
        try {
            return Files.exists(p) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            return fail(e);
        }
    }
}
