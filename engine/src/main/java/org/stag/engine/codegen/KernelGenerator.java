package org.stag.engine.codegen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ir.Block;
import org.stag.engine.ir.JavaPrinter;
import org.stag.engine.jit.GeneratedSource;
import org.stag.engine.pass.ActiveSet;
import org.stag.engine.pass.Canonical;
import org.stag.engine.lower.LevelCode;
import org.stag.engine.lower.LoopPlanner;
import org.stag.formats.dynamic.ValueMode;
import org.stag.engine.ops.Operator;
import org.stag.formats.level.Capability;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.tensor.Format;

/**
 * Lowers one kernel to a Java class: the loop nest in the planned order, one merge per loop (seed 001 §4:
 * iterate one operand and locate the others, co-iterate several, or run over the whole dimension),
 * reductions into accumulators with early exit, and the target written in place (dense), as entries
 * (other formats) or as a scalar. The merge of each loop comes from symbolic evaluation ({@link Symbolic}):
 * an operand drives a loop when the body contributes nothing wherever it is absent.
 */
public final class KernelGenerator {
    private static final String FRAME = "org.stag.engine.runtime.Frame";

    private final KernelSpec spec;
    private final Map<Integer, List<LevelCode>> codes;
    private final List<String> order;
    private final String className;
    private final boolean scatter;
    private final int scatterFrom;
    private final List<String> scattered = new ArrayList<>();
    private final KernelPlan.ResultKind result;
    /** Whether a scattered dense target is updated with atomics, so the outer loop may run in parallel. */
    private final boolean atomicScatter;
    /** Whether the outermost loop walks a sparse level whose coordinates {@code prepare} gathers for chunking. */
    private boolean gathered;
    private final Map<String, String> notes = new LinkedHashMap<>();
    private int names;
    /** The values array of the input the target may overwrite in place ({@link KernelSpec#inPlace}), else null. */
    private String selfVals;
    /** While the active-set loop is emitted, the access that alone drives the outermost loop, else -1. */
    private int forcedDriver = -1;
    /** The right-hand side as a sum of monomials when the canonical-form pass is on and it has one, else null. */
    private final Canonical.Form canonical;
    /** While one monomial's loops are emitted: the sum a dense target accumulates with, else null. */
    private Operator accumulate;
    /** While one monomial's loops are emitted. */
    private boolean inTerm;
    /** The depth of the loop split into monomials, while they are emitted. */
    private int termDepth = -1;

    private KernelGenerator(KernelSpec spec, Map<Integer, List<LevelCode>> codes, List<String> order, String className) {
        this.spec = spec;
        this.codes = codes;
        this.order = order;
        this.className = className;
        this.canonical = spec.canonical() ? Canonical.of(spec) : null;
        int firstReduced = -1;
        for (int d = 0; d < order.size(); d++) {
            if (spec.groupOf(order.get(d)) != null && firstReduced < 0) {
                firstReduced = d;
            }
            if (firstReduced >= 0 && spec.groupOf(order.get(d)) == null) {
                scattered.add(order.get(d));
            }
        }
        this.scatter = !scattered.isEmpty();
        this.scatterFrom = firstReduced;
        if (!spec.target().isTensor()) {
            result = KernelPlan.ResultKind.SCALAR;
        } else {
            boolean dense = true;
            for (LevelFormat l : spec.targetFormat().levels()) {
                dense &= l.name().equals("dense");
            }
            result = dense ? KernelPlan.ResultKind.DENSE : KernelPlan.ResultKind.SPARSE;
        }
        KernelSpec.Group outer = spec.groups().isEmpty() ? null : spec.groups().get(spec.groups().size() - 1);
        atomicScatter = scatter && result == KernelPlan.ResultKind.DENSE && outer.type() == spec.targetType()
                && outer.op().atomic(outer.type()) != null;
    }

    /**
     * Generates the kernel class {@code pkg.className} for {@code spec}.
     *
     * @param levelCodes builds the code of one level: (format, local prefix, what its elements carry)
     */
    public static KernelPlan generate(KernelSpec spec, LevelCodeFactory levelCodes, String pkg, String className) {
        Map<Integer, List<LevelCode>> codes = new LinkedHashMap<>();
        for (KernelSpec.Access a : spec.accesses()) {
            List<LevelCode> l = new ArrayList<>();
            Format f = a.tensor().format();
            for (int k = 0; k < f.order(); k++) {
                // The last level's layout follows the operand's value read (a constant view keeps the layout of
                // the level it shares); every other level carries positions.
                ValueMode mode = k == f.order() - 1 ? a.tensor().read().lastLevel() : ValueMode.POSITION;
                l.add(levelCodes.create(f.level(k), "a" + a.id() + "l" + k, mode));
            }
            codes.put(a.id(), l);
        }
        List<String> order = new LoopPlanner(spec, codes).order();
        return new KernelGenerator(spec, codes, order, className).emit(pkg);
    }

    /** Creates the code of one level. */
    public interface LevelCodeFactory {
        /** The code of a level of format {@code f} whose locals start with {@code prefix}. */
        LevelCode create(LevelFormat f, String prefix, ValueMode mode);
    }

    // ---------------------------------------------------------------------------------------------- layout

