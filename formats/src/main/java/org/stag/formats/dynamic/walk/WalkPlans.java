package org.stag.formats.dynamic.walk;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stag.formats.schema.Schema;

/** The plans of the schemas in use: each compiled once ({@link PlanCompiler}), then shared by every store and compiled level. */
public final class WalkPlans {
    /** Bounded: a process uses a few schemas, but tests parse thousands. */
    private static final int MAX = 512;
    private static final Map<Schema, WalkPlan> PLANS = new ConcurrentHashMap<>();

    private WalkPlans() {
    }

    /** The plan of {@code schema}. */
    public static WalkPlan of(Schema schema) {
        WalkPlan p = PLANS.get(schema);
        if (p == null) {
            if (PLANS.size() >= MAX) {
                PLANS.clear();
            }
            p = PlanCompiler.compile(schema);
            PLANS.put(schema, p);
        }
        return p;
    }
}
