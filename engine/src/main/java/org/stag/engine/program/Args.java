package org.stag.engine.program;

import java.util.List;
import org.stag.engine.check.Symbol;
import org.stag.engine.front.Expr;

/**
 * The arguments of a call or star call, prepared: a tensor argument is the ref of the variable passed, a
 * scalar argument a compiled expression converted to the input's type. {@link #bind} copies them into the
 * destination's slots (the callee's inputs, or a star call's positional state), then empties the caller's
 * slot of every tensor variable that dies with the statement and that nothing else in it reads (its
 * {@code moved} refs): the argument is moved, not shared, so the callee holds its buffer alone and may
 * update it in place from its first statement ({@link org.stag.engine.pass.InPlace}). A global is emptied
 * only when it was given to the run ({@link Env#releaseGiven}).
 */
final class Args {
    private final Layout.Kind[] kinds;
    private final int[] refs;
    private final ScalarNode[] values;
    private final int[] dest;
    private int[] moved = new int[0];

    /**
     * @param inputs the callee's inputs, whose types the arguments take
     * @param dest   the slot of each argument in the destination (of its kind)
     */
    Args(List<Expr> args, List<Symbol> inputs, int[] dest, Layout scope, ScalarEval eval) {
        int n = args.size();
        this.kinds = new Layout.Kind[n];
        this.refs = new int[n];
        this.values = new ScalarNode[n];
        this.dest = dest.clone();
        for (int k = 0; k < n; k++) {
            Symbol in = inputs.get(k);
            if (in.isTensor()) {
                kinds[k] = Layout.Kind.TENSOR;
                refs[k] = scope.ref(((Expr.Name) args.get(k)).name());
            } else {
                kinds[k] = Scalars.inLong(in.type().elem()) ? Layout.Kind.LONG : Layout.Kind.REAL;
                values[k] = eval.compile(args.get(k), in.type().elem());
            }
        }
    }

    /**
     * Moves the tensor arguments named in {@code dying} (variables of the caller that die with the statement
     * and that the statement reads nowhere else) instead of sharing them.
     */
    void move(java.util.Set<String> dying, List<Expr> args) {
        java.util.Set<Integer> out = new java.util.LinkedHashSet<>();
        for (int k = 0; k < kinds.length; k++) {
            if (kinds[k] == Layout.Kind.TENSOR && dying.contains(((Expr.Name) args.get(k)).name())) {
                out.add(refs[k]);
            }
        }
        moved = out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Evaluates the arguments in {@code from} and stores them in {@code to}. */
    void bind(Env from, Env to) {
        for (int k = 0; k < kinds.length; k++) {
            switch (kinds[k]) {
                case TENSOR -> to.set(dest[k], from.tensor(refs[k]), from.owner(refs[k]));
                case LONG -> to.ints[dest[k]] = values[k].l(from, null);
                case REAL -> to.reals[dest[k]] = values[k].d(from, null);
            }
        }
        for (int ref : moved) {
            if (ref >= 0) {
                from.release(ref);
            } else {
                from.globals.releaseGiven(-1 - ref);
            }
        }
    }
}