    private KernelPlan emit(String pkg) {
        List<String> tensors = new ArrayList<>(spec.operands().keySet());
        List<String> ints = new ArrayList<>();
        List<String> reals = new ArrayList<>();
        for (Map.Entry<String, ScalarType> s : spec.scalars().entrySet()) {
            (JavaTypes.travelsAsInt(s.getValue()) ? ints : reals).add(s.getKey());
        }
        Mode top = order.isEmpty() ? Mode.SKIP : strategy(0, initialStates(), order.get(0)).mode;
        boolean parallel = (!scatter || atomicScatter) && !order.isEmpty();
        gathered = parallel && top == Mode.ITERATE;
        boolean chunked = parallel && (top == Mode.UNIVERSE || gathered);
        String chunkExtent = chunked && !gathered ? spec.extents().get(order.get(0)) : null;

        Block run = new Block();
        declareScalars(run);
        for (KernelSpec.Access a : spec.accesses()) {
            String t = "a" + a.id() + "_t";
            run.line("final org.stag.formats.tensor.Tensor " + t + " = f.tensors[" + tensors.indexOf(a.tensor().name()) + "]");
            List<LevelCode> lc = codes.get(a.id());
            for (int k = 0; k < lc.size(); k++) {
                lc.get(k).unpack(run, t + ".level(" + k + ")");
            }
            // A constant is a literal in the code: no array to unpack.
            if (!lc.get(lc.size() - 1).holdsValues() && !a.tensor().read().isConstant()) {
                ScalarType e = a.tensor().elem();
                run.line("final " + JavaTypes.of(e) + "[] a" + a.id() + "_vals = ((" + JavaTypes.valuesClass(e) + ") " + t
                        + ".values()).array()");
            }
        }
        ScalarType tt = spec.targetType();
        selfVals = inPlaceSource(top);
        switch (result) {
            case DENSE -> run.line("final " + JavaTypes.of(tt) + "[] out = (" + JavaTypes.of(tt) + "[]) f.out");
            case SPARSE -> run.line("final org.stag.engine.runtime.CooBuffer coo = f.coo[chunk]");
            default -> {
            }
        }
        if (scatter) {
            declareScatterWorkspace(run);
        }
        if (selfVals != null) {
            // The runtime passes the input's own buffer as the output when nothing else holds it.
            run.line("final boolean inPlace = (Object) out == (Object) " + selfVals);
            notes.put("in-place", spec.inPlace());
        }
        if (result == KernelPlan.ResultKind.SCALAR && spec.groups().isEmpty()) {
            // No loops: the value itself.
            AccessState[] st = initialStates();
            Block body = run;
            resolveLocates(body, st, new HashSet<>());
            writeScalarPartial(body, new ExprEmitter(spec, st).emit(spec.definition().value(), tt), tt);
        } else {
            AccessState[] st = initialStates();
            int active = activeDriver();
            if (active >= 0) {
                // The output is the input's own buffer: entries where the operand stores nothing keep their
                // value, so one chunk visits the stored coordinates alone and the others have nothing to do.
                notes.put("active set", spec.accesses().get(active).tensor().name());
                Block only = run.ifThen("inPlace").ifThen("chunk == 0");
                forcedDriver = active;
                loops(0, only, initialStates(), false);
                forcedDriver = -1;
                loops(0, run.orElse(), st, chunked);
            } else {
                loops(0, run, st, chunked);
            }
        }

        StringBuilder src = new StringBuilder();
        src.append("package ").append(pkg).append(";\n\n");
        src.append("/** Generated by stag for: ").append(describe()).append(" */\n");
        src.append("public final class ").append(className).append(" implements org.stag.engine.runtime.KernelBody {\n");
        src.append("    public ").append(className).append("() {\n    }\n\n");
        src.append("    public void prepare(").append(FRAME).append(" f) {\n");
        JavaPrinter.print(prepare(), 2, src);
        src.append("    }\n\n");
        src.append("    public void run(").append(FRAME).append(" f, int chunk, int lo, int hi, org.stag.engine.runtime.Workspace ws) {\n");
        JavaPrinter.print(run, 2, src);
        src.append("    }\n\n");
        src.append("    public void finish(").append(FRAME).append(" f, int chunks) {\n");
        JavaPrinter.print(finish(), 2, src);
        src.append("    }\n}\n");
        notes.put("order", String.join(", ", order));
        return new KernelPlan(new GeneratedSource(pkg, className, src.toString()), tensors, ints, reals, result, chunkExtent,
                order, scatter, gathered, notes);
    }

    private String describe() {
        String text = org.stag.engine.front.Printer.statement(spec.definition()).replace("*/", "* /").trim();
        StringBuilder fm = new StringBuilder();
        for (KernelSpec.Operand o : spec.operands().values()) {
            fm.append(fm.length() == 0 ? "" : "; ").append(o.name()).append(" = ").append(o.format());
        }
        if (spec.targetFormat() != null) {
            fm.append(fm.length() == 0 ? "" : "; ").append(spec.target().name()).append(" = ").append(spec.targetFormat());
        }
        return text + " [" + fm + "] loop order " + String.join(", ", order);
    }

    private AccessState[] initialStates() {
        AccessState[] st = new AccessState[spec.accesses().size()];
        for (int i = 0; i < st.length; i++) {
            st[i] = new AccessState();
        }
        return st;
    }


    // ------------------------------------------------------------------------------------- prepare / finish

    private Block prepare() {
        Block b = new Block();
        if (gathered) {
            gather(b);
        }
        if (result != KernelPlan.ResultKind.DENSE) {
            return b;
        }
        ScalarType tt = spec.targetType();
        if (!scatter && spec.free().size() == 1 && !order.isEmpty() && order.get(0).equals(spec.free().get(0))
                && strategy(0, initialStates(), order.get(0)).mode == Mode.UNIVERSE) {
            // Every entry is written by the loop over the whole dimension: nothing to fill first.
            return b;
        }
        String init;
        if (scatter) {
            KernelSpec.Group g = spec.groups().get(spec.groups().size() - 1);
            if (!KernelSpec.indexFree(spec.program(), g.init())) {
                throw new org.stag.engine.front.ProgramException(spec.program().source(), spec.definition().pos(),
                        "the initial value of the reduction over " + g.vars().get(0)
                                + " must not depend on indices when free indices are iterated inside it");
            }
            if (!gathered) {
                // prepare() sees the scalars too: the initial value may read them.
                declareScalars(b);
            }
            init = new ExprEmitter(spec, initialStates()).emit(g.init(), tt);
        } else {
            init = JavaTypes.literal(spec.targetFill());
        }
        b.line("java.util.Arrays.fill((" + JavaTypes.of(tt) + "[]) f.out, " + init + ")");
        return b;
    }

    /**
     * Parallel map over a sparse outermost level (a tree's elements, a list, a compressed segment): one
     * sequential visit collects the outer coordinates and positions, the chunks then split them.
     */
    private void gather(Block b) {
        declareScalars(b);
        AccessState[] st = initialStates();
        Strategy s = strategy(0, st, order.get(0));
        int a = s.drivers.get(0);
        KernelSpec.Access acc = spec.accesses().get(a);
        String t = "a" + a + "_t";
        b.line("final org.stag.formats.tensor.Tensor " + t + " = f.tensors[" + new ArrayList<>(spec.operands().keySet())
                .indexOf(acc.tensor().name()) + "]");
        b.line("final org.stag.engine.runtime.Workspace ws = new org.stag.engine.runtime.Workspace()");
        LevelCode c = codes.get(a).get(0);
        c.unpack(b, t + ".level(0)");
        b.line("f.gatherSize = 0");
        String v = order.get(0);
        c.iterate(b, "0", new LevelCode.Binding("g_c", c.holdsValues() ? null : "g_p", c.holdsValues() ? "g_v" : null),
                needsOrder(v), "G", body -> body.line(c.holdsValues() ? "f.gatherValue(g_c, g_v)" : "f.gather(g_c, g_p)"));
    }

    private void declareScalars(Block b) {
        for (Map.Entry<String, ScalarType> s : spec.scalars().entrySet()) {
            boolean asInt = JavaTypes.travelsAsInt(s.getValue());
            b.line("final " + JavaTypes.of(s.getValue()) + " s_" + s.getKey() + " = "
                    + JavaTypes.fromSlot("f." + (asInt ? "ints" : "reals") + "[" + slotOf(s.getKey()) + "]", s.getValue()));
        }
    }

    private int slotOf(String scalar) {
        boolean asInt = JavaTypes.travelsAsInt(spec.scalars().get(scalar));
        int n = 0;
        for (Map.Entry<String, ScalarType> s : spec.scalars().entrySet()) {
            if (s.getKey().equals(scalar)) {
                return n;
            }
            if (JavaTypes.travelsAsInt(s.getValue()) == asInt) {
                n++;
            }
        }
        throw new IllegalArgumentException(scalar);
    }

