package org.stag.engine.loopir;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.front.ScalarType;
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
    private final KernelGenerator kg;

    ResultWriter(KernelGenerator kg) {
        this.kg = kg;
    }

    /**
     * An in-place update's masked pair {@code (t[i] (in s) = v if c; t[i] (in s) = s[i] if !c)} (with {@code negated},
     * the mask is {@code !c}): stores {@code change} only where the mask holds, and {@code keep} elsewhere unless the
     * output is {@code s} itself.
     */
    void maskedStore(Block out, ExprEmitter ex, IndexExpr cond, boolean negated, IndexExpr change, IndexExpr keep) {
        ScalarType tt = kg.spec.targetType();
        String c = kg.fresh("c");
        out.let("boolean", c, ex.emit(cond, ScalarType.BOOL));
        String changes = negated ? "!" + c : c;
        String at = densePosition(targetCoords());
        out.ifThen(changes).store("out", at, ex.emit(change, tt));
        out.ifThen("!inPlace && !(" + changes + ")").store("out", at, ex.emit(keep, tt));
    }

    /** Adds value {@code v} (of the group's type) to group {@code g}'s accumulator, or scatters it. */
    void into(Block out, KernelSpec.Group g, String v) {
        boolean scatterGroup = kg.scatter && g.level() == kg.spec.groups().size() - 1;
        if (scatterGroup) {
            scatterWrite(out, g, v);
            return;
        }
        // A member of a fused group reduced over the shared loop never leaves it: the other members need it.
        String breakLabel = !kg.local.isEmpty() && kg.firstOfGroup(g) == 0 ? null : kg.label(kg.firstOfGroup(g));
        combine(out, kg.spec, g.op(), kg.acc(g.level()), v, g.type(), breakLabel);
    }

    /**
     * {@code acc = op(acc, v)}, breaking out of {@code label} (if given) once the result cannot change: at the
     * operator's annihilator (OR at true, AND at false) or, for CHOOSE, at its first non-zero value.
     */
    static void combine(Block out, KernelSpec spec, Operator op, String acc, String v, ScalarType t, String label) {
        if (op.firstWins()) {
            // The first value that is not the identity replaces the initial value; with a loop to leave, stop
            // there, else (a kg.scattered target) set the accumulator only while it is still undecided.
            String set = op.decided(v, t);
            Block b = out.ifThen(label == null ? "!(" + op.decided(acc, t) + ") && " + set : set).assign(acc, v);
            if (label != null) {
                b.breakTo(label);
            }
            return;
        }
        if (op.setsOnDecided(t)) {
            // OR and AND: only the annihilator changes the accumulator, and then nothing can change it back.
            Block b = out.ifThen(op.decided(v, t)).assign(acc, op.annihilator(t).javaLiteral());
            if (label != null) {
                b.breakTo(label);
            }
            return;
        }
        if (op.def() == null) {
            out.eval(op.update(acc, v, t));
        } else {
            out.assign(acc, ExprEmitter.apply(spec, op, acc, v, t));
        }
        if (label != null && op.stopsEarly(t)) {
            out.ifThen(op.decided(acc, t)).breakTo(label);
        }
    }

    /** After the loops of group {@code g}: pass its accumulator outward. */
    void close(KernelSpec.Group g, Block out, AccessState[] st) {
        boolean scatterGroup = kg.scatter && g.level() == kg.spec.groups().size() - 1;
        if (scatterGroup) {
            flushScatter(out);
            return;
        }
        String acc = kg.acc(g.level());
        if (g.level() + 1 < kg.spec.groups().size()) {
            KernelSpec.Group outer = kg.spec.groups().get(g.level() + 1);
            String v = kg.fresh("x");
            out.let(JavaTypes.of(outer.type()), v, JavaTypes.convert(acc, g.type(), outer.type()));
            into(out, outer, v);
            return;
        }
        if (kg.result == LoweredKernel.Result.SCALAR) {
            String slot = g.type().isFloating() ? "f.partReal[chunk]" : "f.partInt[chunk]";
            out.assign(slot, JavaTypes.toSlot(acc, g.type()));
            return;
        }
        writeTarget(out, JavaTypes.convert(acc, g.type(), kg.spec.targetType()), kg.spec.targetType());
    }

    void writeScalarPartial(Block out, String value, ScalarType t) {
        out.assign((t.isFloating() ? "f.partReal[chunk]" : "f.partInt[chunk]"), JavaTypes.toSlot(value, t));
    }

    /** Writes the value of the target entry at the current free coordinates. */
    void writeTarget(Block out, String value, ScalarType t) {
        if (kg.memberValue != null) {
            // A member of a fused group: the value is a local that later members read; stored unless unread.
            out.let(JavaTypes.of(t), kg.memberValue, value);
            if (kg.memberStore != null) {
                out.store(kg.memberStore, "i_L", kg.memberValue);
            }
            return;
        }
        if (kg.result == LoweredKernel.Result.SCALAR) {
            writeScalarPartial(out, value, t);
            return;
        }
        List<String> coords = targetCoords();
        if (kg.result == LoweredKernel.Result.DENSE && kg.accumulate != null) {
            // A monomial of the canonical form: added to what the others left (the target starts at the sum's identity).
            String cell = "out[" + densePosition(coords) + "]";
            String cur = kg.fresh("y");
            out.var(JavaTypes.of(t), cur, cell);
            combine(out, kg.spec, kg.accumulate, cur, value, t, null);
            out.assign(cell, cur);
            return;
        }
        if (kg.result == LoweredKernel.Result.DENSE) {
            out.store("out", densePosition(coords), value);
            return;
        }
        String x = kg.fresh("x");
        out.let(JavaTypes.of(t), x, value);
        Block w = out.ifThen(x + " != " + JavaTypes.literal(kg.spec.targetFill()));
        emitEntry(w, coords, x, t);
    }

    void emitEntry(Block w, List<String> coords, String x, ScalarType t) {
        w.let("int", "e", "coo.next()");
        for (int m = 0; m < coords.size(); m++) {
            w.store("coo.crd", m + "][e", coords.get(m));
        }
        w.store("coo." + valueArray(t), "e", x);
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

    /** The target's coordinate expressions, by mode. */
    List<String> targetCoords() {
        List<String> c = new ArrayList<>();
        for (String i : kg.spec.free()) {
            c.add("i_" + i);
        }
        return c;
    }

    /** Row-major position over the target's levels (dense levels in level order). */
    String densePosition(List<String> coords) {
        Format f = kg.spec.targetFormat();
        List<String> sizes = kg.spec.target().tensor().sizes();
        String pos = null;
        for (int k = 0; k < f.order(); k++) {
            int m = f.modeOfLevel(k);
            String size = sizes.get(m);
            String n = Character.isDigit(size.charAt(0)) ? size : "s_" + size;
            pos = pos == null ? coords.get(m) : "(" + pos + ") * " + n + " + " + coords.get(m);
        }
        return pos;
    }

    void declareScatterWorkspace(Block run) {
        if (kg.result == LoweredKernel.Result.DENSE) {
            return;
        }
        ScalarType t = kg.spec.groups().get(kg.spec.groups().size() - 1).type();
        String key = kg.className + "_w";
        run.let("int", "w_size", scatterSize());
        String wt = t == ScalarType.BOOL ? "boolean" : t.isFloating() ? "double" : "long";
        run.let(wt + "[]", "w_val", "ws." + arrayKind(t) + "(\"" + key + "_val\", w_size)");
        run.let("boolean[]", "w_set", "ws.bools(\"" + key + "_set\", w_size)");
        run.let("int[]", "w_list", "ws.ints(\"" + key + "_list\", w_size)");
        run.var("int", "w_n", "0");
    }

    static String arrayKind(ScalarType t) {
        return switch (t) {
            case DOUBLE -> "doubles";
            case BOOL -> "bools";
            default -> t == ScalarType.FLOAT ? "doubles" : "longs";
        };
    }

    String scatterSize() {
        StringBuilder s = new StringBuilder("1");
        for (String v : kg.scattered) {
            s.append(" * ").append(kg.extent(v));
        }
        return s.toString();
    }

    String scatterIndex() {
        String idx = null;
        for (String v : kg.scattered) {
            idx = idx == null ? "i_" + v : "(" + idx + ") * " + kg.extent(v) + " + i_" + v;
        }
        return idx;
    }

    void scatterWrite(Block out, KernelSpec.Group g, String v) {
        ScalarType tt = kg.spec.targetType();
        if (kg.atomicScatter) {
            String fn = g.op().atomic(g.type());
            out.eval("org.stag.engine.jit.Atomics." + fn + "(out, " + densePosition(targetCoords()) + ", " + v + ")");
            return;
        }
        if (kg.result == LoweredKernel.Result.DENSE) {
            String cell = "out[" + densePosition(targetCoords()) + "]";
            String cur = kg.fresh("y");
            out.var(JavaTypes.of(g.type()), cur, JavaTypes.convert(cell, tt, g.type()));
            combine(out, kg.spec, g.op(), cur, v, g.type(), null);
            out.assign(cell, JavaTypes.convert(cur, g.type(), tt));
            return;
        }
        ScalarType wt = g.type();
        String idx = kg.fresh("w");
        out.let("int", idx, scatterIndex());
        Block first = out.ifThen("!w_set[" + idx + "]");
        first.store("w_set", idx, "true");
        first.store("w_list", "w_n++", idx);
        first.store("w_val", idx, storeW(kg.emitter(kg.initialStates()).emit(g.init(), wt), wt));
        String cur = kg.fresh("y");
        out.var(JavaTypes.of(wt), cur, loadW("w_val[" + idx + "]", wt));
        combine(out, kg.spec, g.op(), cur, v, wt, null);
        out.store("w_val", idx, storeW(cur, wt));
    }

    static String storeW(String v, ScalarType t) {
        return t == ScalarType.INT ? "(long) " + v : t == ScalarType.FLOAT ? "(double) " + v : v;
    }

    static String loadW(String v, ScalarType t) {
        return t == ScalarType.INT ? "(int) " + v : t == ScalarType.FLOAT ? "(float) " + v : v;
    }

    /** Writes the scattered entries to the target's buffer and resets the workspace. */
    void flushScatter(Block out) {
        if (kg.result == LoweredKernel.Result.DENSE) {
            return;
        }
        KernelSpec.Group g = kg.spec.groups().get(kg.spec.groups().size() - 1);
        ScalarType wt = g.type();
        ScalarType tt = kg.spec.targetType();
        Sym init = new Symbolic(kg.spec, Set.of()).eval(g.init());
        boolean initIsFill = Sym.convert(init, tt).sameAs(Sym.of(kg.spec.targetFill()));
        Block body;
        String idx;
        if (initIsFill) {
            body = out.forLoop(null, "int w_k = 0", "w_k < w_n", "w_k++");
            idx = "w_list[w_k]";
        } else {
            body = out.forLoop(null, "int w_k = 0", "w_k < w_size", "w_k++");
            idx = "w_k";
        }
        body.let("int", "w_i", idx);
        // Decode the kg.scattered coordinates from the workspace index, innermost last.
        String rest = "w_i";
        for (int k = kg.scattered.size() - 1; k >= 0; k--) {
            String v = kg.scattered.get(k);
            body.let("int", "i_" + v, rest + " % " + kg.extent(v));
            if (k > 0) {
                body.let("int", "w_r" + k, rest + " / " + kg.extent(v));
                rest = "w_r" + k;
            }
        }
        String x = kg.fresh("x");
        String initCode = kg.emitter(kg.initialStates()).emit(g.init(), wt);
        body.let(JavaTypes.of(tt), x, JavaTypes.convert("(w_set[w_i] ? " + loadW("w_val[w_i]", wt) + " : " + initCode + ")", wt, tt));
        body.store("w_set", "w_i", "false");
        emitEntry(body.ifThen(x + " != " + JavaTypes.literal(kg.spec.targetFill())), targetCoords(), x, tt);
        out.assign("w_n", "0");
    }
}
