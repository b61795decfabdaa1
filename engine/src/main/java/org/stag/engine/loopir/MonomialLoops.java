package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.lattice.Merge;
import org.stag.engine.cin.Monomials;

/**
 * DCTACO's canonical form ({@code pass.Canonical}, carried by the loop's forall) in the lowering: instead of a union loop, one loop per
 * monomial, monomial {@code k} being the right-hand side with the accesses it does not read known absent.
 */
final class MonomialLoops {
    private final KernelGenerator kg;
    private final KernelShape shape;

    MonomialLoops(KernelGenerator kg) {
        this.kg = kg;
        this.shape = kg.shape;
    }

    /**
     * Emits the loop over {@code v} at depth {@code d} as one loop per monomial when that applies, and says
     * whether it did. The monomials add into the accumulator of the loop's reduction when that reduction is the
     * form's sum, or, for a dense target without reductions (filled with the sum's identity first), into the
     * target's entries. Only when every monomial's loop is driven by its own operands (iterate, intersect):
     * then each visits the stored entries of its operands without the union's per-operand presence tests.
     * False (nothing emitted) where it does not apply.
     */
    boolean emit(int d, String v, Block out, AccessState[] st, EmitContext ctx) {
        Monomials canonical = kg.walker.loop(d).monomials();
        if (canonical == null || ctx.inTerm() || shape.scatter() || ctx.layout().inPlaceValues() != null) {
            return false;
        }
        KernelSpec spec = shape.spec();
        KernelSpec.Group g = spec.groupOf(v);
        boolean reduced = g != null && g.level() == 0 && g.op() == canonical.sum() && g.type() == canonical.type();
        boolean dense = g == null && spec.groups().isEmpty() && shape.result() == LoweredKernel.Result.DENSE
                && spec.targetType() == canonical.type()
                && Sym.of(spec.targetFill()).sameAs(Sym.identity(canonical.sum(), canonical.type()));
        if (!reduced && !dense) {
            return false;
        }
        List<AccessState[]> terms = new ArrayList<>();
        List<String> modes = new ArrayList<>();
        for (Set<Integer> term : canonical.terms()) {
            AccessState[] t = AccessState.copy(st);
            for (int a : canonical.reads()) {
                if (!term.contains(a)) {
                    t[a].absent = true;
                }
            }
            Merge.Mode m = kg.loopCode.strategy(d, t, v, ctx).mode();
            if (m == Merge.Mode.UNION || m == Merge.Mode.UNIVERSE) {
                return false;
            }
            terms.add(t);
            modes.add(m.toString().toLowerCase(java.util.Locale.ROOT));
        }
        kg.notes.merge("loop " + v, "canonical " + String.join("+", modes), (x, y) -> x + "/" + y);
        kg.notes.put("canonical", Integer.toString(terms.size()));
        EmitContext term = ctx.inTerm(d, dense ? canonical.sum() : null);
        for (AccessState[] t : terms) {
            kg.loopCode.mergeLoop(d, v, out, t, term);
        }
        return true;
    }
}
