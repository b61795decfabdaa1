package org.stag.engine.loopir;

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
    private final CoIteration coIteration;

    LoopEmitter(KernelGenerator kg) {
        this.kg = kg;
        this.coIteration = new CoIteration(kg, this);
    }

    /** The loop over index {@code v} at depth {@code d}: split on operands whose parent may be absent, then merge. */
    void mergeLoop(int d, String v, Block out, AccessState[] st, boolean chunked) {
        for (int a : participants(st, v)) {
            if (st[a].maybeAbsent) {
                AccessState[] yes = AccessState.copy(st);
                yes[a].maybeAbsent = false;
                AccessState[] no = AccessState.copy(st);
                no[a].absent = true;
                mergeLoop(d, v, out.ifThen(st[a].pos + " >= 0"), yes, chunked);
                mergeLoop(d, v, out.orElse(), no, chunked);
                return;
            }
        }
        MergeLattice lattice = lattice(d, st, v);
        Merge s = strategy(d, st, v, lattice);
        if (s.mode() == Merge.Mode.UNION && kg.monomials.emit(d, v, out, st, chunked)) {
            return;
        }
        if (!kg.inTerm || d != kg.termDepth) {
            kg.notes.merge("loop " + v, s.mode().toString().toLowerCase(java.util.Locale.ROOT), (x, y) -> x + "/" + y);
        }
        // A condition known before the loop that, when false, leaves the whole loop without effect guards it:
        // bottom-up BFS skips the in-edges of a vertex already visited (`depth[j] == MAX && ...`).
        if (s.mode() != Merge.Mode.SKIP) {
            IndexExpr guard = lattice.guard();
            String test = guard == null ? null : kg.emitter(st).emit(guard, ScalarType.BOOL);
            // In a union's tail loop an exhausted operand's fill may decide the guard: then there is nothing to test.
            if (test != null && !test.equals("true")) {
                out = out.ifThen(test);
            }
        }
        String iv = "i_" + v;
        String label = kg.label(d);
        boolean inOrder = kg.needsOrder(v);
        switch (s.mode()) {
            case SKIP -> out.comment("loop over " + v + " contributes nothing here");
            case UNIVERSE -> {
                List<LevelCode.Cursor> fc = cursors(out, st, s.followers(), v);
                String lo = chunked && d == 0 ? "lo" : "0";
                String hi = chunked && d == 0 ? "hi" : kg.extent(v);
                Block body = out.forLoop(label, "int " + iv + " = " + lo, iv + " < " + hi, iv + "++");
                AccessState[] in = AccessState.copy(st);
                follow(body, in, s.followers(), fc, iv);
                locateAll(body, in, s.locators(), iv);
                kg.loops(d + 1, body, in, chunked);
            }
            case ITERATE -> {
                int a = s.drivers().get(0);
                LevelCode c = level(a, st);
                String p = kg.fresh("p");
                String val = c.holdsValues() ? kg.fresh("v") : null;
                if (d == 0 && kg.gathered) {
                    out.let("int[]", "g_crd", "f.gatherCrd");
                    out.let(c.holdsValues() ? "double[]" : "int[]", c.holdsValues() ? "g_val" : "g_pos",
                            c.holdsValues() ? "f.gatherVal" : "f.gatherPos");
                    Block body = out.forLoop(label, "int g = lo", "g < hi", "g++");
                    body.let("int", iv, "g_crd[g]");
                    body.let(c.holdsValues() ? "double" : "int", c.holdsValues() ? val : p, c.holdsValues() ? "g_val[g]" : "g_pos[g]");
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    locateAll(body, in, s.locators(), iv);
                    kg.loops(d + 1, body, in, chunked);
                    return;
                }
                // A schema may place the body at several element fields: each copy starts from the same state.
                c.iterate(out, st[a].pos, new LevelCode.Binding(iv, c.holdsValues() ? null : p, val), inOrder, label, body -> {
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    if (d == 0 && a == kg.forcedDriver) {
                        // The active set's other reads of the same tensor at the same coordinate: the same entry.
                        for (int t : kg.inPlaceCode.twins(a)) {
                            if (t != a) {
                                resolved(in[t], level(t, in), p, val, null);
                            }
                        }
                    }
                    locateAll(body, in, s.locators(), iv);
                    kg.loops(d + 1, body, in, chunked);
                });
            }
            case INTERSECT, UNION -> coIteration.emit(d, v, out, st, s, lattice, chunked);
            case POINT -> {
                // One trip, so that an early exit (`break label`) still has its loop.
                Block once = out.forLoop(label, "int " + iv + "_once = 0", iv + "_once < 1", iv + "_once++");
                once.let("int", iv, kg.emitter(st).emit(s.point(), ScalarType.INT));
                Block body = once.ifThen(iv + " >= 0 && " + iv + " < " + kg.extent(v));
                AccessState[] in = AccessState.copy(st);
                locateAll(body, in, s.locators(), iv);
                kg.loops(d + 1, body, in, chunked);
            }
        }
    }

    /** Binds a driver cursor at coordinate {@code iv}: its presence flag and position (or value). */
    String bindCursor(Block b, AccessState[] in, int a, LevelCode.Cursor c, String iv, boolean checkValid) {
        LevelCode code = level(a, in);
        String ok = kg.fresh("ok");
        b.let("boolean", ok, (checkValid ? c.valid() + " && " : "") + c.crd() + " == " + iv);
        if (code.holdsValues()) {
            String val = kg.fresh("v");
            b.let("double", val, ok + " ? " + c.val() + " : Double.NaN");
            resolved(in[a], code, null, val, ok);
        } else {
            String p = kg.fresh("p");
            b.let("int", p, ok + " ? " + c.pos() + " : -1");
            resolved(in[a], code, p, null, null);
            in[a].maybeAbsent = true;
        }
        return ok;
    }

    void follow(Block b, AccessState[] in, List<Integer> followers, List<LevelCode.Cursor> fc, String iv) {
        for (int k = 0; k < followers.size(); k++) {
            LevelCode.Cursor c = fc.get(k);
            c.advance(b.whileLoop(null, c.valid() + " && " + c.crd() + " < " + iv));
            bindCursor(b, in, followers.get(k), c, iv, true);
        }
    }

    List<LevelCode.Cursor> cursors(Block out, AccessState[] st, List<Integer> accesses, String v) {
        List<LevelCode.Cursor> cs = new ArrayList<>();
        for (int a : accesses) {
            cs.add(level(a, st).cursor(out, st[a].pos, kg.fresh("c")));
        }
        return cs;
    }

    void resolved(AccessState s, LevelCode c, String pos, String val, String ok) {
        s.resolved++;
        if (c.holdsValues()) {
            s.val = val;
            s.ok = ok;
            s.maybeAbsent = ok != null;
        } else {
            s.pos = pos;
            s.maybeAbsent = false;
        }
    }

    /** Whether the generator locates into level code {@code c}: its format's {@link Capability#LOCATE}. */
    static boolean canLocate(LevelCode c) {
        return c.format().has(Capability.LOCATE);
    }

    LevelCode level(int a, AccessState[] st) {
        return kg.codes.get(a).get(st[a].resolved);
    }

    /** Accesses whose next level is indexed by {@code v} (and not known absent). */
    List<Integer> participants(AccessState[] st, String v) {
        List<Integer> out = new ArrayList<>();
        for (KernelSpec.Access a : kg.spec.accesses()) {
            AccessState s = st[a.id()];
            if (!s.absent && s.resolved < a.levels() && v.equals(a.levelVar().get(s.resolved))) {
                out.add(a.id());
            }
        }
        return out;
    }

    void locateAll(Block b, AccessState[] in, List<Integer> locators, String iv) {
        for (int a : locators) {
            locate(b, in, a, iv);
        }
    }

    /** Locates the next level of access {@code a} at coordinate {@code crd}, guarding an absent parent. */
    void locate(Block b, AccessState[] in, int a, String crd) {
        AccessState s = in[a];
        LevelCode c = level(a, in);
        if (c.holdsValues()) {
            String val = kg.fresh("v");
            String ok = kg.fresh("ok");
            if (s.maybeAbsent) {
                b.var("double", val, "Double.NaN");
                Block g = b.ifThen(s.pos + " >= 0");
                String t = kg.fresh("t");
                c.locate(g, s.pos, crd, new LevelCode.Binding(null, null, t));
                g.assign(val, t);
            } else {
                c.locate(b, s.pos, crd, new LevelCode.Binding(null, null, val));
            }
            b.let("boolean", ok, val + " == " + val);
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
            b.var("int", p, "-1");
            Block g = b.ifThen(s.pos + " >= 0");
            String t = kg.fresh("t");
            c.locate(g, s.pos, crd, new LevelCode.Binding(null, t, null));
            g.assign(p, t);
        } else {
            c.locate(b, s.pos, crd, new LevelCode.Binding(null, p, null));
        }
        resolved(s, c, p, null, null);
        s.maybeAbsent = parentMaybe || !c.full();
    }

    /** Locates by visiting the level and stopping at {@code crd}: for levels without a search (lists). */
    void scanLocate(Block b, AccessState[] in, int a, String crd) {
        AccessState s = in[a];
        LevelCode c = level(a, in);
        String target = kg.fresh("k");
        String found = kg.fresh("p");
        String val = c.holdsValues() ? kg.fresh("v") : null;
        String ok = kg.fresh("ok");
        b.let("int", target, crd);
        b.var(c.holdsValues() ? "double" : "int", found, c.holdsValues() ? "Double.NaN" : "-1");
        Block outer = s.maybeAbsent ? b.ifThen(s.pos + " >= 0") : b;
        String cv = kg.fresh("c");
        String pv = kg.fresh("q");
        String lbl = kg.fresh("S");
        c.iterate(outer, s.pos, new LevelCode.Binding(cv, c.holdsValues() ? null : pv, val), false, lbl, body ->
                body.ifThen(cv + " == " + target).assign(found, (c.holdsValues() ? val : pv)).breakTo(lbl));
        if (c.holdsValues()) {
            b.let("boolean", ok, found + " == " + found);
            resolved(s, c, null, found, ok);
        } else {
            resolved(s, c, found, null, null);
            s.maybeAbsent = true;
        }
    }

    /** Locates every level whose coordinate is known (bound index variables, computed coordinates). */
    void resolveLocates(Block b, AccessState[] st, Set<String> bound) {
        for (KernelSpec.Access a : kg.spec.accesses()) {
            AccessState s = st[a.id()];
            while (!s.absent && s.resolved < a.levels()) {
                IndexExpr ix = a.levelIndex().get(s.resolved);
                String var = a.levelVar().get(s.resolved);
                boolean known = var != null ? bound.contains(var) : varsBound(ix, bound);
                if (!known) {
                    break;
                }
                String crd = var != null ? "i_" + var : kg.emitter(st).emit(ix, ScalarType.INT);
                locate(b, st, a.id(), crd);
            }
        }
    }

    boolean varsBound(IndexExpr e, Set<String> bound) {
        // A tensor read inside a coordinate needs its own indices bound (it is located by the emitter).
        return IndexExprs.varsBound(e, bound);
    }

    /** The merge of the loop over {@code v}: its lattice's, or the active set's single driver. */
    Merge strategy(int d, AccessState[] st, String v) {
        return strategy(d, st, v, null);
    }

    /** As {@link #strategy(int, AccessState[], String)} with the loop's lattice when it is built already. */
    private Merge strategy(int d, AccessState[] st, String v, MergeLattice built) {
        if (d == 0 && kg.forcedDriver >= 0) {
            List<Integer> others = new ArrayList<>(participants(st, v));
            others.removeAll(kg.inPlaceCode.twins(kg.forcedDriver));
            return new Merge(Merge.Mode.ITERATE, List.of(kg.forcedDriver), List.of(), others);
        }
        return (built != null ? built : lattice(d, st, v)).merge();
    }

    /** The merge lattice of the loop over {@code v} at depth {@code d}, from the accesses' states there. */
    MergeLattice lattice(int d, AccessState[] st, String v) {
        Set<Integer> absent = new HashSet<>();
        for (KernelSpec.Access a : kg.spec.accesses()) {
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
        KernelSpec.Group g = kg.spec.groupOf(kg.order.get(d));
        if (g == null && kg.scatter && d > kg.scatterFrom) {
            g = kg.spec.groups().get(kg.spec.groups().size() - 1);
        }
        return Contribution.of(kg.spec, g);
    }

    /** Whether {@code e} can be computed before the loop at depth {@code d}: bound indices, resolved reads. */
    boolean knownAt(IndexExpr e, int d, AccessState[] st) {
        Set<String> bound = new HashSet<>(kg.order.subList(0, d));
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
