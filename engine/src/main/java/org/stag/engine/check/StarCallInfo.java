package org.stag.engine.check;

import java.util.List;
import org.stag.engine.front.StarCall;

/**
 * What the checker established about an outer loop.
 *
 * @param function    the function repeated
 * @param stop        whether {@code stop()} is a count or a condition
 * @param ruleFormats for each FormatRule, in order, its argument's two formats: {@code from} then {@code to}
 */
public record StarCallInfo(StarCall call, FunctionInfo function, Stop stop, List<List<List<String>>> ruleFormats) {

    /** How a star call ends. */
    public enum Stop {
        /** After a fixed number of runs, given by an integer expression evaluated once. */
        COUNT,
        /** After the first run whose outputs satisfy a bool condition. */
        CONDITION
    }

    /** Copies the formats. */
    public StarCallInfo {
        ruleFormats = List.copyOf(ruleFormats);
    }
}
