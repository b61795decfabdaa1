package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.or;
import static org.stag.engine.loopir.JavaType.DOUBLE;
import static org.stag.engine.loopir.JavaType.INT;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.lattice.LatticePoint;
import org.stag.engine.lattice.Merge;
import org.stag.engine.lattice.MergeLattice;

/**
 * A co-iteration loop of {@link LoopEmitter}: an intersection or a union of the drivers' cursors, with followers
 * advanced to each coordinate; a union of two or three drivers is split into the loops of its sub-lattices
 * once drivers are exhausted (TACO's specialised sub-loops).
 */
final class CoIteration {
    private final KernelGenerator kg;
    private final KernelShape shape;
    private final LoopEmitter le;

    CoIteration(KernelGenerator kg, LoopEmitter le) {
        this.kg = kg;
        this.shape = kg.shape;
        this.le = le;
    }

    /** The co-iteration of the loop over {@code v} at depth {@code d}, as merge {@code s} of {@code lattice} says. */
    void emit(int d, String v, Block out, AccessState[] st, Merge s, MergeLattice lattice, EmitContext ctx) {
        String ivName = "i_" + v;
        Ex iv = intVar(ivName);
        List<LevelCode.Cursor> dc = le.cursors(out, st, s.drivers(), v);
        List<LevelCode.Cursor> fc = le.cursors(out, st, s.followers(), v);
        boolean union = s.mode() == Merge.Mode.UNION;
        if (union && dc.size() >= 2 && dc.size() <= MAX_TAIL_DRIVERS && lattice != null) {
            unionWithTails(d, v, out, st, s, lattice, dc, fc, ctx);
            return;
        }
        if (!union && dc.size() == 2) {
            intersectTwo(d, v, out, st, s, dc, fc, ctx);
            return;
        }
        Ex valid = null;
        for (LevelCode.Cursor c : dc) {
            valid = valid == null ? c.valid() : union ? or(valid, c.valid()) : and(valid, c.valid());
        }
        Block loop = out.whileLoop(shape.label(d), valid);
        loop.var(INT, ivName, Exprs.staticField(JavaType.ref("Integer"), "MAX_VALUE", INT));
        for (LevelCode.Cursor c : dc) {
            Ex below = lt(c.crd(), iv);
            loop.ifThen(union ? and(c.valid(), below) : below).assign(iv, c.crd());
        }
        AccessState[] in = AccessState.copy(st);
        List<Ex> oks = new ArrayList<>();
        for (int k = 0; k < dc.size(); k++) {
            Ex ok = le.bindCursor(loop, in, s.drivers().get(k), dc.get(k), iv, union);
            oks.add(ok);
        }
        le.follow(loop, in, s.followers(), fc, iv);
        Block body = loop;
        if (!union) {
            body = loop.ifThen(all(oks));
            for (int a : s.drivers()) {
                in[a].maybeAbsent = false;
            }
        }
        le.locateAll(body, in, s.locators(), iv);
        kg.loops(d + 1, body, in, ctx);
        for (int k = 0; k < dc.size(); k++) {
            dc.get(k).advance(loop.ifThen(oks.get(k)));
        }
    }

    /**
     * The intersection of two drivers as a merge: {@code while (both valid) { k0 = crd0; k1 = crd1; if (k0 == k1)
     * { body; advance both } else if (k0 < k1) advance 0 else advance 1 }}. Every step reads each coordinate once
     * and compares it twice at most; the general form's minimum, presence flags and conditional positions cost
     * it about twice as many operations per step (triangle counting's row intersections, LCC's).
     */
    private void intersectTwo(int d, String v, Block out, AccessState[] st, Merge s, List<LevelCode.Cursor> dc,
                              List<LevelCode.Cursor> fc, EmitContext ctx) {
        String ivName = "i_" + v;
        Ex iv = intVar(ivName);
        LevelCode.Cursor c0 = dc.get(0);
        LevelCode.Cursor c1 = dc.get(1);
        Block loop = out.whileLoop(shape.label(d), and(c0.valid(), c1.valid()));
        Ex k0 = intVar(kg.fresh("k"));
        Ex k1 = intVar(kg.fresh("k"));
        loop.let(INT, ((Ex.Local) k0).name(), c0.crd());
        loop.let(INT, ((Ex.Local) k1).name(), c1.crd());
        Block hit = loop.ifThen(eq(k0, k1));
        Block miss = loop.orElse();
        c0.advance(miss.ifThen(lt(k0, k1)));
        c1.advance(miss.orElse());
        hit.let(INT, ivName, k0);
        AccessState[] in = AccessState.copy(st);
        for (int k = 0; k < 2; k++) {
            int a = s.drivers().get(k);
            LevelCode.Cursor c = dc.get(k);
            LevelCode code = le.level(a, in);
            if (code.holdsValues()) {
                String val = kg.fresh("v");
                hit.let(DOUBLE, val, c.val());
                le.resolved(in[a], code, null, val, null);
            } else {
                String p = kg.fresh("p");
                hit.let(INT, p, c.pos());
                le.resolved(in[a], code, p, null, null);
            }
            in[a].maybeAbsent = false;
        }
        le.follow(hit, in, s.followers(), fc, iv);
        le.locateAll(hit, in, s.locators(), iv);
        kg.loops(d + 1, hit, in, ctx);
        c0.advance(hit);
        c1.advance(hit);
    }

