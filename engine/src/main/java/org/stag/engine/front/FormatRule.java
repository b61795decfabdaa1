package org.stag.engine.front;

import java.util.Objects;

/**
 * {@code FormatRule #1 list -> bitmap @ #4 > N / 20}: before every run of the star call below it, argument
 * {@code #k} is held in format {@code to} while the condition holds and in {@code from} otherwise,
 * converting when the decision changes.
 *
 * @param argument  which argument of the star call (1-based)
 * @param condition a bool expression over the arguments {@code #k} and globals
 */
public record FormatRule(SourcePos pos, Expr.OutputRef argument, Format from, Format to, Expr condition)
        implements Node {

    /** Checks that all parts are present. */
    public FormatRule {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(argument, "argument");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(condition, "condition");
    }
}
