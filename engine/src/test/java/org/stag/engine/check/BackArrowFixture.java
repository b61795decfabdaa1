package org.stag.engine.check;

import org.stag.engine.program.RunOptions;

/** A checker class that uses the program executor, a later stage: {@code PipelineOrderTest} must reject it. */
final class BackArrowFixture {
    RunOptions options() {
        return new RunOptions();
    }
}
