package org.stag.engine.program;

import org.stag.engine.front.Definition;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

/**
 * {@code t[i] = s[i]} run by the pass-through pass ({@link org.stag.engine.pass.PassThrough}): binds t's slot to
 * s's tensor and buffer. When s is not in t's declared format or its values are constant (what the plan
 * assumes of t would not hold), the definition's kernel runs instead.
 */
final class AliasStep extends Step {
    private final KernelStep kernel;
    private final int source;
    private final int target;
    private final Format declared;
    private final String explain;

    AliasStep(Definition d, String source, KernelStep kernel, Layout layout, Exec ex) {
        super(d.pos());
        this.kernel = kernel;
        this.source = layout.ref(source);
        Layout.Var t = layout.local(d.target().name());
        this.target = t.slot();
        this.declared = ex.format(t.symbol().tensor().levels());
        this.explain = "pass-through: " + t.name() + " is " + source + " (no kernel)";
    }

    @Override
    void run(Env env, Exec ex) {
        Tensor t = env.tensor(source);
        if ((t.format() == declared || t.format().equals(declared)) && !t.values().isConstant()) {
            env.set(target, t, env.owner(source));
            ex.stats.aliases++;
            if (ex.explaining()) {
                ex.explain(explain);
            }
            return;
        }
        kernel.run(env, ex);
    }

    @Override
    void forget() {
        kernel.forget();
    }
}
