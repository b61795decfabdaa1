package org.stag.engine.codegen;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.ExprTypes;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.check.Constant;

/**
 * Emits a right-hand-side expression as one Java expression of its checked type. Index variables are the
 * loop variables {@code i_NAME}, scalars the locals {@code s_NAME}; an access reads its values array at the
 * resolved position, or its fill value where the position may be or is absent.
 */
final class ExprEmitter {
    private final KernelSpec spec;
    private final CheckedProgram program;
    private final AccessState[] st;

    private final String prefix;
    private final java.util.Map<Expr.Access, String> overrides;

    ExprEmitter(KernelSpec spec, AccessState[] st) {
        this(spec, st, "a", java.util.Map.of());
    }

    /**
     * An emitter whose values arrays are named {@code prefix + id + "_vals"} and where the reads in
     * {@code overrides} (by identity) are replaced by the given Java expressions — a fused kernel's values
     * computed earlier in the same iteration.
     */
    ExprEmitter(KernelSpec spec, AccessState[] st, String prefix, java.util.Map<Expr.Access, String> overrides) {
        this.spec = spec;
        this.program = spec.program();
        this.st = st;
        this.prefix = prefix;
        this.overrides = overrides;
    }

    /** {@code e} converted to {@code to}. */
    String emit(Expr e, ScalarType to) {
        return JavaTypes.convert(emit(e), program.typeOf(e), to);
    }

    /** {@code e} in its checked type. */
    String emit(Expr e) {
        ScalarType t = program.typeOf(e);
        if (e instanceof Expr.IntLiteral i) {
            return t.isIntegral() ? JavaTypes.literal(Constant.ofInteger(t, i.value()))
                    : JavaTypes.literal(Constant.ofReal(t.isFloating() ? t : ScalarType.DOUBLE, i.value()));
        }
        if (e instanceof Expr.FloatLiteral f) {
            return JavaTypes.literal(Constant.ofReal(t, f.value()));
        }
        if (e instanceof Expr.BoolLiteral b) {
            return Boolean.toString(b.value());
        }
        if (e instanceof Expr.Fill) {
            return JavaTypes.literal(spec.targetFill());
        }
        if (e instanceof Expr.Name n) {
            return program.symbolOf(n).isPresent() ? "s_" + n.name() : JavaTypes.convert("i_" + n.name(), ScalarType.INT, t);
        }
        if (e instanceof Expr.Access a) {
            return access(spec.access(a));
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == UnaryOp.NOT ? "(!" + emit(u.operand()) + ")" : "(-" + emit(u.operand(), t) + ")";
        }
        if (e instanceof Expr.Binary b) {
            if (b.op().isLogical()) {
                return "(" + emit(b.left()) + " " + b.op().symbol() + " " + emit(b.right()) + ")";
            }
            ScalarType ot = b.op().isComparison() ? ExprTypes.comparison(program, b) : t;
            return "(" + emit(b.left(), ot) + " " + b.op().symbol() + " " + emit(b.right(), ot) + ")";
        }
        if (e instanceof Expr.IfElse i) {
            Boolean u = spec.uniformValue(i);
            if (u != null) {
                return emit(u ? i.then() : i.otherwise(), t);
            }
            return "(" + emit(i.condition()) + " ? " + emit(i.then(), t) + " : " + emit(i.otherwise(), t) + ")";
        }
        if (e instanceof Expr.BuiltinCall c) {
            String x = emit(c.args().get(0), t);
            String y = emit(c.args().get(1), t);
            return switch (c.function()) {
                case OR -> "(" + x + " || " + y + ")";
                case AND -> "(" + x + " && " + y + ")";
                case MIN -> t == ScalarType.BOOL ? "(" + x + " && " + y + ")" : "Math.min(" + x + ", " + y + ")";
                case MAX -> t == ScalarType.BOOL ? "(" + x + " || " + y + ")" : "Math.max(" + x + ", " + y + ")";
                case CHOOSE -> "org.stag.engine.runtime.Ops.choose(" + x + ", " + y + ")";
            };
        }
        if (e instanceof Expr.Convert c) {
            return emit(c.value(), c.type());
        }
        throw new IllegalArgumentException("cannot compile " + e);
    }

    /** The value an access reads at the current point of the loop nest. */
    String access(KernelSpec.Access a) {
        String o = overrides.get(a.node());
        if (o != null) {
            return o;
        }
        AccessState s = st[a.id()];
        String fill = JavaTypes.literal(a.tensor().fill());
        if (s.absent) {
            return fill;
        }
        if (s.resolved != a.levels()) {
            throw new IllegalStateException("internal error: access " + a.node() + " read before its levels are resolved");
        }
        if (s.val != null) {
            String v = JavaTypes.convert(s.val, ScalarType.DOUBLE, a.tensor().elem());
            return s.maybeAbsent ? "(" + s.ok + " ? " + v + " : " + fill + ")" : v;
        }
        String read = prefix + a.id() + "_vals[" + s.pos + "]";
        return s.maybeAbsent ? "(" + s.pos + " >= 0 ? " + read + " : " + fill + ")" : read;
    }
}
