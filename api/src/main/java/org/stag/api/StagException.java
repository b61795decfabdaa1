package org.stag.api;

import java.util.function.Supplier;
import org.stag.engine.front.ProgramException;
import org.stag.engine.program.ProgramRunException;
import org.stag.formats.schema.SchemaException;
import org.stag.formats.tensor.FormatException;
import org.stag.loaders.BadInputException;

/**
 * What every method of the API throws for bad input: a missing or malformed graph file, an unknown algorithm,
 * format or reference, a setting the algorithm does not take, a vertex not in the graph, a program that does not
 * parse or check, a batch the graph refuses. Its message is the one line {@code stag} prints for the same mistake
 * (without the {@code stag: } prefix); the original exception is its cause. Failures of stag itself are not
 * wrapped.
 */
public final class StagException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure with {@code message}, caused by {@code cause} (may be null). */
    public StagException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Runs {@code body}, turning the bad-input exceptions of the modules below into {@link StagException}s. */
    static <T> T guard(Supplier<T> body) {
        try {
            return body.get();
        } catch (BadInputException | ProgramException | ProgramRunException | FormatException | SchemaException e) {
            throw new StagException(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // Generators' options, refused batches (BatchRefusedException), formats that take no batches.
            throw new StagException(e.getMessage(), e);
        }
    }
}
