package org.stag.engine.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.DefinitionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.ops.Operator;
import org.stag.formats.tensor.Format;

/**
 * Which consecutive definitions may run as one fused kernel ([Dima 2023] §6.2.1): the test the planner's
 * {@link FusionGroups} and the lowering of a fused group ({@code loopir.GroupDriver}) share. A member is an
 * element-wise dense vector definition, a scalar reduced over the shared index, or a row reduction
 * {@code t[i] = M[i][j] * f(v[j], w[i], ...) | j:(op, init)} with {@code M} in dense rows whose level iterates a
 * row in order ({@link org.stag.formats.level.LevelFormat#iteratesRowInOrder}: {@code dense,compressed}, and
 * {@code dense,F} for every ordered dynamic format F).
 */
public final class Fusible {
    private Fusible() {
    }

    /**
     * Why {@code defs} cannot be fused, or null when they can: each must be a dense vector defined element
     * by element, or a scalar reduced over its one index with a commutative operator (not CHOOSE), over the
     * same size, reading only
     * dense vectors at that index and scalars not defined in the group.
     */
    public static String whyNot(CheckedProgram p, List<Definition> defs, Map<String, Format> formats) {
        if (defs.size() < 2) {
            return "fewer than two definitions";
        }
        for (Map.Entry<String, Format> e : new java.util.TreeMap<>(formats).entrySet()) {
            if (e.getValue() != null && e.getValue().slots() > 0) {
                // A slot level's index is summed away per kernel (cin.SlotLevels), which a fused pass does not do.
                return e.getKey() + " has a slot level (" + e.getValue() + ")";
            }
        }
        String extent = null;
        Set<String> targets = new LinkedHashSet<>();
        Set<String> scalarTargets = new LinkedHashSet<>();
        Set<String> free = new LinkedHashSet<>();
        Set<String> reduced = new LinkedHashSet<>();
        for (Definition d : defs) {
            DefinitionInfo info = p.definition(d);
            if (isRowReduction(p, d)) {
                String why = whyNotRow(p, d, formats, targets, scalarTargets);
                if (why != null) {
                    return why;
                }
                String v = d.target().indices().get(0).name();
                if (extent != null && !extent.equals(info.extents().get(v))) {
                    return d.target().name() + " ranges over " + info.extents().get(v) + ", not " + extent;
                }
                extent = info.extents().get(v);
                free.add(v);
                reduced.add(d.reductions().get(0).index().name());
                targets.add(d.target().name());
                continue;
            }
            if (info.extents().size() != 1) {
                return d.target().name() + " uses " + info.extents().size() + " indices";
            }
            String v = info.extents().keySet().iterator().next();
            free.add(v);
            String size = info.extents().get(v);
            if (extent != null && !extent.equals(size)) {
                return d.target().name() + " ranges over " + size + ", not " + extent;
            }
            extent = size;
            Symbol t = info.target();
            if (t.isTensor()) {
                if (t.tensor().order() != 1 || !d.reductions().isEmpty() || !allDense(formats.get(t.name()))) {
                    return d.target().name() + " is not a dense vector defined element by element";
                }
            } else if (d.reductions().size() != 1 || !p.operator(d.reductions().get(0).op()).commutative()
                    || !KernelSpec.indexFree(p, d.reductions().get(0).init())) {
                return d.target().name() + " is not a scalar reduced over its index";
            }
            String reason = reads(p, d.value(), v, formats, targets, scalarTargets);
            if (reason != null) {
                return reason;
            }
            (t.isTensor() ? targets : scalarTargets).add(t.name());
        }
        for (String r : reduced) {
            if (free.contains(r)) {
                // The shared loop's index and a row's inner index would be one Java local twice.
                return "index " + r + " is both a shared index and a row reduction's";
            }
        }
        return null;
    }

