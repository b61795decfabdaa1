package org.stag.spark.read;

import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stag.loaders.BadInputException;

/**
 * Finds the bad input a task reported inside the exception a failed Spark job throws on the driver, so that the
 * user sees the loader's one line, not a stack trace. Spark passes a task's exception on as the cause when it can,
 * and always its text in the message ({@code ...: org.stag.loaders.BadInputException: FILE:LINE: cause}); both are
 * looked for.
 */
public final class Failures {
    private static final Pattern BAD = Pattern.compile(Pattern.quote(BadInputException.class.getName()) + ": ([^\\n]*)");
    private static final Pattern SPLIT = Pattern.compile(Pattern.quote(SplitFailure.MARK) + "(\\d+):(\\d+):([^\\n]*)");

    private Failures() {
    }

    /** The {@link BadInputException} in {@code e}, else {@code e} itself. */
    public static RuntimeException badInput(Exception e) {
        return badInput(e, f -> new BadInputException(f.reason));
    }

    /**
     * As {@link #badInput(Exception)}; a split's failure is located in its file by {@code locate}. Anything else is
     * returned as it is, or wrapped when it is checked (Spark's own exception is).
     */
    static RuntimeException badInput(Exception e, Function<SplitFailure, BadInputException> locate) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SplitFailure f) {
                return locate.apply(f);
            }
            if (t instanceof BadInputException b) {
                return b;
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage();
            Matcher s = SPLIT.matcher(m);
            if (s.find()) {
                return locate.apply(new SplitFailure(Long.parseLong(s.group(1)), Long.parseLong(s.group(2)),
                        s.group(3).strip()));
            }
            Matcher b = BAD.matcher(m);
            if (b.find()) {
                return new BadInputException(b.group(1).strip());
            }
        }
        return e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
    }
}
