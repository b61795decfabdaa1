package org.stag.engine.lattice;

import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.ops.Operator;

/**
 * What the body of one loop contributes, asked of the symbolic evaluation ({@link Symbolic}) with some accesses
 * absent (reading their fill value): the question a merge lattice is built from. The body of a loop over a
 * reduced index feeds its reduction group; the body of a loop over a free index writes the target, whose
 * entries hold the fill value where nothing is written.
 */
public final class Contribution {
    private final KernelSpec spec;
    private final KernelSpec.Group group;

    private Contribution(KernelSpec spec, KernelSpec.Group group) {
        this.spec = spec;
        this.group = group;
    }

    /** The contribution to reduction group {@code group}, or to the target when {@code group} is null. */
    public static Contribution of(KernelSpec spec, KernelSpec.Group group) {
        return new Contribution(spec, group);
    }

    /** The kernel. */
    public KernelSpec spec() {
        return spec;
    }

    /** Whether the body contributes nothing when the accesses in {@code absent} read their fill value. */
    public boolean vanishes(Set<Integer> absent) {
        return vanishes(absent, Set.of());
    }

    /**
     * Whether the body contributes nothing when the accesses in {@code absent} read their fill and the bool
     * subexpressions in {@code forcedFalse} (by identity) are false. "Nothing" is the identity of the group's
     * operator, a value on the initial value's far side of a semilattice (MIN down, MAX up, OR to true: a
     * contribution there changes nothing), or the target's fill value.
     */
    public boolean vanishes(Set<Integer> absent, Set<IndexExpr> forcedFalse) {
        Symbolic sym = new Symbolic(spec, absent, forcedFalse);
        if (group != null) {
            Sym s = Sym.convert(sym.reduced(group.level()), group.type());
            if (s.sameAs(Sym.identity(group.op(), group.type()))) {
                return true;
            }
            Operator op = group.op();
            Sym init = Sym.convert(sym.eval(group.init()), group.type());
            if (s.known() && init.known() && op.idempotent() && op.commutative() && op.associative()) {
                return Symbolic.apply(op, init, s, group.type()).sameAs(init);
            }
            return false;
        }
        Sym s = Sym.convert(sym.reduced(spec.groups().size()), spec.targetType());
        return s.sameAs(Sym.of(spec.targetFill()));
    }

    /** The body's value with {@code absent} reading their fill: known, or {@link Sym#UNKNOWN}. */
    public Sym value(Set<Integer> absent) {
        Symbolic sym = new Symbolic(spec, absent);
        return group != null ? Sym.convert(sym.reduced(group.level()), group.type())
                : Sym.convert(sym.reduced(spec.groups().size()), spec.targetType());
    }
}
