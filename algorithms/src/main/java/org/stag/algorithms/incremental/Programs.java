package org.stag.algorithms.incremental;

import java.util.HashMap;
import java.util.Map;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.IncrementalProgram;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;

/** The incremental programs shipped next to the static ones, parsed and checked once each. */
final class Programs {
    private static final Map<String, CheckedProgram> CHECKED = new HashMap<>();

    private Programs() {
    }

    /** The program {@code p} names. */
    static synchronized CheckedProgram of(IncrementalProgram p) {
        return CHECKED.computeIfAbsent(p.file(), f -> new Checker().check(new Source(f, Algorithm.text(f))));
    }
}