    private Block finish() {
        Block b = new Block();
        if (result != KernelPlan.ResultKind.SCALAR) {
            return b;
        }
        ScalarType tt = spec.targetType();
        boolean real = tt.isFloating();
        if (spec.groups().isEmpty()) {
            b.line(real ? "f.resultReal = f.partReal[0]" : "f.resultInt = f.partInt[0]");
            return b;
        }
        KernelSpec.Group g = spec.groups().get(spec.groups().size() - 1);
        ScalarType at = g.type();
        declareScalars(b);
        b.line(JavaTypes.of(at) + " acc = " + new ExprEmitter(spec, initialStates()).emit(g.init(), at));
        Block loop = b.forLoop("merge", "int c = 0", "c < chunks", "c++");
        String part = JavaTypes.fromSlot(at.isFloating() ? "f.partReal[c]" : "f.partInt[c]", at);
        loop.line("final " + JavaTypes.of(at) + " v = " + part);
        combine(loop, spec.program(), g.op(), "acc", "v", at, g.op().stopsEarly(at) ? "merge" : null);
        String value = JavaTypes.convert("acc", at, tt);
        b.line(real ? "f.resultReal = " + JavaTypes.toSlot(value, tt) : "f.resultInt = " + JavaTypes.toSlot(value, tt));
        return b;
    }

    // ----------------------------------------------------------------------------------------------- loops

    /** How one loop visits its coordinates. */
    private enum Mode { SKIP, UNIVERSE, ITERATE, INTERSECT, UNION, POINT }

    /**
     * The merge of one loop: drivers, followers (iterated, not deciding) and located operands; for a
     * {@link Mode#POINT} loop, the one coordinate {@code point} where the body can contribute.
     */
    private record Strategy(Mode mode, List<Integer> drivers, List<Integer> followers, List<Integer> locators, Expr point) {
        Strategy(Mode mode, List<Integer> drivers, List<Integer> followers, List<Integer> locators) {
            this(mode, drivers, followers, locators, null);
        }
    }

    private void loops(int d, Block out, AccessState[] st, boolean chunked) {
        Set<String> bound = new HashSet<>(order.subList(0, d));
        resolveLocates(out, st, bound);
        if (d == order.size()) {
            innermost(out, st);
            return;
        }
        String v = order.get(d);
        KernelSpec.Group g = spec.groupOf(v);
        boolean opens = g != null && firstOfGroup(g) == d;
        boolean scatterGroup = g != null && scatter && g.level() == spec.groups().size() - 1;
        String acc = g == null ? null : "acc" + g.level();
        if (opens && !scatterGroup) {
            String init = result == KernelPlan.ResultKind.SCALAR && g.level() == spec.groups().size() - 1
                    ? JavaTypes.literal(Sym.identity(g.op(), g.type()))
                    : new ExprEmitter(spec, st).emit(g.init(), g.type());
            out.line(JavaTypes.of(g.type()) + " " + acc + " = " + init);
        }
        mergeLoop(d, v, out, st, chunked);
        if (opens) {
            close(g, out, st);
        }
    }

    private int firstOfGroup(KernelSpec.Group g) {
        for (int d = 0; d < order.size(); d++) {
            if (g.vars().contains(order.get(d))) {
                return d;
            }
        }
        throw new IllegalStateException();
    }

    private String label(int d) {
        return "L" + d;
    }

    /** The loop over index {@code v} at depth {@code d}: split on operands whose parent may be absent, then merge. */
    private void mergeLoop(int d, String v, Block out, AccessState[] st, boolean chunked) {
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
        Strategy s = strategy(d, st, v);
        if (s.mode == Mode.UNION && monomials(d, v, out, st, chunked)) {
            return;
        }
        if (!inTerm || d != termDepth) {
            notes.merge("loop " + v, s.mode.toString().toLowerCase(java.util.Locale.ROOT), (x, y) -> x + "/" + y);
        }
        // A condition known before the loop that, when false, leaves the whole loop without effect guards it:
        // bottom-up BFS skips the in-edges of a vertex already visited (`depth[j] == MAX && ...`).
        if (s.mode != Mode.SKIP) {
            for (Expr guard : guards(d, st)) {
                out = out.ifThen(new ExprEmitter(spec, st).emit(guard, ScalarType.BOOL));
            }
        }
        String iv = "i_" + v;
        String label = label(d);
        boolean inOrder = needsOrder(v);
        switch (s.mode) {
            case SKIP -> out.comment("loop over " + v + " contributes nothing here");
            case UNIVERSE -> {
                List<LevelCode.Cursor> fc = cursors(out, st, s.followers, v);
                String lo = chunked && d == 0 ? "lo" : "0";
                String hi = chunked && d == 0 ? "hi" : extent(v);
                Block body = out.forLoop(label, "int " + iv + " = " + lo, iv + " < " + hi, iv + "++");
                AccessState[] in = AccessState.copy(st);
                follow(body, in, s.followers, fc, iv);
                locateAll(body, in, s.locators, iv);
                loops(d + 1, body, in, chunked);
            }
            case ITERATE -> {
                int a = s.drivers.get(0);
                LevelCode c = level(a, st);
                String p = fresh("p");
                String val = c.holdsValues() ? fresh("v") : null;
                if (d == 0 && gathered) {
                    out.line("final int[] g_crd = f.gatherCrd");
                    out.line(c.holdsValues() ? "final double[] g_val = f.gatherVal" : "final int[] g_pos = f.gatherPos");
                    Block body = out.forLoop(label, "int g = lo", "g < hi", "g++");
                    body.line("final int " + iv + " = g_crd[g]");
                    body.line(c.holdsValues() ? "final double " + val + " = g_val[g]" : "final int " + p + " = g_pos[g]");
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    locateAll(body, in, s.locators, iv);
                    loops(d + 1, body, in, chunked);
                    return;
                }
                // A schema may place the body at several element fields: each copy starts from the same state.
                c.iterate(out, st[a].pos, new LevelCode.Binding(iv, c.holdsValues() ? null : p, val), inOrder, label, body -> {
                    AccessState[] in = AccessState.copy(st);
                    resolved(in[a], c, p, val, null);
                    if (d == 0 && a == forcedDriver) {
                        // The active set's other reads of the same tensor at the same coordinate: the same entry.
                        for (int t : twins(a)) {
                            if (t != a) {
                                resolved(in[t], level(t, in), p, val, null);
                            }
                        }
                    }
                    locateAll(body, in, s.locators, iv);
                    loops(d + 1, body, in, chunked);
                });
            }
            case INTERSECT, UNION -> coiterate(d, v, out, st, s, chunked);
            case POINT -> {
                // One trip, so that an early exit (`break label`) still has its loop.
                Block once = out.forLoop(label, "int " + iv + "_once = 0", iv + "_once < 1", iv + "_once++");
                once.line("final int " + iv + " = " + new ExprEmitter(spec, st).emit(s.point, ScalarType.INT));
                Block body = once.ifThen(iv + " >= 0 && " + iv + " < " + extent(v));
                AccessState[] in = AccessState.copy(st);
                locateAll(body, in, s.locators, iv);
                loops(d + 1, body, in, chunked);
            }
        }
    }

