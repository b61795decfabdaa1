package org.stag.engine.program;

import java.util.List;
import org.stag.engine.front.Call;
import org.stag.engine.front.Ident;

/**
 * {@code a, _ = F(x, 1)}: binds the arguments into {@code F}'s activation, runs its body, then binds each
 * output to the caller's variable in the same position ({@code _} discards it, and its buffer is recycled
 * when the callee's activation is cleared).
 */
final class CallStep extends Step {
    private final FunctionPlan callee;
    private final Args args;
    private final Outputs outputs;

    CallStep(Call c, FunctionPlan callee, Layout layout, ScalarEval eval) {
        super(c.pos());
        this.callee = callee;
        this.args = new Args(c.args(), callee.info.inputs(), callee.inputSlots(), layout, eval);
        this.outputs = new Outputs(c.outputs(), callee.outputVars(), layout);
    }

    @Override
    void run(Env env, Exec ex) {
        try {
            args.bind(env, callee.env);
        } catch (RuntimeException e) {
            throw failure(e, ex, "an argument of " + callee.info.name());
        }
        callee.execute(ex);
        outputs.bind(callee.env, env);
        callee.env.releaseAll();
    }

    /**
     * Copies values from slots of a source (a callee's outputs, or a star call's positional state) into the
     * caller's output variables, converting scalars to the variables' types.
     */
    static final class Outputs {
        private final Layout.Var[] from;
        private final Layout.Var[] to;

        /**
         * @param names  the caller's output names ({@code _} for none)
         * @param source the slot of each value in the source, with its type
         */
        Outputs(List<Ident> names, Layout.Var[] source, Layout caller) {
            this.from = source;
            this.to = new Layout.Var[names.size()];
            for (int k = 0; k < to.length; k++) {
                to[k] = names.get(k).isWildcard() ? null : caller.local(names.get(k).name());
            }
        }

        void bind(Env src, Env dst) {
            for (int k = 0; k < to.length; k++) {
                Layout.Var t = to[k];
                if (t == null) {
                    continue;
                }
                Layout.Var f = from[k];
                switch (t.kind()) {
                    case TENSOR -> dst.set(t.slot(), src.tensors[f.slot()], src.owners[f.slot()]);
                    case LONG -> dst.ints[t.slot()] = f.kind() == Layout.Kind.LONG
                            ? Scalars.longToLong(src.ints[f.slot()], t.type())
                            : Scalars.realToLong(src.reals[f.slot()], t.type());
                    case REAL -> dst.reals[t.slot()] = f.kind() == Layout.Kind.LONG
                            ? Scalars.longToReal(src.ints[f.slot()], t.type())
                            : Scalars.realToReal(src.reals[f.slot()], t.type());
                }
            }
        }
    }
}
