package org.stag.engine.program;

import org.stag.engine.front.SourcePos;

/**
 * One statement of a function body, prepared to run many times: names resolved to slots, scalar
 * expressions compiled, kernels bound on first use. {@link #run} reads and writes the function's
 * {@link Env}; it allocates nothing once the statement has seen its formats.
 */
abstract class Step {
    final SourcePos pos;

    Step(SourcePos pos) {
        this.pos = pos;
    }

    /** Runs the statement in activation {@code env}. */
    abstract void run(Env env, Exec ex);

    /** Drops any state kept between runs without recycling it (after a failed run). */
    void forget() {
    }

    /**
     * The run-time error for a failure of generated or evaluated code while running {@code what} (such as
     * "the definition of 'next'"), or {@code e} itself when it is not one the program can cause.
     */
    RuntimeException failure(RuntimeException e, Exec ex, String what) {
        if (e instanceof CoordinateOutOfRange c) {
            return ex.error(c.pos, c.getMessage() + " in " + what);
        }
        if (e instanceof IndexOutOfBoundsException) {
            return ex.error(pos, "a computed coordinate is out of range in " + what + " (" + e.getMessage() + ")", e);
        }
        if (e instanceof ArithmeticException) {
            return ex.error(pos, "integer arithmetic failed in " + what + ": " + e.getMessage(), e);
        }
        return e;
    }
}