    /**
     * Seed 003's canonical form ({@link Canonical}): instead of a union loop, one loop per monomial, monomial
     * {@code k} being the right-hand side with the accesses it does not read known absent. The monomials add
     * into the accumulator of the loop's reduction when that reduction is the form's sum, or, for a dense target
     * without reductions (filled with the sum's identity first), into the target's entries. Only when every
     * monomial's loop is driven by its own operands (iterate, intersect): then each visits the stored entries of
     * its operands without the union's per-operand presence tests. False (nothing emitted) where it does not apply.
     */
    private boolean monomials(int d, String v, Block out, AccessState[] st, boolean chunked) {
        if (canonical == null || inTerm || scatter || selfVals != null) {
            return false;
        }
        KernelSpec.Group g = spec.groupOf(v);
        boolean reduced = g != null && g.level() == 0 && g.op() == canonical.sum() && g.type() == canonical.type();
        boolean dense = g == null && spec.groups().isEmpty() && result == KernelPlan.ResultKind.DENSE
                && spec.targetType() == canonical.type()
                && Sym.of(spec.targetFill()).sameAs(Sym.identity(canonical.sum(), canonical.type()));
        if (!reduced && !dense) {
            return false;
        }
        List<AccessState[]> terms = new ArrayList<>();
        List<String> modes = new ArrayList<>();
        for (java.util.Set<Integer> term : canonical.terms()) {
            AccessState[] t = AccessState.copy(st);
            for (int a : canonical.reads()) {
                if (!term.contains(a)) {
                    t[a].absent = true;
                }
            }
            Mode m = strategy(d, t, v).mode;
            if (m == Mode.UNION || m == Mode.UNIVERSE) {
                return false;
            }
            terms.add(t);
            modes.add(m.toString().toLowerCase(java.util.Locale.ROOT));
        }
        notes.merge("loop " + v, "canonical " + String.join("+", modes), (x, y) -> x + "/" + y);
        notes.put("canonical", Integer.toString(terms.size()));
        inTerm = true;
        termDepth = d;
        accumulate = dense ? canonical.sum() : null;
        try {
            for (AccessState[] t : terms) {
                mergeLoop(d, v, out, t, chunked);
            }
        } finally {
            inTerm = false;
            termDepth = -1;
            accumulate = null;
        }
        return true;
    }

    private void coiterate(int d, String v, Block out, AccessState[] st, Strategy s, boolean chunked) {
        String iv = "i_" + v;
        List<LevelCode.Cursor> dc = cursors(out, st, s.drivers, v);
        List<LevelCode.Cursor> fc = cursors(out, st, s.followers, v);
        boolean union = s.mode == Mode.UNION;
        List<String> valid = new ArrayList<>();
        for (LevelCode.Cursor c : dc) {
            valid.add(c.valid());
        }
        Block loop = out.whileLoop(label(d), String.join(union ? " || " : " && ", valid));
        loop.line("int " + iv + " = Integer.MAX_VALUE");
        for (LevelCode.Cursor c : dc) {
            loop.ifThen((union ? c.valid() + " && " : "") + c.crd() + " < " + iv).line(iv + " = " + c.crd());
        }
        AccessState[] in = AccessState.copy(st);
        List<String> oks = new ArrayList<>();
        for (int k = 0; k < dc.size(); k++) {
            String ok = bindCursor(loop, in, s.drivers.get(k), dc.get(k), iv, union);
            oks.add(ok);
        }
        follow(loop, in, s.followers, fc, iv);
        Block body = loop;
        if (!union) {
            body = loop.ifThen(String.join(" && ", oks));
            for (int a : s.drivers) {
                in[a].maybeAbsent = false;
            }
        }
        locateAll(body, in, s.locators, iv);
        loops(d + 1, body, in, chunked);
        for (int k = 0; k < dc.size(); k++) {
            dc.get(k).advance(loop.ifThen(oks.get(k)));
        }
    }

    /** Binds a driver cursor at coordinate {@code iv}: its presence flag and position (or value). */
    private String bindCursor(Block b, AccessState[] in, int a, LevelCode.Cursor c, String iv, boolean checkValid) {
        LevelCode code = level(a, in);
        String ok = fresh("ok");
        b.line("final boolean " + ok + " = " + (checkValid ? c.valid() + " && " : "") + c.crd() + " == " + iv);
        if (code.holdsValues()) {
            String val = fresh("v");
            b.line("final double " + val + " = " + ok + " ? " + c.val() + " : Double.NaN");
            resolved(in[a], code, null, val, ok);
        } else {
            String p = fresh("p");
            b.line("final int " + p + " = " + ok + " ? " + c.pos() + " : -1");
            resolved(in[a], code, p, null, null);
            in[a].maybeAbsent = true;
        }
        return ok;
    }

    private void follow(Block b, AccessState[] in, List<Integer> followers, List<LevelCode.Cursor> fc, String iv) {
        for (int k = 0; k < followers.size(); k++) {
            LevelCode.Cursor c = fc.get(k);
            c.advance(b.whileLoop(null, c.valid() + " && " + c.crd() + " < " + iv));
            bindCursor(b, in, followers.get(k), c, iv, true);
        }
    }

    private List<LevelCode.Cursor> cursors(Block out, AccessState[] st, List<Integer> accesses, String v) {
        List<LevelCode.Cursor> cs = new ArrayList<>();
        for (int a : accesses) {
            cs.add(level(a, st).cursor(out, st[a].pos, fresh("c")));
        }
        return cs;
    }

