package org.stag.engine.check;

import java.util.List;
import org.stag.engine.front.FormatRule;
import org.stag.engine.front.StarCall;

/**
 * What the checker established about an outer loop.
 *
 * @param function the function repeated
 * @param stop     whether {@code call().stop()} is a count or a condition
 * @param rules    the FormatRules above the call, in source order
 */
public record StarCallInfo(StarCall call, FunctionInfo function, Stop stop, List<Rule> rules) {

    /** How a star call ends. */
    public enum Stop {
        /** After a fixed number of runs, given by an integer expression evaluated once. */
        COUNT,
        /** After the first run whose outputs satisfy a bool condition. */
        CONDITION
    }

    /**
     * A checked FormatRule.
     *
     * @param argument which argument it converts, 0-based ({@code #1} is 0)
     * @param from     level names, outermost first; the format while the condition does not hold
     * @param to       level names, outermost first; the format while the condition holds
     */
    public record Rule(FormatRule rule, int argument, List<String> from, List<String> to) {
        /** Copies the formats. */
        public Rule {
            from = List.copyOf(from);
            to = List.copyOf(to);
        }
    }

    /** Copies the rules. */
    public StarCallInfo {
        rules = List.copyOf(rules);
    }
}
