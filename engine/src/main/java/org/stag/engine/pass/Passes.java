package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which passes are on. Every pass is on unless switched off, by {@code --no-pass NAME} on {@code stag run} and
 * {@code stag compile} or by the system property {@value #PROPERTY} (a comma-separated list of pass names),
 * which is what the command line sets, so the plan and the runtime read one setting.
 */
public final class Passes {
    /** The system property listing the passes that are off. */
    public static final String PROPERTY = "stag.no-pass";

    private final Set<Pass> on;

    private Passes(Set<Pass> on) {
        this.on = on;
    }

    /** Every pass on. */
    public static Passes all() {
        return new Passes(EnumSet.allOf(Pass.class));
    }

    /** Every pass on but those named in the system property {@value #PROPERTY}. */
    public static Passes fromSystem() {
        return all().without(System.getProperty(PROPERTY, ""));
    }

    /** These passes, less those in the comma-separated list {@code names} (blank: none). */
    public Passes without(String names) {
        EnumSet<Pass> s = on.isEmpty() ? EnumSet.noneOf(Pass.class) : EnumSet.copyOf(on);
        for (String n : names.split(",")) {
            if (!n.isBlank()) {
                s.remove(Pass.byId(n));
            }
        }
        return new Passes(s);
    }

    /** These passes, less {@code p}. */
    public Passes without(Pass p) {
        return without(p.id());
    }

    /** Whether {@code p} is on. */
    public boolean on(Pass p) {
        return on.contains(p);
    }

    /** {@code fusion, in-place} or {@code none}. */
    @Override
    public String toString() {
        List<String> n = new ArrayList<>();
        on.forEach(p -> n.add(p.id()));
        return n.isEmpty() ? "none" : String.join(", ", n);
    }
}