    private void resolved(AccessState s, LevelCode c, String pos, String val, String ok) {
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

    private LevelCode level(int a, AccessState[] st) {
        return codes.get(a).get(st[a].resolved);
    }

    /** Accesses whose next level is indexed by {@code v} (and not known absent). */
    private List<Integer> participants(AccessState[] st, String v) {
        List<Integer> out = new ArrayList<>();
        for (KernelSpec.Access a : spec.accesses()) {
            AccessState s = st[a.id()];
            if (!s.absent && s.resolved < a.levels() && v.equals(a.levelVar().get(s.resolved))) {
                out.add(a.id());
            }
        }
        return out;
    }

    private void locateAll(Block b, AccessState[] in, List<Integer> locators, String iv) {
        for (int a : locators) {
            locate(b, in, a, iv);
        }
    }

    /** Locates the next level of access {@code a} at coordinate {@code crd}, guarding an absent parent. */
    private void locate(Block b, AccessState[] in, int a, String crd) {
        AccessState s = in[a];
        LevelCode c = level(a, in);
        if (c.holdsValues()) {
            String val = fresh("v");
            String ok = fresh("ok");
            if (s.maybeAbsent) {
                b.line("double " + val + " = Double.NaN");
                Block g = b.ifThen(s.pos + " >= 0");
                String t = fresh("t");
                c.locate(g, s.pos, crd, new LevelCode.Binding(null, null, t));
                g.line(val + " = " + t);
            } else {
                c.locate(b, s.pos, crd, new LevelCode.Binding(null, null, val));
            }
            b.line("final boolean " + ok + " = " + val + " == " + val);
            resolved(s, c, null, val, ok);
            return;
        }
        // A schema-iterated level without a search is found by visiting it; static levels have their own probe.
        if (!canLocate(c) && c.format().has(Capability.SCHEMA_ITERATION)) {
            scanLocate(b, in, a, crd);
            return;
        }
        String p = fresh("p");
        boolean parentMaybe = s.maybeAbsent;
        if (parentMaybe) {
            b.line("int " + p + " = -1");
            Block g = b.ifThen(s.pos + " >= 0");
            String t = fresh("t");
            c.locate(g, s.pos, crd, new LevelCode.Binding(null, t, null));
            g.line(p + " = " + t);
        } else {
            c.locate(b, s.pos, crd, new LevelCode.Binding(null, p, null));
        }
        resolved(s, c, p, null, null);
        s.maybeAbsent = parentMaybe || !c.full();
    }

    /** Locates by visiting the level and stopping at {@code crd}: for levels without a search (lists). */
    private void scanLocate(Block b, AccessState[] in, int a, String crd) {
        AccessState s = in[a];
        LevelCode c = level(a, in);
        String target = fresh("k");
        String found = fresh("p");
        String val = c.holdsValues() ? fresh("v") : null;
        String ok = fresh("ok");
        b.line("final int " + target + " = " + crd);
        b.line(c.holdsValues() ? "double " + found + " = Double.NaN" : "int " + found + " = -1");
        Block outer = s.maybeAbsent ? b.ifThen(s.pos + " >= 0") : b;
        String cv = fresh("c");
        String pv = fresh("q");
        String lbl = fresh("S");
        c.iterate(outer, s.pos, new LevelCode.Binding(cv, c.holdsValues() ? null : pv, val), false, lbl, body ->
                body.ifThen(cv + " == " + target).line(found + " = " + (c.holdsValues() ? val : pv)).line("break " + lbl));
        if (c.holdsValues()) {
            b.line("final boolean " + ok + " = " + found + " == " + found);
            resolved(s, c, null, found, ok);
        } else {
            resolved(s, c, found, null, null);
            s.maybeAbsent = true;
        }
    }

    /** Locates every level whose coordinate is known (bound index variables, computed coordinates). */
    private void resolveLocates(Block b, AccessState[] st, Set<String> bound) {
        for (KernelSpec.Access a : spec.accesses()) {
            AccessState s = st[a.id()];
            while (!s.absent && s.resolved < a.levels()) {
                Expr ix = a.levelIndex().get(s.resolved);
                String var = a.levelVar().get(s.resolved);
                boolean known = var != null ? bound.contains(var) : varsBound(ix, bound);
                if (!known) {
                    break;
                }
                String crd = var != null ? "i_" + var : new ExprEmitter(spec, st).emit(ix, ScalarType.INT);
                locate(b, st, a.id(), crd);
            }
        }
    }

    private boolean varsBound(Expr e, Set<String> bound) {
        if (e instanceof Expr.Name n) {
            return spec.program().symbolOf(n).isPresent() || bound.contains(n.name());
        }
        if (e instanceof Expr.Access a) {
            // A tensor read inside a coordinate: its own indices must be bound (it is located by the emitter).
            return a.indices().stream().allMatch(x -> varsBound(x, bound));
        }
        if (e instanceof Expr.Unary u) {
            return varsBound(u.operand(), bound);
        }
        if (e instanceof Expr.Binary x) {
            return varsBound(x.left(), bound) && varsBound(x.right(), bound);
        }
        if (e instanceof Expr.IfElse i) {
            return varsBound(i.condition(), bound) && varsBound(i.then(), bound) && varsBound(i.otherwise(), bound);
        }
        if (e instanceof Expr.BuiltinCall c) {
            return c.args().stream().allMatch(x -> varsBound(x, bound));
        }
        if (e instanceof Expr.Convert c) {
            return varsBound(c.value(), bound);
        }
        return true;
    }

    private boolean needsOrder(String v) {
        KernelSpec.Group g = spec.groupOf(v);
        if (g != null && !g.op().commutative()) {
            return true;   // the result depends on the order of the values (CHOOSE keeps the first)
        }
        // A free index inside a CHOOSE scatter takes the first value in the enclosing loop's order only.
        return false;
    }

    private String extent(String v) {
        String size = spec.extents().get(v);
        return Character.isDigit(size.charAt(0)) ? size : "s_" + size;
    }

    // -------------------------------------------------------------------------------------------- strategy

    /** Decides the merge of the loop over {@code v} (seed 001 §4.2, generalised by fill values as in seed 004). */
    private Strategy strategy(int d, AccessState[] st, String v) {
        List<Integer> p = participants(st, v);
        if (d == 0 && forcedDriver >= 0) {
            List<Integer> others = new ArrayList<>(p);
            others.removeAll(twins(forcedDriver));
            return new Strategy(Mode.ITERATE, List.of(forcedDriver), List.of(), others);
        }
        Set<Integer> absent = new HashSet<>();
        for (KernelSpec.Access a : spec.accesses()) {
            if (st[a.id()].absent) {
                absent.add(a.id());
            }
        }
        if (noOp(d, absent)) {
            return new Strategy(Mode.SKIP, List.of(), List.of(), List.of());
        }
        // A loop that contributes only where v equals a known value (l == label[j]) visits that one point.
        for (Expr.Binary eq : equalities(v)) {
            Expr other = isVar(eq.left(), v) ? eq.right() : eq.left();
            if (spec.program().typeOf(other).isIntegral() && knownAt(other, d, st) && noOp(d, absent, Set.of(eq))) {
                return new Strategy(Mode.POINT, List.of(), List.of(), p, other);
            }
        }
        List<Integer> mustIterate = new ArrayList<>();
        List<Integer> canLocate = new ArrayList<>();
        for (int a : p) {
            (canLocate(level(a, st)) ? canLocate : mustIterate).add(a);
        }
        // 1. Operands that alone make the body a no-op drive an intersection; prefer those that must be iterated.
        List<Integer> single = new ArrayList<>();
        for (int a : mustIterate) {
            if (noOp(d, plus(absent, a))) {
                single.add(a);
            }
        }
        if (!single.isEmpty()) {
            List<Integer> followers = new ArrayList<>(mustIterate);
            followers.removeAll(single);
            if (single.size() == 1 && followers.isEmpty()) {
                return new Strategy(Mode.ITERATE, single, List.of(), canLocate);
            }
            return new Strategy(Mode.INTERSECT, single, followers, canLocate);
        }
        for (int a : canLocate) {
            if (!level(a, st).full() && noOp(d, plus(absent, a))) {
                List<Integer> locators = new ArrayList<>(canLocate);
                locators.remove(Integer.valueOf(a));
                if (mustIterate.isEmpty()) {
                    return new Strategy(Mode.ITERATE, List.of(a), List.of(), locators);
                }
                return new Strategy(Mode.INTERSECT, List.of(a), mustIterate, locators);
            }
        }
        // 2. A union of sparse operands, as small as it can be.
        List<Integer> sparse = new ArrayList<>(mustIterate);
        for (int a : canLocate) {
            if (!level(a, st).full()) {
                sparse.add(a);
            }
        }
        Set<Integer> all = new HashSet<>(absent);
        all.addAll(sparse);
        if (!sparse.isEmpty() && noOp(d, all)) {
            List<Integer> drivers = new ArrayList<>(sparse);
            List<Integer> tryDrop = new ArrayList<>();
            for (int a : sparse) {
                if (canLocate.contains(a)) {
                    tryDrop.add(a);
                }
            }
            for (int a : sparse) {
                if (!canLocate.contains(a)) {
                    tryDrop.add(a);
                }
            }
            for (int a : tryDrop) {
                List<Integer> rest = new ArrayList<>(drivers);
                rest.remove(Integer.valueOf(a));
                Set<Integer> ab = new HashSet<>(absent);
                ab.addAll(rest);
                if (!rest.isEmpty() && noOp(d, ab)) {
                    drivers = rest;
                }
            }
            List<Integer> followers = new ArrayList<>(mustIterate);
            followers.removeAll(drivers);
            List<Integer> locators = new ArrayList<>(canLocate);
            locators.removeAll(drivers);
            return new Strategy(Mode.UNION, drivers, followers, locators);
        }
        // 3. The whole dimension.
        return new Strategy(Mode.UNIVERSE, List.of(), mustIterate, canLocate);
    }

    private static Set<Integer> plus(Set<Integer> s, int a) {
        Set<Integer> out = new HashSet<>(s);
        out.add(a);
        return out;
    }

    /**
     * Bool subexpressions of the right-hand side that can be evaluated before the loop at depth {@code d} and
     * that, when false, make the loop's whole contribution vanish.
     */
    private List<Expr> guards(int d, AccessState[] st) {
        List<Expr> candidates = new ArrayList<>();
        collectBools(spec.definition().value(), candidates);
        Set<Integer> absent = new HashSet<>();
        for (KernelSpec.Access a : spec.accesses()) {
            if (st[a.id()].absent) {
                absent.add(a.id());
            }
        }
        List<Expr> out = new ArrayList<>();
        for (Expr e : candidates) {
            if (knownAt(e, d, st) && !KernelSpec.indexFree(spec.program(), e) && noOp(d, absent, Set.of(e))) {
                out.add(e);
                break;
            }
        }
        return out;
    }

    private void collectBools(Expr e, List<Expr> out) {
        if (spec.program().typeOf(e) == ScalarType.BOOL && (e instanceof Expr.Binary || e instanceof Expr.Access
                || e instanceof Expr.Unary)) {
            out.add(e);
        }
        if (e instanceof Expr.Binary b) {
            collectBools(b.left(), out);
            collectBools(b.right(), out);
        } else if (e instanceof Expr.Unary u) {
            collectBools(u.operand(), out);
        } else if (e instanceof Expr.IfElse i) {
            Boolean u = spec.uniformValue(i);
            if (u != null) {
                collectBools(u ? i.then() : i.otherwise(), out);
                return;
            }
            collectBools(i.condition(), out);
            collectBools(i.then(), out);
            collectBools(i.otherwise(), out);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> collectBools(x, out));
        }
    }

