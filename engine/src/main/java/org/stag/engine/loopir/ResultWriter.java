package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.div;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.not;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.rem;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.JavaType.BOOLEAN;
import static org.stag.engine.loopir.JavaType.BOOLEANS;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;
import org.stag.formats.tensor.Format;

/**
 * Writes a kernel's values: into reduction accumulators (the operator's template, with early exit), into the
 * target (a dense array in place, entries of a sparse format, a scalar partial), or into the scatter
 * workspace of a target whose free index is iterated inside a reduction (flushed per outer coordinate,
 * atomics where the operator's result does not depend on the order of updates), and the masked store of an
 * in-place update.
 */
final class ResultWriter {
    private static final Ex W_SET = local("w_set", BOOLEANS);
    private static final Ex W_CLAIM = local("w_claim", BOOLEANS);
    private static final Ex W_LIST = local("w_list", INTS);
    private static final Ex W_N = intVar("w_n");
    private static final Ex W_SIZE = intVar("w_size");
    private final KernelGenerator kg;
    private final KernelShape shape;

    ResultWriter(KernelGenerator kg) {
        this.kg = kg;
        this.shape = kg.shape;
    }

    /**
     * An in-place update's masked pair {@code (t[i] (in s) = v if c; t[i] (in s) = s[i] if !c)} (with {@code negated},
     * the mask is {@code !c}): stores {@code change} only where the mask holds, and {@code keep} elsewhere unless the
     * output is {@code s} itself.
     */
    void maskedStore(Block out, ExprEmitter ex, IndexExpr cond, boolean negated, IndexExpr change, IndexExpr keep) {
        ScalarType tt = shape.spec().targetType();
        Ex c = local(kg.fresh("c"), BOOLEAN);
        out.let(BOOLEAN, LoopEmitter.name(c), kg.value(ex, cond, ScalarType.BOOL));
        Ex changes = negated ? not(c) : c;
        Ex at = densePosition(targetCoords());
        Ex target = FrameVars.out(tt);
        out.ifThen(changes).store(target, at, kg.value(ex, change, tt));
        out.ifThen(and(not(local("inPlace", BOOLEAN)), not(changes))).store(target, at, kg.value(ex, keep, tt));
    }

    /** Adds value {@code v} (of the group's type) to group {@code g}'s accumulator, or scatters it. */
    void into(Block out, KernelSpec.Group g, Ex v, EmitContext ctx) {
        boolean scatterGroup = shape.scatter() && g.level() == shape.spec().groups().size() - 1;
        if (scatterGroup) {
            scatterWrite(out, g, v, ctx);
            return;
        }
        // A member of a fused group reduced over the shared loop never leaves it: the other members need it.
        String breakLabel = !shape.local().isEmpty() && shape.firstOfGroup(g) == 0 ? null : shape.label(shape.firstOfGroup(g));
        combine(out, shape.spec(), g.op(), shape.acc(g), v, g.type(), breakLabel);
    }

    /**
     * {@code acc = op(acc, v)}, breaking out of {@code label} (if given) once the result cannot change: at the
     * operator's annihilator (OR at true, AND at false) or, for CHOOSE, at its first non-zero value. {@code acc}
     * is a local, {@code v} a local or a literal.
     */
    static void combine(Block out, KernelSpec spec, Operator op, Ex acc, Ex v, ScalarType t, String label) {
        if (op.firstWins()) {
            // The first value that is not the identity replaces the initial value; with a loop to leave, stop
            // there, else (a scattered target) set the accumulator only while it is still undecided.
            Ex set = OperatorCode.decided(op, v, t);
            Block b = out.ifThen(label == null ? and(not(OperatorCode.decided(op, acc, t)), set) : set).assign(acc, v);
            if (label != null) {
                b.breakTo(label);
            }
            return;
        }
        if (op.setsOnDecided(t)) {
            // OR and AND: only the annihilator changes the accumulator, and then nothing can change it back.
            Block b = out.ifThen(OperatorCode.decided(op, v, t)).assign(acc, JavaTypes.lit(op.annihilator(t)));
            if (label != null) {
                b.breakTo(label);
            }
            return;
        }
        if (op.def() == null && OperatorCode.compound(op) != null) {
            out.assign(acc, OperatorCode.compound(op), v);
        } else if (op.def() == null) {
            out.assign(acc, OperatorCode.apply(op, acc, v, t));
        } else {
            out.assign(acc, ExprEmitter.apply(spec, op, acc, v, t));
        }
        if (label != null && op.stopsEarly(t)) {
            out.ifThen(OperatorCode.decided(op, acc, t)).breakTo(label);
        }
    }