    /** Union loops with at most this many drivers are split into one loop per subset of drivers still running. */
    static final int MAX_TAIL_DRIVERS = 3;

    /**
     * A union as TACO lowers its lattice: one loop while every driver has entries left, then, for each smaller
     * subset {@code S} of the drivers (by decreasing size), a loop while those of {@code S} have entries left.
     * When the loop of {@code S} starts, the drivers outside it are exhausted (after the loops of the subsets of
     * size {@code k + 1}, at most {@code k} drivers remain), so its body is the sub-lattice's: the others read
     * their fill value, with no test of their cursors per element; a subset alone is a plain walk of its one
     * driver. A subset whose sub-lattice ({@link MergeLattice#exhausted}) has no point gets no loop. The loops
     * share one labelled scope, the target of an early exit.
     */
    private void unionWithTails(int d, String v, Block out, AccessState[] st, Merge s, MergeLattice lattice,
                                List<LevelCode.Cursor> dc, List<LevelCode.Cursor> fc, EmitContext ctx) {
        String ivName = "i_" + v;
        Ex iv = intVar(ivName);
        List<Integer> drivers = s.drivers();
        int n = drivers.size();
        Block scope = out.scope(shape.label(d));
        for (int size = n; size >= 1; size--) {
            for (int mask = (1 << n) - 1; mask > 0; mask--) {
                if (Integer.bitCount(mask) != size) {
                    continue;
                }
                List<Integer> gone = new ArrayList<>();
                List<Integer> running = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    ((mask & (1 << (n - 1 - k))) != 0 ? running : gone).add(k);
                }
                List<LatticePoint> left = lattice.points();
                for (int k : gone) {
                    List<LatticePoint> keep = new ArrayList<>();
                    for (LatticePoint p : left) {
                        if (!p.present().contains(drivers.get(k))) {
                            keep.add(p);
                        }
                    }
                    left = keep;
                }
                if (left.isEmpty() && size < n) {
                    kg.notes.merge("tails " + v, "-" + names(lattice, drivers, running), (x, y) -> x + " " + y);
                    continue;
                }
                if (size < n) {
                    kg.notes.merge("tails " + v, names(lattice, drivers, running), (x, y) -> x + " " + y);
                }
                List<Ex> valid = new ArrayList<>();
                for (int k : running) {
                    valid.add(dc.get(k).valid());
                }
                Block loop = scope.whileLoop(null, all(valid));
                AccessState[] in = AccessState.copy(st);
                for (int k : gone) {
                    in[drivers.get(k)].absent = true;
                }
                if (size == 1) {
                    int k = running.get(0);
                    LevelCode.Cursor c = dc.get(k);
                    int a = drivers.get(k);
                    loop.let(INT, ivName, c.crd());
                    LevelCode code = le.level(a, in);
                    if (code.holdsValues()) {
                        String val = kg.fresh("v");
                        loop.let(DOUBLE, val, c.val());
                        le.resolved(in[a], code, null, val, null);
                    } else {
                        String p = kg.fresh("p");
                        loop.let(INT, p, c.pos());
                        le.resolved(in[a], code, p, null, null);
                    }
                    le.follow(loop, in, s.followers(), fc, iv);
                    le.locateAll(loop, in, s.locators(), iv);
                    kg.loops(d + 1, loop, in, ctx);
                    c.advance(loop);
                    continue;
                }
                loop.var(INT, ivName, dc.get(running.get(0)).crd());
                for (int j = 1; j < running.size(); j++) {
                    LevelCode.Cursor c = dc.get(running.get(j));
                    loop.ifThen(lt(c.crd(), iv)).assign(iv, c.crd());
                }
                List<Ex> oks = new ArrayList<>();
                for (int k : running) {
                    oks.add(le.bindCursor(loop, in, drivers.get(k), dc.get(k), iv, false));
                }
                le.follow(loop, in, s.followers(), fc, iv);
                le.locateAll(loop, in, s.locators(), iv);
                kg.loops(d + 1, loop, in, ctx);
                for (int j = 0; j < running.size(); j++) {
                    dc.get(running.get(j)).advance(loop.ifThen(oks.get(j)));
                }
            }
        }
    }

    /** {@code x0 && x1 && ...}. */
    private static Ex all(List<Ex> xs) {
        Ex out = xs.get(0);
        for (int k = 1; k < xs.size(); k++) {
            out = and(out, xs.get(k));
        }
        return out;
    }

    private static String names(MergeLattice lattice, List<Integer> drivers, List<Integer> running) {
        List<String> out = new ArrayList<>();
        for (int k : running) {
            out.add(lattice.name(drivers.get(k)));
        }
        return "{" + String.join(",", out) + "}";
    }
}
