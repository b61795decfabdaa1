package org.stag.engine.program;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stag.engine.front.Call;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Trees;
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
    private final Call call;

    CallStep(Call c, FunctionPlan callee, Layout layout, ScalarEval eval) {
        super(c.pos());
        this.call = c;
        this.callee = callee;
        this.args = new Args(c.args(), callee.info.inputs(), callee.inputSlots(), layout, eval);
        this.outputs = new Outputs(c.outputs(), callee.outputVars(), layout);
    }

    /** Moves the tensor arguments that die with this call ({@link Args#move}). */
    void moveDying(Set<String> dying) {
        args.move(movable(dying, call.args(), List.of()), call.args());
    }

    /**
     * Of {@code dying}, the variables passed as a whole tensor argument among {@code args} and read by no other
     * argument nor by any of {@code others} (a stop condition, a FormatRule's condition), which read the
     * caller's slots while the callee runs.
     */
    static Set<String> movable(Set<String> dying, List<Expr> args, List<Expr> others) {
        Set<String> elsewhere = new HashSet<>();
        Set<String> whole = new HashSet<>();
        for (Expr a : args) {
            if (a instanceof Expr.Name n) {
                whole.add(n.name());
            } else {
                namesIn(a, elsewhere);
            }
        }
        for (Expr e : others) {
            if (e != null) {
                namesIn(e, elsewhere);
            }
        }
        Set<String> out = new HashSet<>();
        for (String n : dying) {
            if (whole.contains(n) && !elsewhere.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    private static void namesIn(Expr e, Set<String> out) {
        for (org.stag.engine.front.Node x : Trees.nodes(e)) {
            if (x instanceof Expr.Name n) {
                out.add(n.name());
            }
        }
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