    /** After the loops of group {@code g}: pass its accumulator outward. */
    void close(KernelSpec.Group g, Block out, AccessState[] st, EmitContext ctx) {
        boolean scatterGroup = shape.scatter() && g.level() == shape.spec().groups().size() - 1;
        if (scatterGroup) {
            flushScatter(out, ctx);
            return;
        }
        Ex acc = shape.acc(g);
        if (g.level() + 1 < shape.spec().groups().size()) {
            KernelSpec.Group outer = shape.spec().groups().get(g.level() + 1);
            String v = kg.fresh("x");
            out.let(JavaTypes.type(outer.type()), v, JavaTypes.convert(acc, g.type(), outer.type()));
            into(out, outer, local(v, JavaTypes.type(outer.type())), ctx);
            return;
        }
        if (shape.result() == LoweredKernel.Result.SCALAR) {
            writeScalarPartial(out, acc, g.type());
            return;
        }
        writeTarget(out, JavaTypes.convert(acc, g.type(), shape.spec().targetType()), shape.spec().targetType(), ctx);
    }

    void writeScalarPartial(Block out, Ex value, ScalarType t) {
        out.assign(load(FrameVars.parts(t), FrameVars.CHUNK), JavaTypes.toSlot(value, t));
    }

    /** Writes the value of the target entry at the current free coordinates. */
    void writeTarget(Block out, Ex value, ScalarType t, EmitContext ctx) {
        JavaType jt = JavaTypes.type(t);
        EmitContext.Layout layout = ctx.layout();
        if (layout.memberValue() != null) {
            // A member of a fused group: the value is a local that later members read; stored unless unread.
            out.let(jt, layout.memberValue(), value);
            if (layout.memberStore() != null) {
                out.store(local(layout.memberStore(), jt.array()), intVar("i_L"), local(layout.memberValue(), jt));
            }
            return;
        }
        if (shape.result() == LoweredKernel.Result.SCALAR) {
            writeScalarPartial(out, value, t);
            return;
        }
        List<Ex> coords = targetCoords();
        if (shape.result() == LoweredKernel.Result.DENSE && ctx.accumulate() != null) {
            // A monomial of the canonical form: added to what the others left (the target starts at the sum's identity).
            Ex cell = load(FrameVars.out(t), densePosition(coords));
            Ex cur = local(kg.fresh("y"), jt);
            out.var(jt, LoopEmitter.name(cur), cell);
            combine(out, shape.spec(), ctx.accumulate(), cur, value, t, null);
            out.assign(cell, cur);
            return;
        }
        if (shape.result() == LoweredKernel.Result.DENSE) {
            out.store(FrameVars.out(t), densePosition(coords), value);
            return;
        }
        Ex x = local(kg.fresh("x"), jt);
        out.let(jt, LoopEmitter.name(x), value);
        Block w = out.ifThen(ne(x, JavaTypes.lit(shape.spec().targetFill())));
        kg.entryCode.emit(w, coords, x, t, !layout.entriesReserved());
    }

    static String valueArray(ScalarType t) {
        return switch (t) {
            case DOUBLE -> "dv";
            case FLOAT -> "fv";
            case LONG -> "lv";
            case INT -> "iv";
            case BOOL -> "bv";
        };
    }

    /** The target's coordinates, by mode. */
    List<Ex> targetCoords() {
        List<Ex> c = new ArrayList<>();
        for (String i : shape.spec().free()) {
            c.add(intVar("i_" + i));
        }
        return c;
    }

