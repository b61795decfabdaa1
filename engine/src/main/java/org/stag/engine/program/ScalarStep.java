package org.stag.engine.program;

import org.stag.engine.front.Definition;

/**
 * An index-free scalar definition with no reduction and no tensor read ({@code level_out = level + 1},
 * {@code pull = size > threshold}): evaluated by {@link ScalarEval} into the target's slot, without a
 * kernel.
 */
final class ScalarStep extends Step {
    private final String target;
    private final ScalarNode value;
    private final int slot;
    private final boolean inLong;

    ScalarStep(Definition d, Layout layout, ScalarEval eval) {
        super(d.pos());
        Layout.Var v = layout.local(d.target().name());
        this.target = v.name();
        this.value = eval.compile(d.value(), v.type());
        this.slot = v.slot();
        this.inLong = Scalars.inLong(v.type());
    }

    @Override
    void run(Env env, Exec ex) {
        try {
            if (inLong) {
                env.ints[slot] = value.l(env, null);
            } else {
                env.reals[slot] = value.d(env, null);
            }
        } catch (RuntimeException e) {
            throw failure(e, ex, "the definition of '" + target + "'");
        }
        ex.stats.scalarRuns++;
    }
}
