package org.stag.engine.loopir;

/**
 * Where the emitter stands with one access at one point of the loop nest: how many of its levels are
 * resolved, the variable holding the last resolved position, and whether that position may be absent
 * (-1) or is known to be absent (the access reads its fill value). A last level that holds values binds
 * a value variable and a presence flag instead.
 */
final class AccessState {
    int resolved;
    /** The position (an int local, or the literal 0 of the root). */
    Ex pos = Exprs.lit(0);
    boolean maybeAbsent;
    boolean absent;
    /** The value (a double local) of a last level that holds values. */
    Ex val;
    /** Whether {@link #val} is present (a boolean local). */
    Ex ok;

    AccessState copy() {
        AccessState s = new AccessState();
        s.resolved = resolved;
        s.pos = pos;
        s.maybeAbsent = maybeAbsent;
        s.absent = absent;
        s.val = val;
        s.ok = ok;
        return s;
    }

    static AccessState[] copy(AccessState[] st) {
        AccessState[] out = new AccessState[st.length];
        for (int i = 0; i < st.length; i++) {
            out[i] = st[i].copy();
        }
        return out;
    }
}
