package org.stag.engine.cin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * How a kernel sums away the index of a slot level ([Chou 2018], Figure 4's DIA and ELL: a matrix stored in three
 * levels, the first enumerating its diagonals or the slots of its rows). Each stored component lies on exactly one
 * path, so {@code A[i][j]} is the one value over all slots {@code s} of {@code A(s, i, j)}, and a kernel may loop
 * over {@code s} as over one more reduced index, in the innermost reduction group, provided every slot where
 * {@code A} stores nothing contributes that group's identity: the body must vanish wherever {@code A} is absent
 * (the tensor drives its levels, as in SpMV or MTTKRP). A definition without reductions gets a group of its own,
 * under an operator whose identity is the target's fill value (at most one slot contributes to each entry, so any
 * such operator keeps that contribution). Otherwise ({@code A + B}, a non-commutative reduction, another fill)
 * the tensor needs {@link IteratorConversion}.
 */
final class SlotLevels {
    private SlotLevels() {
    }

    /** Adds the slot levels' indices {@code slots} to the innermost group of {@code groups}, or a group of their own. */
    static void reduce(KernelSpec spec, List<KernelSpec.Group> groups, Set<String> slots) {
        if (slots.isEmpty()) {
            return;
        }
        String first = spec.slotTensor(slots.iterator().next());
        KernelSpec.Group g0;
        if (groups.isEmpty()) {
            ScalarType t = spec.targetType();
            Operator op = operatorWithIdentity(spec, t);
            if (op == null || !spec.target().isTensor()) {
                throw new IteratorConversion(first, "no reduction sums its slot level away: the target's fill "
                        + spec.targetFill() + " is the identity of no commutative operator on " + t.keyword());
            }
            g0 = new KernelSpec.Group(0, op, new IndexExpr.Literal(spec.targetFill()), t, new ArrayList<>(slots));
            groups.add(g0);
        } else {
            KernelSpec.Group inner = groups.get(0);
            if (!inner.op().commutative() || !inner.op().associative() || inner.op().firstWins()) {
                throw new IteratorConversion(first, "the innermost reduction (" + inner.op() + ") depends on the order"
                        + " of its values, and a slot level visits them out of order");
            }
            List<String> vars = new ArrayList<>(inner.vars());
            vars.addAll(slots);
            g0 = new KernelSpec.Group(0, inner.op(), inner.init(), inner.type(), vars);
            groups.set(0, g0);
        }
        Sym identity = Sym.identity(g0.op(), g0.type());
        for (String v : slots) {
            int access = Integer.parseInt(v.substring(2));
            Sym absent = Sym.convert(new Symbolic(spec, Set.of(access)).reduced(0), g0.type());
            if (!absent.sameAs(identity)) {
                throw new IteratorConversion(spec.slotTensor(v), "where it stores nothing the body still contributes,"
                        + " so its slot level cannot be summed away (it does not drive its loops)");
            }
        }
    }

    /** A built-in commutative, associative operator whose identity in {@code t} is the target's fill value, or null. */
    private static Operator operatorWithIdentity(KernelSpec spec, ScalarType t) {
        List<Operator> candidates = t == ScalarType.BOOL ? List.of(Operators.OR, Operators.AND)
                : List.of(Operators.ADD, Operators.MIN, Operators.MAX);
        Sym fill = Sym.of(spec.targetFill());
        for (Operator op : candidates) {
            if (Sym.identity(op, t).sameAs(fill)) {
                return op;
            }
        }
        return null;
    }
}
