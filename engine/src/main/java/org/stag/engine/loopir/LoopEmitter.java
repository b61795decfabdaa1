package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.JavaType.BOOLEAN;
import static org.stag.engine.loopir.JavaType.DOUBLE;
import static org.stag.engine.loopir.JavaType.DOUBLES;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexExprs;
import org.stag.engine.lattice.Contribution;
import org.stag.engine.lattice.LoopOperands;
import org.stag.engine.lattice.Merge;
import org.stag.engine.lattice.MergeLattice;
import org.stag.engine.front.ScalarType;
import org.stag.formats.level.Capability;

/**
 * Emits the loop over one index as its merge lattice says ({@code lattice.MergeLattice}): a split on operands
 * whose parent may be absent, the whole dimension, one iterated operand with the others located, a
 * co-iteration (intersection or union) with followers, or a single point; and the locates of every level
 * whose coordinate is known.
 */
final class LoopEmitter {
    private final KernelGenerator kg;
    private final KernelShape shape;
    private final CoIteration coIteration;

    LoopEmitter(KernelGenerator kg) {
        this.kg = kg;
        this.shape = kg.shape;
        this.coIteration = new CoIteration(kg, this);
    }

    /** The loop over index {@code v} at depth {@code d}: split on operands whose parent may be absent, then merge. */
    void mergeLoop(int d, String v, Block out, AccessState[] st, EmitContext ctx) {
        for (int a : participants(st, v)) {
            if (st[a].maybeAbsent) {
                AccessState[] yes = AccessState.copy(st);
                yes[a].maybeAbsent = false;
                AccessState[] no = AccessState.copy(st);
                no[a].absent = true;
                mergeLoop(d, v, out.ifThen(ge(st[a].pos, lit(0))), yes, ctx);
                mergeLoop(d, v, out.orElse(), no, ctx);
                return;
            }
        }
        MergeLattice lattice = lattice(d, st, v);
        Merge s = strategy(d, st, v, ctx, lattice);
        if (s.mode() == Merge.Mode.UNION && kg.monomials.emit(d, v, out, st, ctx)) {
            return;
        }
        if (!ctx.inTerm() || d != ctx.term().depth()) {
            kg.notes.merge("loop " + v, s.mode().toString().toLowerCase(java.util.Locale.ROOT), (x, y) -> x + "/" + y);
        }
        // A condition known before the loop that, when false, leaves the whole loop without effect guards it:
        // bottom-up BFS skips the in-edges of a vertex already visited (`depth[j] == MAX && ...`). Inside, it holds.
        EmitContext inside = ctx;
        if (s.mode() != Merge.Mode.SKIP) {
            IndexExpr guard = lattice.guard();
            Ex test = guard == null ? null : kg.value(st, ctx, guard, ScalarType.BOOL);
            // In a union's tail loop an exhausted operand's fill may decide the guard: then there is nothing to test.
            if (test != null && !test.equals(Ex.TRUE)) {
                out = out.ifThen(test);
            }
            if (test != null) {
                inside = ctx.holding(guard);
            }
        }
        emitLoop(d, v, out, st, inside, s, lattice);
    }