    /** Comparisons {@code v == e} or {@code e == v} in the right-hand side. */
    private List<Expr.Binary> equalities(String v) {
        List<Expr.Binary> out = new ArrayList<>();
        collectEqualities(spec.definition().value(), v, out);
        return out;
    }

    private void collectEqualities(Expr e, String v, List<Expr.Binary> out) {
        if (e instanceof Expr.Binary b) {
            if (b.op() == org.stag.engine.front.BinaryOp.EQ && (isVar(b.left(), v) || isVar(b.right(), v))) {
                out.add(b);
            }
            collectEqualities(b.left(), v, out);
            collectEqualities(b.right(), v, out);
        } else if (e instanceof Expr.Unary u) {
            collectEqualities(u.operand(), v, out);
        } else if (e instanceof Expr.IfElse i) {
            Boolean u = spec.uniformValue(i);
            if (u != null) {
                collectEqualities(u ? i.then() : i.otherwise(), v, out);
                return;
            }
            collectEqualities(i.condition(), v, out);
            collectEqualities(i.then(), v, out);
            collectEqualities(i.otherwise(), v, out);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> collectEqualities(x, v, out));
        } else if (e instanceof Expr.Convert c) {
            collectEqualities(c.value(), v, out);
        }
    }

    private boolean isVar(Expr e, String v) {
        return e instanceof Expr.Name n && n.name().equals(v) && spec.program().symbolOf(n).isEmpty();
    }

    /** Whether {@code e} can be computed before the loop at depth {@code d}: bound indices, resolved reads. */
    private boolean knownAt(Expr e, int d, AccessState[] st) {
        Set<String> bound = new HashSet<>(order.subList(0, d));
        if (!varsBound(e, bound)) {
            return false;
        }
        List<Expr.Access> reads = new ArrayList<>();
        collectAccesses(e, reads);
        for (Expr.Access a : reads) {
            KernelSpec.Access acc = spec.access(a);
            if (!st[acc.id()].absent && st[acc.id()].resolved != acc.levels()) {
                return false;
            }
        }
        return true;
    }

    private static void collectAccesses(Expr e, List<Expr.Access> out) {
        if (e instanceof Expr.Access a) {
            out.add(a);
            a.indices().forEach(x -> collectAccesses(x, out));
        } else if (e instanceof Expr.Unary u) {
            collectAccesses(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            collectAccesses(b.left(), out);
            collectAccesses(b.right(), out);
        } else if (e instanceof Expr.IfElse i) {
            collectAccesses(i.condition(), out);
            collectAccesses(i.then(), out);
            collectAccesses(i.otherwise(), out);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> collectAccesses(x, out));
        } else if (e instanceof Expr.Convert c) {
            collectAccesses(c.value(), out);
        }
    }

    /** Whether the body of the loop at depth {@code d} contributes nothing when {@code absent} read their fill. */
    private boolean noOp(int d, Set<Integer> absent) {
        return noOp(d, absent, Set.of());
    }

    private boolean noOp(int d, Set<Integer> absent, Set<Expr> forcedFalse) {
        Symbolic sym = new Symbolic(spec, absent, forcedFalse);
        String v = order.get(d);
        KernelSpec.Group g = spec.groupOf(v);
        if (g == null && scatter && d > scatterFrom) {
            g = spec.groups().get(spec.groups().size() - 1);
        }
        if (g != null) {
            Sym s = Sym.convert(sym.reduced(g.level()), g.type());
            if (s.sameAs(Sym.identity(g.op(), g.type()))) {
                return true;
            }
            // A semilattice's accumulator only moves away from its initial value (MIN down, MAX up, OR to
            // true), so a contribution on the initial value's far side changes nothing: MAX over l of
            // votes[i][l] from 0 skips absent votes.
            Operator op = g.op();
            Sym init = Sym.convert(sym.eval(g.init()), g.type());
            if (s.known() && init.known() && op.idempotent() && op.commutative() && op.associative()) {
                return Symbolic.apply(op, init, s, g.type()).sameAs(init);
            }
            return false;
        }
        Sym s = Sym.convert(sym.reduced(spec.groups().size()), spec.targetType());
        return s.sameAs(Sym.of(spec.targetFill()));
    }

    // ------------------------------------------------------------------------------- values and the target

    private void innermost(Block out, AccessState[] st) {
        ExprEmitter ex = new ExprEmitter(spec, st);
        Expr rhs = spec.definition().value();
        if (spec.cse()) {
            ex.share(out, rhs, fresh("e") + "_");
        }
        if (spec.groups().isEmpty() && selfVals != null && rhs instanceof Expr.IfElse ie && spec.uniformValue(ie) == null
                && (isSelf(ie.then()) || isSelf(ie.otherwise()))) {
            maskedStore(out, ex, ie);
            return;
        }
        if (spec.groups().isEmpty()) {
            writeTarget(out, ex.emit(rhs, spec.targetType()), spec.targetType());
            return;
        }
        KernelSpec.Group g0 = spec.groups().get(0);
        String v = fresh("x");
        out.line("final " + JavaTypes.of(g0.type()) + " " + v + " = " + ex.emit(rhs, g0.type()));
        into(out, g0, v);
    }

    /**
     * The values array of the in-place input when this kernel may overwrite it: a dense vector target written
     * entry by entry by a loop over its whole dimension (nothing filled first), the input read from an array.
     */
    private String inPlaceSource(Mode top) {
        String src = spec.inPlace();
        boolean writesAll = result == KernelPlan.ResultKind.DENSE && !scatter && spec.groups().isEmpty()
                && spec.free().size() == 1 && !order.isEmpty() && order.get(0).equals(spec.free().get(0))
                && top == Mode.UNIVERSE;
        if (src == null || !writesAll) {
            return null;
        }
        for (KernelSpec.Access a : spec.accesses()) {
            List<LevelCode> lc = codes.get(a.id());
            if (a.tensor().name().equals(src) && !lc.get(lc.size() - 1).holdsValues() && !a.tensor().read().isConstant()) {
                return "a" + a.id() + "_vals";
            }
        }
        return null;
    }

    /**
     * The access of a sparse vector (neither dense nor a bitmap) indexed by the outermost loop whose absence
     * leaves the in-place input as it is ({@link ActiveSet}), every other operand of that loop able to locate;
     * -1 when there is none or the pass is off.
     */
    private int activeDriver() {
        if (selfVals == null || !spec.activeSet()) {
            return -1;
        }
        String v = order.get(0);
        AccessState[] st = initialStates();
        List<Integer> p = participants(st, v);
        for (int a : p) {
            KernelSpec.Access acc = spec.accesses().get(a);
            LevelCode c = level(a, st);
            String name = acc.tensor().name();
            List<Integer> twins = twins(a);
            if (name.equals(spec.inPlace()) || acc.levels() != 1 || c.full() || c.format().name().equals("bitmap")
                    || acc.tensor().read().isConstant() || twins.get(0) != a
                    || spec.accesses().stream().filter(x -> x.tensor().name().equals(name)).count() != twins.size()) {
                continue;
            }
            boolean othersLocate = true;
            for (int o : p) {
                othersLocate &= twins.contains(o) || canLocate(level(o, st));
            }
            if (othersLocate && ActiveSet.keepsInput(spec, new Symbolic(spec, new HashSet<>(twins)),
                    spec.definition().value())) {
                return a;
            }
        }
        return -1;
    }

    /**
     * The accesses of access {@code a}'s tensor that read it at the outermost loop's coordinate, {@code a}'s
     * position first among them: one cursor serves them all.
     */
    private List<Integer> twins(int a) {
        List<Integer> out = new ArrayList<>();
        String name = spec.accesses().get(a).tensor().name();
        for (KernelSpec.Access x : spec.accesses()) {
            if (x.tensor().name().equals(name) && x.levels() == 1 && order.get(0).equals(x.levelVar().get(0))) {
                out.add(x.id());
            }
        }
        return out;
    }

    /** Whether {@code e} reads the in-place input at the target's coordinates. */
    private boolean isSelf(Expr e) {
        return e instanceof Expr.Access a && ((Expr.Name) a.tensor()).name().equals(spec.inPlace());
    }

    /**
     * {@code t[i] = ifelse(c, v, s[i])} with {@code t} in {@code s}'s buffer: stores only where {@code c} holds
     * (and the kept branch's value where it does not, unless the output is {@code s} itself).
     */
    private void maskedStore(Block out, ExprEmitter ex, Expr.IfElse ie) {
        ScalarType tt = spec.targetType();
        boolean keepOtherwise = isSelf(ie.otherwise());
        String c = fresh("c");
        out.line("final boolean " + c + " = " + ex.emit(ie.condition(), ScalarType.BOOL));
        String changes = keepOtherwise ? c : "!" + c;
        String at = densePosition(targetCoords());
        out.ifThen(changes).line("out[" + at + "] = " + ex.emit(keepOtherwise ? ie.then() : ie.otherwise(), tt));
        out.ifThen("!inPlace && !(" + changes + ")").line("out[" + at + "] = "
                + ex.emit(keepOtherwise ? ie.otherwise() : ie.then(), tt));
    }

    /** Adds value {@code v} (of the group's type) to group {@code g}'s accumulator, or scatters it. */
    private void into(Block out, KernelSpec.Group g, String v) {
        boolean scatterGroup = scatter && g.level() == spec.groups().size() - 1;
        if (scatterGroup) {
            scatterWrite(out, g, v);
            return;
        }
        String breakLabel = label(firstOfGroup(g));
        combine(out, spec.program(), g.op(), "acc" + g.level(), v, g.type(), breakLabel);
    }

    /**
     * {@code acc = op(acc, v)}, breaking out of {@code label} (if given) once the result cannot change: at the
     * operator's annihilator (OR at true, AND at false) or, for CHOOSE, at its first non-zero value.
     */
    static void combine(Block out, CheckedProgram program, Operator op, String acc, String v, ScalarType t, String label) {
        if (op.firstWins()) {
            // The first value that is not the identity replaces the initial value; with a loop to leave, stop
            // there, else (a scattered target) set the accumulator only while it is still undecided.
            String set = op.decided(v, t);
            Block b = out.ifThen(label == null ? "!(" + op.decided(acc, t) + ") && " + set : set).line(acc + " = " + v);
            if (label != null) {
                b.line("break " + label);
            }
            return;
        }
        if (op.setsOnDecided(t)) {
            // OR and AND: only the annihilator changes the accumulator, and then nothing can change it back.
            Block b = out.ifThen(op.decided(v, t)).line(acc + " = " + op.annihilator(t).javaLiteral());
            if (label != null) {
                b.line("break " + label);
            }
            return;
        }
        out.line(op.def() == null ? op.update(acc, v, t) : acc + " = " + ExprEmitter.apply(program, op, acc, v, t));
        if (label != null && op.stopsEarly(t)) {
            out.ifThen(op.decided(acc, t)).line("break " + label);
        }
    }

    /** After the loops of group {@code g}: pass its accumulator outward. */
    private void close(KernelSpec.Group g, Block out, AccessState[] st) {
        boolean scatterGroup = scatter && g.level() == spec.groups().size() - 1;
        if (scatterGroup) {
            flushScatter(out);
            return;
        }
        String acc = "acc" + g.level();
        if (g.level() + 1 < spec.groups().size()) {
            KernelSpec.Group outer = spec.groups().get(g.level() + 1);
            String v = fresh("x");
            out.line("final " + JavaTypes.of(outer.type()) + " " + v + " = " + JavaTypes.convert(acc, g.type(), outer.type()));
            into(out, outer, v);
            return;
        }
        if (result == KernelPlan.ResultKind.SCALAR) {
            String slot = g.type().isFloating() ? "f.partReal[chunk]" : "f.partInt[chunk]";
            out.line(slot + " = " + JavaTypes.toSlot(acc, g.type()));
            return;
        }
        writeTarget(out, JavaTypes.convert(acc, g.type(), spec.targetType()), spec.targetType());
    }

    private void writeScalarPartial(Block out, String value, ScalarType t) {
        out.line((t.isFloating() ? "f.partReal[chunk]" : "f.partInt[chunk]") + " = " + JavaTypes.toSlot(value, t));
    }

    /** Writes the value of the target entry at the current free coordinates. */
    private void writeTarget(Block out, String value, ScalarType t) {
        if (result == KernelPlan.ResultKind.SCALAR) {
            writeScalarPartial(out, value, t);
            return;
        }
        List<String> coords = targetCoords();
        if (result == KernelPlan.ResultKind.DENSE && accumulate != null) {
            // A monomial of the canonical form: added to what the others left (the target starts at the sum's identity).
            String cell = "out[" + densePosition(coords) + "]";
            String cur = fresh("y");
            out.line(JavaTypes.of(t) + " " + cur + " = " + cell);
            combine(out, spec.program(), accumulate, cur, value, t, null);
            out.line(cell + " = " + cur);
            return;
        }
        if (result == KernelPlan.ResultKind.DENSE) {
            out.line("out[" + densePosition(coords) + "] = " + value);
            return;
        }
        String x = fresh("x");
        out.line("final " + JavaTypes.of(t) + " " + x + " = " + value);
        Block w = out.ifThen(x + " != " + JavaTypes.literal(spec.targetFill()));
        emitEntry(w, coords, x, t);
    }

    private void emitEntry(Block w, List<String> coords, String x, ScalarType t) {
        w.line("final int e = coo.next()");
        for (int m = 0; m < coords.size(); m++) {
            w.line("coo.crd[" + m + "][e] = " + coords.get(m));
        }
        w.line("coo." + valueArray(t) + "[e] = " + x);
    }

    private static String valueArray(ScalarType t) {
        return switch (t) {
            case DOUBLE -> "dv";
            case FLOAT -> "fv";
            case LONG -> "lv";
            case INT -> "iv";
            case BOOL -> "bv";
        };
    }

    /** The target's coordinate expressions, by mode. */
    private List<String> targetCoords() {
        List<String> c = new ArrayList<>();
        for (org.stag.engine.front.Ident i : spec.definition().target().indices()) {
            c.add("i_" + i.name());
        }
        return c;
    }

    /** Row-major position over the target's levels (dense levels in level order). */
    private String densePosition(List<String> coords) {
        Format f = spec.targetFormat();
        List<String> sizes = spec.target().tensor().sizes();
        String pos = null;
        for (int k = 0; k < f.order(); k++) {
            int m = f.modeOfLevel(k);
            String size = sizes.get(m);
            String n = Character.isDigit(size.charAt(0)) ? size : "s_" + size;
            pos = pos == null ? coords.get(m) : "(" + pos + ") * " + n + " + " + coords.get(m);
        }
        return pos;
    }

    // ------------------------------------------------------------------------------------------- scatter

    private void declareScatterWorkspace(Block run) {
        if (result == KernelPlan.ResultKind.DENSE) {
            return;
        }
        ScalarType t = spec.groups().get(spec.groups().size() - 1).type();
        String key = className + "_w";
        run.line("final int w_size = " + scatterSize());
        String wt = t == ScalarType.BOOL ? "boolean" : t.isFloating() ? "double" : "long";
        run.line("final " + wt + "[] w_val = ws." + arrayKind(t) + "(\"" + key + "_val\", w_size)");
        run.line("final boolean[] w_set = ws.bools(\"" + key + "_set\", w_size)");
        run.line("final int[] w_list = ws.ints(\"" + key + "_list\", w_size)");
        run.line("int w_n = 0");
    }

    private static String arrayKind(ScalarType t) {
        return switch (t) {
            case DOUBLE -> "doubles";
            case BOOL -> "bools";
            default -> t == ScalarType.FLOAT ? "doubles" : "longs";
        };
    }

    private String scatterSize() {
        StringBuilder s = new StringBuilder("1");
        for (String v : scattered) {
            s.append(" * ").append(extent(v));
        }
        return s.toString();
    }

    private String scatterIndex() {
        String idx = null;
        for (String v : scattered) {
            idx = idx == null ? "i_" + v : "(" + idx + ") * " + extent(v) + " + i_" + v;
        }
        return idx;
    }

    private void scatterWrite(Block out, KernelSpec.Group g, String v) {
        ScalarType tt = spec.targetType();
        if (atomicScatter) {
            String fn = g.op().atomic(g.type());
            out.line("org.stag.engine.jit.Atomics." + fn + "(out, " + densePosition(targetCoords()) + ", " + v + ")");
            return;
        }
        if (result == KernelPlan.ResultKind.DENSE) {
            String cell = "out[" + densePosition(targetCoords()) + "]";
            String cur = fresh("y");
            out.line(JavaTypes.of(g.type()) + " " + cur + " = " + JavaTypes.convert(cell, tt, g.type()));
            combine(out, spec.program(), g.op(), cur, v, g.type(), null);
            out.line(cell + " = " + JavaTypes.convert(cur, g.type(), tt));
            return;
        }
        ScalarType wt = g.type();
        String idx = fresh("w");
        out.line("final int " + idx + " = " + scatterIndex());
        Block first = out.ifThen("!w_set[" + idx + "]");
        first.line("w_set[" + idx + "] = true");
        first.line("w_list[w_n++] = " + idx);
        first.line("w_val[" + idx + "] = " + storeW(new ExprEmitter(spec, initialStates()).emit(g.init(), wt), wt));
        String cur = fresh("y");
        out.line(JavaTypes.of(wt) + " " + cur + " = " + loadW("w_val[" + idx + "]", wt));
        combine(out, spec.program(), g.op(), cur, v, wt, null);
        out.line("w_val[" + idx + "] = " + storeW(cur, wt));
    }

    private static String storeW(String v, ScalarType t) {
        return t == ScalarType.INT ? "(long) " + v : t == ScalarType.FLOAT ? "(double) " + v : v;
    }

    private static String loadW(String v, ScalarType t) {
        return t == ScalarType.INT ? "(int) " + v : t == ScalarType.FLOAT ? "(float) " + v : v;
    }

    /** Writes the scattered entries to the target's buffer and resets the workspace. */
    private void flushScatter(Block out) {
        if (result == KernelPlan.ResultKind.DENSE) {
            return;
        }
        KernelSpec.Group g = spec.groups().get(spec.groups().size() - 1);
        ScalarType wt = g.type();
        ScalarType tt = spec.targetType();
        Sym init = new Symbolic(spec, Set.of()).eval(g.init());
        boolean initIsFill = Sym.convert(init, tt).sameAs(Sym.of(spec.targetFill()));
        Block body;
        String idx;
        if (initIsFill) {
            body = out.forLoop(null, "int w_k = 0", "w_k < w_n", "w_k++");
            idx = "w_list[w_k]";
        } else {
            body = out.forLoop(null, "int w_k = 0", "w_k < w_size", "w_k++");
            idx = "w_k";
        }
        body.line("final int w_i = " + idx);
        // Decode the scattered coordinates from the workspace index, innermost last.
        String rest = "w_i";
        for (int k = scattered.size() - 1; k >= 0; k--) {
            String v = scattered.get(k);
            body.line("final int i_" + v + " = " + rest + " % " + extent(v));
            if (k > 0) {
                body.line("final int w_r" + k + " = " + rest + " / " + extent(v));
                rest = "w_r" + k;
            }
        }
        String x = fresh("x");
        String initCode = new ExprEmitter(spec, initialStates()).emit(g.init(), wt);
        body.line("final " + JavaTypes.of(tt) + " " + x + " = " + JavaTypes.convert("(w_set[w_i] ? " + loadW("w_val[w_i]", wt)
                + " : " + initCode + ")", wt, tt));
        body.line("w_set[w_i] = false");
        emitEntry(body.ifThen(x + " != " + JavaTypes.literal(spec.targetFill())), targetCoords(), x, tt);
        out.line("w_n = 0");
    }

    private String fresh(String base) {
        return base + (names++);
    }
}