    private static String reads(CheckedProgram p, Expr e, String v, Map<String, Format> formats, Set<String> targets,
                                Set<String> scalarTargets) {
        if (e instanceof Expr.Access a) {
            String name = ((Expr.Name) a.tensor()).name();
            boolean pointwise = a.indices().size() == 1 && a.indices().get(0) instanceof Expr.Name n && n.name().equals(v)
                    && p.symbolOf(n).isEmpty();
            if (!pointwise || !(targets.contains(name) || allDense(formats.get(name)))) {
                return "the read " + name + " is not a dense vector at the shared index";
            }
            return null;
        }
        if (e instanceof Expr.Name n) {
            return scalarTargets.contains(n.name()) ? n.name() + " is computed in the same pass" : null;
        }
        List<Expr> kids = new ArrayList<>();
        if (e instanceof Expr.Unary u) {
            kids.add(u.operand());
        } else if (e instanceof Expr.Binary b) {
            kids.add(b.left());
            kids.add(b.right());
        } else if (e instanceof Expr.IfElse i) {
            kids.add(i.condition());
            kids.add(i.then());
            kids.add(i.otherwise());
        } else if (e instanceof Expr.BuiltinCall c) {
            kids.addAll(c.args());
        } else if (e instanceof Expr.Convert c) {
            kids.add(c.value());
        }
        for (Expr k : kids) {
            String r = reads(p, k, v, formats, targets, scalarTargets);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /** Whether {@code d} has the shape of a row reduction: a vector target and one reduction. */
    public static boolean isRowReduction(CheckedProgram p, Definition d) {
        return p.definition(d).target().isTensor() && d.target().indices().size() == 1 && d.reductions().size() == 1
                && p.definition(d).extents().size() == 2;
    }

    /**
     * Why {@code d} cannot run as a row reduction of a fused pass, or null: its target must be a dense vector,
     * its operator commutative with an index-free initial value, its value must read one matrix
     * {@code M[i][j]} in dense rows iterated in order ({@code dense,compressed}, {@code dense,ctree}, ...) and otherwise dense vectors at {@code j} (not defined in the
     * group) or at {@code i}, and scalars not computed in the group.
     */
    static String whyNotRow(CheckedProgram p, Definition d, Map<String, Format> formats, Set<String> targets,
                         Set<String> scalarTargets) {
        String name = d.target().name();
        if (!allDense(formats.get(name))) {
            return name + " is not a dense vector";
        }
        if (!p.operator(d.reductions().get(0).op()).commutative() || !KernelSpec.indexFree(p, d.reductions().get(0).init())) {
            return name + " is not reduced by a commutative operator from an index-free value";
        }
        String i = d.target().indices().get(0).name();
        String j = d.reductions().get(0).index().name();
        List<Expr.Access> reads = new ArrayList<>();
        List<Expr.Name> names = new ArrayList<>();
        collect(d.value(), reads, names);
        int matrices = 0;
        for (Expr.Access a : reads) {
            String t = ((Expr.Name) a.tensor()).name();
            if (a.indices().size() == 2) {
                Format f = formats.get(t);
                boolean rows = f != null && f.levels().size() == 2 && f.levels().get(0).name().equals("dense")
                        && f.level(1).iteratesRowInOrder() && f.modeOfLevel(0) == 0
                        && isVar(p, a.indices().get(0), i) && isVar(p, a.indices().get(1), j) && !targets.contains(t);
                if (!rows) {
                    return "the read " + t + " is not a matrix of dense rows, each iterated in order, read by rows at ["
                            + i + "][" + j + "]";
                }
                matrices++;
            } else if (a.indices().size() != 1 || !(isVar(p, a.indices().get(0), j) && allDense(formats.get(t)) && !targets.contains(t)
                    || isVar(p, a.indices().get(0), i) && (targets.contains(t) || allDense(formats.get(t))))) {
                return "the read " + t + " is not a dense vector at " + i + " or " + j;
            }
        }
        for (Expr.Name n : names) {
            if (scalarTargets.contains(n.name())) {
                return n.name() + " is computed in the same pass";
            }
        }
        if (matrices != 1) {
            return name + " reads " + matrices + " matrices";
        }
        return skipsAbsent(p, d, formats) ? null : name + " is changed by the entries its matrix does not store";
    }

    /**
     * Whether an entry the matrix does not store leaves the accumulator as it is (its contribution is the
     * operator's identity, or lies on the initial value's far side of a semilattice), so visiting only the
     * stored entries of a row is exact; the same test the kernel generator's merge makes.
     */
    private static boolean skipsAbsent(CheckedProgram p, Definition d, Map<String, Format> formats) {
        KernelSpec spec = new KernelSpec(p, d, formats, Map.of());
        Set<Integer> absent = new java.util.HashSet<>();
        for (KernelSpec.Access a : spec.accesses()) {
            if (a.levels() == 2) {
                absent.add(a.id());
            }
        }
        KernelSpec.Group g = spec.groups().get(0);
        Symbolic sym = new Symbolic(spec, absent);
        Sym s = Sym.convert(sym.eval(spec.rhs()), g.type());
        if (s.sameAs(Sym.identity(g.op(), g.type()))) {
            return true;
        }
        Operator op = g.op();
        Sym init = Sym.convert(sym.eval(g.init()), g.type());
        return s.known() && init.known() && op.idempotent() && op.commutative() && op.associative()
                && Symbolic.apply(op, init, s, g.type()).sameAs(init);
    }

    private static boolean isVar(CheckedProgram p, Expr e, String v) {
        return e instanceof Expr.Name n && n.name().equals(v) && p.symbolOf(n).isEmpty();
    }

    private static void collect(Expr e, List<Expr.Access> reads, List<Expr.Name> names) {
        if (e instanceof Expr.Access a) {
            reads.add(a);
            return;
        }
        if (e instanceof Expr.Name n) {
            names.add(n);
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand(), reads, names);
        } else if (e instanceof Expr.Binary b) {
            collect(b.left(), reads, names);
            collect(b.right(), reads, names);
        } else if (e instanceof Expr.IfElse x) {
            collect(x.condition(), reads, names);
            collect(x.then(), reads, names);
            collect(x.otherwise(), reads, names);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(a -> collect(a, reads, names));
        } else if (e instanceof Expr.Convert c) {
            collect(c.value(), reads, names);
        }
    }

    /** Whether {@code f} (null: the tensor has no format yet) is dense at every level. */
    public static boolean allDense(Format f) {
        return f != null && f.allDense();
    }
}