    /** The loop over {@code v} at depth {@code d} by strategy {@code s}, into {@code out} (inside its guard). */
    private void emitLoop(int d, String v, Block out, AccessState[] st, EmitContext ctx, Merge s, MergeLattice lattice) {
        boolean chunked = ctx.chunked();
        String iv = "i_" + v;
        Ex i = intVar(iv);
        String label = shape.label(d);
        boolean inOrder = shape.needsOrder(v);
        switch (s.mode()) {
            case SKIP -> out.comment("loop over " + v + " contributes nothing here");
            case UNIVERSE -> {
                List<LevelCode.Cursor> fc = cursors(out, st, s.followers(), v);
                Ex lo = chunked && d == 0 ? intVar("lo") : lit(0);
                Ex hi = chunked && d == 0 ? intVar("hi") : shape.extent(v);
                Block body = out.forLoop(label, INT, iv, lo, lt(i, hi), postInc(i));
                AccessState[] in = AccessState.copy(st);
                follow(body, in, s.followers(), fc, i);
                locateAll(body, in, s.locators(), i);
                kg.loops(d + 1, body, in, ctx);
            }
            case ITERATE -> {
                int a = s.drivers().get(0);
                LevelCode c = level(a, st);
                String p = kg.fresh("p");
                String val = c.holdsValues() ? kg.fresh("v") : null;
                if (d == 0 && a == ctx.forcedDriver() && ctx.active().split()) {
                    // An active set split with the dense loop's chunks: chunk [lo, hi) of the extent takes the same
                    // share of the driver's positions, so the chunks together visit each entry once.
                    Ex[] range = FrameCode.directRange(c);
                    Ex ext = Exprs.staticCall(JavaType.ref("java.lang.Math"), "max", INT, lit(1), shape.extent(v));
                    out.let(INT, "as_start", range[0]);
                    out.let(JavaType.LONG, "as_len", Exprs.cast(JavaType.LONG, Exprs.sub(range[1], range[0])));
                    out.let(INT, "as_lo", Exprs.add(intVar("as_start"), Exprs.cast(INT, Exprs.div(
                            Exprs.mul(local("as_len", JavaType.LONG), intVar("lo")), ext))));
                    out.let(INT, "as_hi", Exprs.add(intVar("as_start"), Exprs.cast(INT, Exprs.div(
                            Exprs.mul(local("as_len", JavaType.LONG), intVar("hi")), ext))));
                    Block body = out.forLoop(label, INT, p, intVar("as_lo"), lt(intVar(p), intVar("as_hi")), postInc(intVar(p)));
                    body.let(INT, iv, c.coordinateAt(intVar(p)));
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    for (int t : kg.inPlaceCode.twins(a)) {
                        if (t != a) {
                            resolved(in[t], level(t, in), p, val, null);
                        }
                    }
                    locateAll(body, in, s.locators(), i);
                    kg.loops(d + 1, body, in, ctx.chunked(false));
                    return;
                }
                if (d == 0 && ctx.layout().gathered() && FrameCode.directRange(c) != null) {
                    // The level's positions [start, end) are split directly: chunk [lo, hi) is [start + lo, start + hi).
                    out.let(INT, "g_base", FrameCode.directRange(c)[0]);
                    Ex g = intVar("g");
                    Block body = out.forLoop(label, INT, "g", intVar("lo"), lt(g, intVar("hi")), postInc(g));
                    body.let(INT, p, Exprs.add(intVar("g_base"), g));
                    body.let(INT, iv, c.coordinateAt(intVar(p)));
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    locateAll(body, in, s.locators(), i);
                    kg.loops(d + 1, body, in, ctx);
                    return;
                }
                if (d == 0 && ctx.layout().gathered()) {
                    JavaType arr = c.holdsValues() ? DOUBLES : INTS;
                    String gathered = c.holdsValues() ? "g_val" : "g_pos";
                    out.let(INTS, "g_crd", FrameVars.f("gatherCrd", INTS));
                    out.let(arr, gathered, FrameVars.f(c.holdsValues() ? "gatherVal" : "gatherPos", arr));
                    Ex g = intVar("g");
                    Block body = out.forLoop(label, INT, "g", intVar("lo"), lt(g, intVar("hi")), postInc(g));
                    body.let(INT, iv, load(local("g_crd", INTS), g));
                    body.let(c.holdsValues() ? DOUBLE : INT, c.holdsValues() ? val : p, load(local(gathered, arr), g));
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    locateAll(body, in, s.locators(), i);
                    kg.loops(d + 1, body, in, ctx);
                    return;
                }
                // A schema may place the body at several element fields: each copy starts from the same state.
                c.iterate(out, parent(a, st), new LevelCode.Binding(iv, c.holdsValues() ? null : p, val), inOrder, label, body -> {
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    if (d == 0 && a == ctx.forcedDriver()) {
                        // The active set's other reads of the same tensor at the same coordinate: the same entry.
                        for (int t : kg.inPlaceCode.twins(a)) {
                            if (t != a) {
                                resolved(in[t], level(t, in), p, val, null);
                            }
                        }
                    }
                    locateAll(body, in, s.locators(), i);
                    kg.loops(d + 1, body, in, ctx);
                });
            }
            case INTERSECT, UNION -> coIteration.emit(d, v, out, st, s, lattice, ctx);
            case POINT -> {
                // One trip, so that an early exit (`break label`) still has its loop.
                Ex once = intVar(iv + "_once");
                Block one = out.forLoop(label, INT, iv + "_once", lit(0), lt(once, lit(1)), postInc(once));
                one.let(INT, iv, kg.value(st, ctx, s.point(), ScalarType.INT));
                Block body = one.ifThen(and(ge(i, lit(0)), lt(i, shape.extent(v))));
                AccessState[] in = AccessState.copy(st);
                locateAll(body, in, s.locators(), i);
                kg.loops(d + 1, body, in, ctx);
            }
        }
    }

