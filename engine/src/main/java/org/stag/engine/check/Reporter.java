package org.stag.engine.check;

import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Source;
import org.stag.engine.front.SourcePos;

/** Builds the checker's exceptions; the checker stops at the first problem, in source order. */
final class Reporter {
    private final Source source;

    Reporter(Source source) {
        this.source = source;
    }

    ProgramException at(SourcePos pos, String message) {
        return new ProgramException(source, pos, message);
    }
}
