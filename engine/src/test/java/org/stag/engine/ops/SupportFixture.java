package org.stag.engine.ops;

import org.stag.engine.check.Checker;

/** A support class that uses the checker, a stage after the front end: {@code PipelineOrderTest} must reject it. */
final class SupportFixture {
    Checker checker() {
        return new Checker();
    }
}