    /** Binds a driver cursor at coordinate {@code iv}: its presence flag and position (or value). */
    Ex bindCursor(Block b, AccessState[] in, int a, LevelCode.Cursor c, Ex iv, boolean checkValid) {
        LevelCode code = level(a, in);
        Ex ok = local(kg.fresh("ok"), BOOLEAN);
        Ex at = eq(c.crd(), iv);
        b.let(BOOLEAN, name(ok), checkValid ? and(c.valid(), at) : at);
        if (code.holdsValues()) {
            String val = kg.fresh("v");
            b.let(DOUBLE, val, cond(ok, c.val(), lit(Double.NaN)));
            resolved(in[a], code, null, val, ok);
        } else {
            String p = kg.fresh("p");
            b.let(INT, p, cond(ok, c.pos(), lit(-1)));
            resolved(in[a], code, p, null, null);
            in[a].maybeAbsent = true;
        }
        return ok;
    }

    void follow(Block b, AccessState[] in, List<Integer> followers, List<LevelCode.Cursor> fc, Ex iv) {
        for (int k = 0; k < followers.size(); k++) {
            LevelCode.Cursor c = fc.get(k);
            c.advance(b.whileLoop(null, and(c.valid(), lt(c.crd(), iv))));
            bindCursor(b, in, followers.get(k), c, iv, true);
        }
    }

    List<LevelCode.Cursor> cursors(Block out, AccessState[] st, List<Integer> accesses, String v) {
        List<LevelCode.Cursor> cs = new ArrayList<>();
        for (int a : accesses) {
            cs.add(level(a, st).cursor(out, parent(a, st), kg.fresh("c")));
        }
        return cs;
    }

    void resolved(AccessState s, LevelCode c, String pos, String val, Ex ok) {
        s.resolved++;
        if (c.holdsValues()) {
            s.val = local(val, DOUBLE);
            s.ok = ok;
            s.maybeAbsent = ok != null;
        } else {
            s.pos = intVar(pos);
            s.maybeAbsent = false;
        }
    }

    /**
     * Where access {@code a}'s next level hangs: its last resolved position and the coordinates of the levels resolved
     * so far, their loops' index locals.
     */
    LevelCode.Parent parent(int a, AccessState[] st) {
        KernelSpec.Access acc = shape.spec().accesses().get(a);
        List<Ex> coords = new ArrayList<>();
        for (int k = 0; k < st[a].resolved; k++) {
            String v = acc.levelVar().get(k);
            coords.add(v == null ? null : intVar("i_" + v));
        }
        return new LevelCode.Parent(st[a].pos, coords);
    }

    /** The name of local {@code x}. */
    static String name(Ex x) {
        return ((Ex.Local) x).name();
    }

    /** Whether the generator locates into level code {@code c}: its format's {@link Capability#LOCATE}. */
    static boolean canLocate(LevelCode c) {
        return c.format().has(Capability.LOCATE);
    }