    /** Row-major position over the target's levels (dense levels in level order). */
    Ex densePosition(List<Ex> coords) {
        Format f = shape.spec().targetFormat();
        List<String> sizes = shape.spec().target().tensor().sizes();
        Ex pos = null;
        for (int k = 0; k < f.order(); k++) {
            int m = f.modeOfLevel(k);
            Ex n = KernelShape.size(sizes.get(m));
            pos = pos == null ? coords.get(m) : add(mul(pos, n), coords.get(m));
        }
        return pos;
    }

    void declareScatterWorkspace(Block run) {
        if (shape.result() == LoweredKernel.Result.DENSE) {
            return;
        }
        ScalarType t = shape.spec().groups().get(shape.spec().groups().size() - 1).type();
        String key = shape.className() + "_w";
        run.let(INT, "w_size", scatterSize());
        if (claims()) {
            // The chunks share the frame's claims (FrameCode.prepare sizes them); a chunk lists what it claims.
            run.let(BOOLEANS, "w_claim", FrameVars.f("claims", BOOLEANS));
            run.let(INTS, "w_list", call(FrameVars.WS, "ints", INTS, str(key + "_list"), W_SIZE));
            run.var(INT, "w_n", lit(0));
            return;
        }
        JavaType wt = slotType(t).array();
        run.let(wt, "w_val", call(FrameVars.WS, arrayKind(t), wt, str(key + "_val"), W_SIZE));
        run.let(BOOLEANS, "w_set", call(FrameVars.WS, "bools", BOOLEANS, str(key + "_set"), W_SIZE));
        run.let(INTS, "w_list", call(FrameVars.WS, "ints", INTS, str(key + "_list"), W_SIZE));
        run.var(INT, "w_n", lit(0));
    }

    /** The element type of the scatter workspace's values for an accumulator of type {@code t}. */
    private static JavaType slotType(ScalarType t) {
        return t == ScalarType.BOOL ? BOOLEAN : t.isFloating() ? JavaType.DOUBLE : JavaType.LONG;
    }

    private Ex wVal(ScalarType t) {
        return local("w_val", slotType(t).array());
    }

    static String arrayKind(ScalarType t) {
        return switch (t) {
            case DOUBLE -> "doubles";
            case BOOL -> "bools";
            default -> t == ScalarType.FLOAT ? "doubles" : "longs";
        };
    }

    Ex scatterSize() {
        Ex s = lit(1);
        for (String v : shape.scattered()) {
            s = mul(s, shape.extent(v));
        }
        return s;
    }

    Ex scatterIndex() {
        Ex idx = null;
        for (String v : shape.scattered()) {
            idx = idx == null ? intVar("i_" + v) : add(mul(idx, shape.extent(v)), intVar("i_" + v));
        }
        return idx;
    }

