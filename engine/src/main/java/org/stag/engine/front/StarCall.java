package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/**
 * An outer loop: {@code out, _ = F*(x, 0) | 20} or {@code ... | #4 == 0}. {@code F} runs repeatedly, each
 * output feeding the input in the same position, a fixed number of times or until the stop condition (over
 * the outputs {@code #k} of the latest run) holds; it always runs at least once when stopped by a condition.
 *
 * @param rules the {@code FormatRule} lines written just above the call
 * @param stop  an iteration count (an integer expression) or a bool condition
 */
public record StarCall(SourcePos pos, List<FormatRule> rules, List<Ident> outputs, Ident function, List<Expr> args,
                       Expr stop) implements Stmt {

    /** Copies the lists; a call has at least one output. */
    public StarCall {
        Objects.requireNonNull(pos, "pos");
        rules = List.copyOf(rules);
        outputs = List.copyOf(outputs);
        if (outputs.isEmpty()) {
            throw new IllegalArgumentException("a call has at least one output");
        }
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
        Objects.requireNonNull(stop, "stop");
    }
}