    LevelCode level(int a, AccessState[] st) {
        return shape.codes().get(a).get(st[a].resolved);
    }

    /** Accesses whose next level is indexed by {@code v} (and not known absent). */
    List<Integer> participants(AccessState[] st, String v) {
        List<Integer> out = new ArrayList<>();
        for (KernelSpec.Access a : shape.spec().accesses()) {
            AccessState s = st[a.id()];
            if (!s.absent && s.resolved < a.levels() && v.equals(a.levelVar().get(s.resolved))) {
                out.add(a.id());
            }
        }
        return out;
    }

    void locateAll(Block b, AccessState[] in, List<Integer> locators, Ex iv) {
        for (int a : locators) {
            locate(b, in, a, iv);
        }
    }

    /** Locates the next level of access {@code a} at coordinate {@code crd}, guarding an absent parent. */
    void locate(Block b, AccessState[] in, int a, Ex crd) {
        AccessState s = in[a];
        LevelCode c = level(a, in);
        if (c.holdsValues()) {
            String val = kg.fresh("v");
            Ex ok = local(kg.fresh("ok"), BOOLEAN);
            if (s.maybeAbsent) {
                b.var(DOUBLE, val, lit(Double.NaN));
                Block g = b.ifThen(ge(s.pos, lit(0)));
                String t = kg.fresh("t");
                c.locate(g, parent(a, in), crd, new LevelCode.Binding(null, null, t));
                g.assign(local(val, DOUBLE), local(t, DOUBLE));
            } else {
                c.locate(b, parent(a, in), crd, new LevelCode.Binding(null, null, val));
            }
            b.let(BOOLEAN, name(ok), eq(local(val, DOUBLE), local(val, DOUBLE)));
            resolved(s, c, null, val, ok);
            return;
        }
        // A schema-iterated level without a search is found by visiting it; static levels have their own probe.
        if (!canLocate(c) && c.format().has(Capability.SCHEMA_ITERATION)) {
            scanLocate(b, in, a, crd);
            return;
        }
        String p = kg.fresh("p");
        boolean parentMaybe = s.maybeAbsent;
        if (parentMaybe) {
            b.var(INT, p, lit(-1));
            Block g = b.ifThen(ge(s.pos, lit(0)));
            String t = kg.fresh("t");
            c.locate(g, parent(a, in), crd, new LevelCode.Binding(null, t, null));
            g.assign(intVar(p), intVar(t));
        } else {
            c.locate(b, parent(a, in), crd, new LevelCode.Binding(null, p, null));
        }
        resolved(s, c, p, null, null);
        s.maybeAbsent = parentMaybe || !c.full();
    }

    /** Locates by visiting the level and stopping at {@code crd}: for levels without a search (lists). */
    void scanLocate(Block b, AccessState[] in, int a, Ex crd) {
        AccessState s = in[a];
        LevelCode c = level(a, in);
        String target = kg.fresh("k");
        String found = kg.fresh("p");
        String val = c.holdsValues() ? kg.fresh("v") : null;
        Ex ok = local(kg.fresh("ok"), BOOLEAN);
        JavaType carried = c.holdsValues() ? DOUBLE : INT;
        Ex f = local(found, carried);
        b.let(INT, target, crd);
        b.var(carried, found, c.holdsValues() ? lit(Double.NaN) : lit(-1));
        Block outer = s.maybeAbsent ? b.ifThen(ge(s.pos, lit(0))) : b;
        String cv = kg.fresh("c");
        String pv = kg.fresh("q");
        String lbl = kg.fresh("S");
        c.iterate(outer, parent(a, in), new LevelCode.Binding(cv, c.holdsValues() ? null : pv, val), false, lbl, body ->
                body.ifThen(eq(intVar(cv), intVar(target))).assign(f, local(c.holdsValues() ? val : pv, carried)).breakTo(lbl));
        if (c.holdsValues()) {
            b.let(BOOLEAN, name(ok), eq(f, f));
            resolved(s, c, null, found, ok);
        } else {
            resolved(s, c, found, null, null);
            s.maybeAbsent = true;
        }
    }

