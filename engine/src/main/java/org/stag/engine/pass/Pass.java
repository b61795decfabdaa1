package org.stag.engine.pass;

import java.util.Locale;

/** An optimisation pass of the compiler's middle; each can be switched off for differential testing. */
public enum Pass {
    /** Consecutive definitions that share a loop run as one kernel ({@link org.stag.engine.plan.FusionGroups}). */
    FUSION,
    /** A dense element-wise definition writes into the buffer of a same-typed input that dies with it ({@link InPlace}). */
    IN_PLACE,
    /** {@code t[i] = s[i]} binds {@code t} to the very tensor of {@code s} instead of copying it ({@link PassThrough}). */
    ALIAS,
    /** A subexpression that occurs twice in one kernel is computed once per element ({@link CommonSubexpressions}). */
    CSE,
    /** An in-place update that keeps its input wherever a sparse operand is absent iterates only that operand ({@link ActiveSet}). */
    ACTIVE_SET,
    /** A loop whose merge would be a union of sparse operands runs one loop per monomial of the right-hand side ({@link Canonical}). */
    CANONICAL;

    /**
     * The name on the command line: {@code fusion}, {@code in-place}, {@code alias}, {@code cse}, {@code active-set},
     * {@code canonical}.
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The pass named {@code id} ({@link #id()}, case-insensitive). */
    public static Pass byId(String id) {
        for (Pass p : values()) {
            if (p.id().equalsIgnoreCase(id.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("no pass '" + id.trim() + "' (passes: fusion, in-place, alias, cse, active-set, canonical)");
    }
}