    void scatterWrite(Block out, KernelSpec.Group g, Ex v, EmitContext ctx) {
        ScalarType tt = shape.spec().targetType();
        if (shape.atomicScatter()) {
            Constant skip = identitySkip(g);
            if (skip != null) {
                // Combining the identity leaves the cell as it is: no atomic read-modify-write for it (a masked
                // scatter such as Afforest's hooking offers the identity from most of its iterations).
                out = out.ifThen(g.type() == ScalarType.BOOL ? (skip.bool() ? not(v) : v) : ne(v, JavaTypes.lit(skip)));
            }
            String fn = g.op().atomic(g.type());
            out.eval(staticCall(JavaType.ref("org.stag.engine.jit.Atomics"), fn, JavaType.VOID, FrameVars.out(tt),
                    densePosition(targetCoords()), v));
            return;
        }
        if (shape.result() == LoweredKernel.Result.DENSE) {
            Ex cell = load(FrameVars.out(tt), densePosition(targetCoords()));
            Ex cur = local(kg.fresh("y"), JavaTypes.type(g.type()));
            out.var(JavaTypes.type(g.type()), LoopEmitter.name(cur), JavaTypes.convert(cell, tt, g.type()));
            combine(out, shape.spec(), g.op(), cur, v, g.type(), null);
            out.assign(cell, JavaTypes.convert(cur, g.type(), tt));
            return;
        }
        ScalarType wt = g.type();
        Constant skip = skippedScatterValue(g);
        if (skip != null) {
            // The operator's identity leaves the entry as it is, and an entry nothing else reaches stays at the
            // fill and is never written: such a value does not enter the workspace (a push step's edges into
            // already visited vertices touch no workspace slot and no list entry).
            out = out.ifThen(wt == ScalarType.BOOL ? (skip.bool() ? not(v) : v) : ne(v, JavaTypes.lit(skip)));
        }
        Ex idx = intVar(kg.fresh("w"));
        out.let(INT, LoopEmitter.name(idx), scatterIndex());
        if (claims()) {
            // Every value written is the fill's negation (the identity was skipped): the first claim lists it.
            Block first = out.ifThen(not(load(W_CLAIM, idx)));
            first.store(W_CLAIM, idx, Ex.TRUE);
            first.store(W_LIST, postInc(W_N), idx);
            return;
        }
        Block first = out.ifThen(not(load(W_SET, idx)));
        first.store(W_SET, idx, Ex.TRUE);
        first.store(W_LIST, postInc(W_N), idx);
        first.store(wVal(wt), idx, storeW(kg.value(shape.initialStates(), ctx, g.init(), wt), wt));
        Ex cur = local(kg.fresh("y"), JavaTypes.type(wt));
        out.var(JavaTypes.type(wt), LoopEmitter.name(cur), loadW(load(wVal(wt), idx), wt));
        combine(out, shape.spec(), g.op(), cur, v, wt, null);
        out.store(wVal(wt), idx, storeW(cur, wt));
    }

    static Ex storeW(Ex v, ScalarType t) {
        return t == ScalarType.INT ? cast(JavaType.LONG, v) : t == ScalarType.FLOAT ? cast(JavaType.DOUBLE, v) : v;
    }

    static Ex loadW(Ex v, ScalarType t) {
        return t == ScalarType.INT ? cast(INT, v) : t == ScalarType.FLOAT ? cast(JavaType.FLOAT, v) : v;
    }

    /**
     * Whether the scatter group's initial value is, in the target's type, the target's fill: then an entry that
     * no value reaches is not written, and the flush visits the workspace's list alone (never all its slots).
     */
    boolean scatterInitIsFill() {
        KernelSpec.Group g = shape.spec().groups().get(shape.spec().groups().size() - 1);
        Sym init = new Symbolic(shape.spec(), Set.of()).eval(g.init());
        return Sym.convert(init, shape.spec().targetType()).sameAs(Sym.of(shape.spec().targetFill()));
    }

    /**
     * The value a scattered write into a sparse target's workspace may skip, or null: the operator's identity
     * (a non-{@code Def} operator; in floating point only a non-zero one, as MIN's infinity), when the initial
     * value is the fill ({@link #scatterInitIsFill}).
     */
    private Constant skippedScatterValue(KernelSpec.Group g) {
        return scatterInitIsFill() ? identitySkip(g) : null;
    }

    /**
     * The operator's identity when a value equal to it may be skipped instead of combined, or null: not for a
     * {@code Def} operator, nor a zero identity in floating point (x + 0.0 turns -0.0 into 0.0).
     */
    private static Constant identitySkip(KernelSpec.Group g) {
        if (g.op().def() != null) {
            return null;
        }
        Constant e = g.op().identity(g.type());
        return e == null || g.type().isFloating() && e.real() == 0 ? null : e;
    }

