package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Monomials;
import org.stag.engine.front.UnaryOp;

/**
 * The passes that rewrite one kernel's concrete index notation, in order: common subexpressions
 * ({@link CommonSubexpressions}: a {@code where} of temporaries), in-place update (the target's left-hand sides
 * take the input's buffer, {@code t[i] (in s)}, and {@code t[i] = ifelse(c, v, s[i])} becomes the masked
 * assignments {@code (t[i] (in s) = v if c; t[i] (in s) = s[i] if !c)}, the second a no-op when the output is
 * {@code s}'s buffer), active set (the outermost forall of an in-place update is marked {@code forall*}: it may
 * iterate a sparse operand's stored coordinates, {@link ActiveSet}) and canonical form (every forall carries the
 * right-hand side's monomials, {@code forall+}, {@link Canonical}). The lowering reads only the rewritten tree.
 *
 * @param inPlace   the input whose buffer the target may take ({@link InPlace}), or null
 * @param cse       whether common subexpressions are computed once per element
 * @param activeSet whether an in-place update may iterate a sparse operand's stored coordinates
 * @param canonical whether union loops may run as one loop per monomial
 */
public record KernelPasses(String inPlace, boolean cse, boolean activeSet, boolean canonical) {
    /** No pass. */
    public static final KernelPasses NONE = new KernelPasses(null, false, false, false);

    /** The rewrite of {@code spec}'s trees. */
    public UnaryOperator<IndexStmt> on(KernelSpec spec) {
        return s -> apply(spec, s);
    }

    /** {@code tree} (of {@code spec}) after the passes that are on. */
    public IndexStmt apply(KernelSpec spec, IndexStmt tree) {
        IndexStmt s = tree;
        boolean loops = !(tree instanceof IndexStmt.Assign);
        if (cse && loops) {
            s = CommonSubexpressions.rewrite(s);
        }
        if (inPlace != null) {
            s = inPlace(s, inPlace);
            if (activeSet && s instanceof IndexStmt.Forall f) {
                s = new IndexStmt.Forall(f.index(), f.extent(), f.body(), true, f.monomials());
            }
        }
        Monomials m = canonical ? Canonical.of(spec) : null;
        if (m != null) {
            s = monomials(s, m);
        }
        return s;
    }

    /** A text for kernel keys: which rewrites apply to {@code spec}. */
    public String key(KernelSpec spec) {
        StringBuilder text = new StringBuilder();
        if (inPlace != null) {
            text.append(" | in place of ").append(inPlace);
        }
        if (cse) {
            text.append(" | cse");
        }
        if (activeSet && inPlace != null) {
            text.append(" | active set");
        }
        if (canonical && Canonical.of(spec) != null) {
            text.append(" | canonical");
        }
        return text.toString();
    }

    /** The targets take {@code input}'s buffer; an assignment that keeps the input in one branch becomes masked. */
    static IndexStmt inPlace(IndexStmt s, String input) {
        if (s instanceof IndexStmt.Forall f) {
            return f.withBody(inPlace(f.body(), input));
        }
        if (s instanceof IndexStmt.Where w) {
            return new IndexStmt.Where(inPlace(w.consumer(), input), inPlace(w.producer(), input));
        }
        if (s instanceof IndexStmt.Sequence q) {
            List<IndexStmt> xs = new ArrayList<>();
            q.statements().forEach(x -> xs.add(inPlace(x, input)));
            return new IndexStmt.Sequence(xs);
        }
        IndexStmt.Assign a = (IndexStmt.Assign) s;
        if (!(a.lhs() instanceof IndexExpr.Target t)) {
            return a;
        }
        IndexExpr.Target in = new IndexExpr.Target(t.name(), t.type(), t.indices(), input);
        if (a.reduce() == null && a.mask() == null && a.rhs() instanceof IndexExpr.IfElse ie) {
            boolean keepOtherwise = reads(ie.otherwise(), input);
            if (keepOtherwise || reads(ie.then(), input)) {
                IndexExpr c = ie.condition();
                IndexExpr notC = new IndexExpr.Unary(UnaryOp.NOT, c, c.type());
                return new IndexStmt.Sequence(List.of(
                        new IndexStmt.Assign(in, null, keepOtherwise ? ie.then() : ie.otherwise(), keepOtherwise ? c : notC),
                        new IndexStmt.Assign(in, null, keepOtherwise ? ie.otherwise() : ie.then(), keepOtherwise ? notC : c)));
            }
        }
        return new IndexStmt.Assign(in, a.reduce(), a.rhs(), a.mask());
    }

    private static boolean reads(IndexExpr e, String input) {
        return e instanceof IndexExpr.Read r && r.tensor().equals(input);
    }

    private static IndexStmt monomials(IndexStmt s, Monomials m) {
        if (s instanceof IndexStmt.Forall f) {
            return new IndexStmt.Forall(f.index(), f.extent(), monomials(f.body(), m), f.activeSet(), m);
        }
        if (s instanceof IndexStmt.Where w) {
            return new IndexStmt.Where(w.consumer(), monomials(w.producer(), m));
        }
        if (s instanceof IndexStmt.Sequence q) {
            List<IndexStmt> xs = new ArrayList<>();
            q.statements().forEach(x -> xs.add(monomials(x, m)));
            return new IndexStmt.Sequence(xs);
        }
        return s;
    }
}
