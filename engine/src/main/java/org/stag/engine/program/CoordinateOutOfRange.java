package org.stag.engine.program;

import org.stag.engine.front.SourcePos;

/**
 * A coordinate computed by a scalar expression ({@code x[b]}, {@code #2[#3]}) outside its dimension; the statement
 * running the expression reports it with the program's name ({@link Step#failure}).
 */
final class CoordinateOutOfRange extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient SourcePos pos;

    CoordinateOutOfRange(SourcePos pos, String message) {
        super(message, null, false, false);
        this.pos = pos;
    }
}