    /**
     * Whether the scattered sparse vector target may be written by several chunks at once, each flushing its
     * own partial entries, so that the outermost loop runs in parallel: a bool target reduced by an idempotent
     * operator (OR, AND) from the fill, so that every written entry holds the same value (the fill's negation)
     * and duplicates of a coordinate from different chunks agree; the vector's assembly sorts the entries and
     * keeps one of each coordinate.
     */
    boolean chunkedSparseScatter() {
        KernelSpec.Group g = shape.spec().groups().get(shape.spec().groups().size() - 1);
        return shape.result() == LoweredKernel.Result.SPARSE && shape.spec().targetFormat().order() == 1
                && shape.spec().targetType() == ScalarType.BOOL && g.type() == ScalarType.BOOL && g.op().def() == null
                && g.op().idempotent() && g.op().reduces(ScalarType.BOOL) && scatterInitIsFill();
    }

    /**
     * Whether the chunks of a {@link #chunkedSparseScatter} kernel claim the target's coordinates in the frame's
     * shared {@code claims} instead of collecting them in their worker's workspace: the identity is skipped, so
     * every value written is the same (the fill's negation) and a coordinate one chunk has claimed needs no
     * entry from another. A push step's edges into one vertex from frontier vertices in different chunks then
     * give one entry, not one per chunk; {@code finish} clears the claims of the run's entries
     * ({@code Frame.clearClaims}).
     */
    boolean claims() {
        return shape.scatter() && chunkedSparseScatter() && shape.scattered().size() == 1 && shape.spec().free().size() == 1
                && shape.scattered().get(0).equals(shape.spec().free().get(0))
                && skippedScatterValue(shape.spec().groups().get(shape.spec().groups().size() - 1)) != null;
    }

    /** Writes the scattered entries to the target's buffer and resets the workspace. */
    void flushScatter(Block out, EmitContext ctx) {
        if (shape.result() == LoweredKernel.Result.DENSE) {
            return;
        }
        if (claims()) {
            // Each listed coordinate is an entry holding the fill's negation; its claim stays until finish.
            kg.entryCode.reserveFlush(out, W_N);
            Ex k = intVar("w_k");
            Block body = out.forLoop(null, INT, "w_k", lit(0), lt(k, W_N), postInc(k));
            body.let(INT, "i_" + shape.scattered().get(0), load(W_LIST, k));
            ScalarType tt = shape.spec().targetType();
            kg.entryCode.emit(body, targetCoords(), lit(!shape.spec().targetFill().bool()), tt, false);
            out.assign(W_N, lit(0));
            return;
        }
        KernelSpec.Group g = shape.spec().groups().get(shape.spec().groups().size() - 1);
        ScalarType wt = g.type();
        ScalarType tt = shape.spec().targetType();
        boolean initIsFill = scatterInitIsFill();
        if (initIsFill) {
            // One entry at most per listed slot.
            kg.entryCode.reserveFlush(out, W_N);
        }
        Ex k = intVar("w_k");
        Block body = out.forLoop(null, INT, "w_k", lit(0), lt(k, initIsFill ? W_N : W_SIZE), postInc(k));
        Ex idx = initIsFill ? load(W_LIST, k) : k;
        body.let(INT, "w_i", idx);
        // Decode the scattered coordinates from the workspace index, innermost last.
        Ex wi = intVar("w_i");
        Ex rest = wi;
        for (int j = shape.scattered().size() - 1; j >= 0; j--) {
            String v = shape.scattered().get(j);
            body.let(INT, "i_" + v, rem(rest, shape.extent(v)));
            if (j > 0) {
                body.let(INT, "w_r" + j, div(rest, shape.extent(v)));
                rest = intVar("w_r" + j);
            }
        }
        JavaType jt = JavaTypes.type(tt);
        Ex x = local(kg.fresh("x"), jt);
        Ex initCode = kg.value(shape.initialStates(), ctx, g.init(), wt);
        body.let(jt, LoopEmitter.name(x), JavaTypes.convert(cond(load(W_SET, wi), loadW(load(wVal(wt), wi), wt), initCode), wt, tt));
        body.store(W_SET, wi, Ex.FALSE);
        kg.entryCode.emit(body.ifThen(ne(x, JavaTypes.lit(shape.spec().targetFill()))), targetCoords(), x, tt, !initIsFill);
        out.assign(W_N, lit(0));
    }
}