    /** Locates every level whose coordinate is known (bound index variables, computed coordinates). */
    void resolveLocates(Block b, AccessState[] st, Set<String> bound, EmitContext ctx) {
        for (KernelSpec.Access a : shape.spec().accesses()) {
            AccessState s = st[a.id()];
            while (!s.absent && s.resolved < a.levels()) {
                IndexExpr ix = a.levelIndex().get(s.resolved);
                String var = a.levelVar().get(s.resolved);
                boolean known = var != null ? bound.contains(var) : varsBound(ix, bound);
                if (!known) {
                    break;
                }
                Ex crd = var != null ? intVar("i_" + var) : kg.value(st, ctx, ix, ScalarType.INT);
                locate(b, st, a.id(), crd);
            }
        }
    }

    boolean varsBound(IndexExpr e, Set<String> bound) {
        // A tensor read inside a coordinate needs its own indices bound (it is located by the emitter).
        return IndexExprs.varsBound(e, bound);
    }

    /** The merge of the loop over {@code v} in context {@code ctx}: its lattice's, or the active set's single driver. */
    Merge strategy(int d, AccessState[] st, String v, EmitContext ctx) {
        return strategy(d, st, v, ctx, null);
    }

    /** As {@link #strategy(int, AccessState[], String, EmitContext)} with the loop's lattice when it is built already. */
    private Merge strategy(int d, AccessState[] st, String v, EmitContext ctx, MergeLattice built) {
        int driver = ctx.forcedDriver();
        if (d == 0 && driver >= 0) {
            List<Integer> others = new ArrayList<>(participants(st, v));
            others.removeAll(kg.inPlaceCode.twins(driver));
            return new Merge(Merge.Mode.ITERATE, List.of(driver), List.of(), others);
        }
        return (built != null ? built : lattice(d, st, v)).merge();
    }

    /** The merge lattice of the loop over {@code v} at depth {@code d}, from the accesses' states there. */
    MergeLattice lattice(int d, AccessState[] st, String v) {
        Set<Integer> absent = new HashSet<>();
        for (KernelSpec.Access a : shape.spec().accesses()) {
            if (st[a.id()].absent) {
                absent.add(a.id());
            }
        }
        List<Integer> p = participants(st, v);
        Set<Integer> locatable = new HashSet<>();
        Set<Integer> full = new HashSet<>();
        for (int a : p) {
            if (canLocate(level(a, st))) {
                locatable.add(a);
            }
            if (level(a, st).full()) {
                full.add(a);
            }
        }
        return MergeLattice.build(new LoopOperands(v, p, locatable, full, absent), contribution(d), e -> knownAt(e, d, st));
    }

    /** What the body of the loop at depth {@code d} feeds: its reduction group (a scattered free index feeds the outermost), or the target. */
    Contribution contribution(int d) {
        KernelSpec.Group g = shape.spec().groupOf(shape.order().get(d));
        if (g == null && shape.scatter() && d > shape.scatterFrom()) {
            g = shape.spec().groups().get(shape.spec().groups().size() - 1);
        }
        return Contribution.of(shape.spec(), g);
    }

    /** Whether {@code e} can be computed before the loop at depth {@code d}: bound indices, resolved reads. */
    boolean knownAt(IndexExpr e, int d, AccessState[] st) {
        Set<String> bound = new HashSet<>(shape.order().subList(0, d));
        if (!varsBound(e, bound)) {
            return false;
        }
        List<IndexExpr.Read> reads = new ArrayList<>();
        IndexExprs.reads(e, reads);
        for (IndexExpr.Read r : reads) {
            KernelSpec.Access acc = r.access();
            if (!st[acc.id()].absent && st[acc.id()].resolved != acc.levels()) {
                return false;
            }
        }
        return true;
    }
}
