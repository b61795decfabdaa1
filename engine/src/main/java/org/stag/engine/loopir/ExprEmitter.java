package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.bin;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.neg;
import static org.stag.engine.loopir.Exprs.not;
import static org.stag.engine.loopir.Exprs.or;

import java.util.HashMap;
import java.util.Map;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * Emits a typed {@code cin} expression ({@link IndexExpr}) as one loop IR expression ({@link Ex}) of its type. Index
 * variables are the loop variables {@code i_NAME}, scalars the locals {@code s_NAME}, temporaries the locals their
 * {@code where} bound ({@link #bind}); a read finds its access in its node and reads its values array at the
 * resolved position, or its fill value where the position may be or is absent.
 */
final class ExprEmitter {
    private final KernelSpec spec;
    private final AccessState[] st;

    private final String prefix;
    /** Reads replaced by expressions (a fused kernel's values computed earlier), by access id. */
    private final Map<Integer, Ex> overrides;
    /** Reads known to be a constant in the code being emitted (a pattern matrix's {@code true}), by access id. */
    private Map<Integer, Constant> constants = Map.of();
    /** Temporaries of an enclosing {@code where}: their local, or their value when it folded to a constant. */
    private final Map<String, Code> temps = new HashMap<>();
    /** While a Def's body is emitted: its parameters, bound to its arguments. */
    private Map<String, Ex> params = Map.of();

    /** An emitter of expressions without accesses: a {@code Def}'s body, applied in accumulator updates. */
    private ExprEmitter(KernelSpec spec) {
        this(spec, new AccessState[0], "a", Map.of());
    }

    /**
     * {@code op(x, y)} in type {@code t}: the descriptor's Java form for a built-in ({@link OperatorCode}), the body
     * (typed, {@link KernelSpec#defBody}) with its parameters bound to {@code x} and {@code y} for a {@code Def}.
     * Both may be used more than once, so they must be side-effect free (variables or reads).
     */
    static Ex apply(KernelSpec spec, Operator op, Ex x, Ex y, ScalarType t) {
        return new ExprEmitter(spec).applyOp(op, x, y, t);
    }

    private Ex applyOp(Operator op, Ex x, Ex y, ScalarType t) {
        if (op.def() == null) {
            return OperatorCode.apply(op, x, y, t);
        }
        Map<String, Ex> saved = params;
        params = Map.of(op.def().params().get(0).name(), x, op.def().params().get(1).name(), y);
        try {
            return JavaTypes.convert(emit(spec.defBody(op), op.declaredType()), op.declaredType(), t);
        } finally {
            params = saved;
        }
    }

    ExprEmitter(KernelSpec spec, AccessState[] st) {
        this(spec, st, "a", Map.of());
    }

    /**
     * An emitter whose values arrays are named {@code prefix + id + "_vals"} and where the reads in
     * {@code overrides} (by access id) are replaced by the given expressions — a fused kernel's values
     * computed earlier in the same iteration.
     */
    ExprEmitter(KernelSpec spec, AccessState[] st, String prefix, Map<Integer, Ex> overrides) {
        this.spec = spec;
        this.st = st;
        this.prefix = prefix;
        this.overrides = overrides;
    }

    /**
     * An expression and, when it is known while compiling, its value: a literal, a fill value, a constant
     * operand's value where it is present, and what exact rules fold from them ({@code true ? 1.0 : 0.0} is
     * {@code 1.0}, {@code 1.0 * x} is {@code x}, {@code true && x} is {@code x}), so that a pattern's
     * constant disappears from the code.
     */
    private record Code(Ex ex, Sym known) {
        static Code unknown(Ex ex) {
            return new Code(ex, Sym.UNKNOWN);
        }

        static Code of(Sym known) {
            return new Code(JavaTypes.lit(known), known);
        }

        boolean is(boolean b) {
            return known.known() && known.type() == ScalarType.BOOL && known.b() == b;
        }

        /** Whether the value is the number one (multiplying or dividing by it changes nothing, exactly). */
        boolean isOne() {
            return known.known() && known.type() != ScalarType.BOOL && known.asDouble() == 1;
        }
    }

    /** {@code e} converted to {@code to}. */
    Ex emit(IndexExpr e, ScalarType to) {
        return code(e, to).ex();
    }

    /** {@code e} in its type. */
    Ex emit(IndexExpr e) {
        return code(e).ex();
    }

    private Code code(IndexExpr e, ScalarType to) {
        Code c = code(e);
        Sym k = c.known();
        // A double beyond the int range converts by saturation in Java, not as Sym converts: not folded.
        boolean exact = !(to == ScalarType.INT && k.known() && !k.isIntegral() && k.type() != ScalarType.BOOL
                && !(Math.abs(k.d()) < 0x1p31));
        if (k.known() && exact) {
            return Code.of(Sym.convert(k, to));
        }
        return Code.unknown(JavaTypes.convert(c.ex(), e.type(), to));
    }

    /** Reads the accesses in {@code known} (by id) as those constants, so that the code folds them (returns this emitter). */
    ExprEmitter withConstants(Map<Integer, Constant> known) {
        this.constants = known;
        return this;
    }

    /** Conditions that hold wherever this emitter's code runs (an enclosing loop's guard): they fold to {@code true}. */
    private java.util.Set<IndexExpr> holding = java.util.Set.of();

    /** Reads the conditions in {@code conditions} as {@code true} (returns this emitter). */
    ExprEmitter withHolding(java.util.Set<IndexExpr> conditions) {
        this.holding = conditions;
        return this;
    }

    /**
     * Reads the temporaries in {@code values} (by name) as those expressions: in a fused group, the values earlier
     * members computed at the shared loop's coordinate, which the fused tree reads as temporaries named after their
     * targets ({@code pass.Fusion}); returns this emitter.
     */
    ExprEmitter withTemps(Map<String, Ex> values) {
        values.forEach((name, ex) -> temps.put(name, Code.unknown(ex)));
        return this;
    }

    /**
     * Binds temporary {@code t} of a {@code where} ({@code t = value}): declares it as local {@code local} in
     * {@code out}, unless its value folds to a constant here, which then replaces its reads; says whether it
     * declared the local.
     */
    boolean bind(Block out, IndexExpr.Temp t, IndexExpr value, String local) {
        Code c = code(value, t.type());
        if (c.known().known()) {
            temps.put(t.name(), c);
            return false;
        }
        JavaType type = JavaTypes.type(t.type());
        out.let(type, local, c.ex());
        temps.put(t.name(), Code.unknown(local(local, type)));
        return true;
    }

    private Code code(IndexExpr e) {
        ScalarType t = e.type();
        if (t == ScalarType.BOOL && !holding.isEmpty() && holding.contains(e)) {
            return Code.of(Sym.of(true));
        }
        if (e instanceof IndexExpr.Literal l) {
            return Code.of(Sym.of(l.value()));
        }
        if (e instanceof IndexExpr.Temp tmp) {
            Code c = temps.get(tmp.name());
            if (c == null) {
                throw new IllegalStateException("internal error: temporary " + tmp.name() + " read outside its where");
            }
            return c;
        }
        if (e instanceof IndexExpr.ScalarVar v) {
            Ex bound = params.get(v.name());
            return Code.unknown(bound != null ? bound : local("s_" + v.name(), JavaTypes.type(t)));
        }
        if (e instanceof IndexExpr.IndexVar v) {
            return Code.unknown(intVar("i_" + v.name()));
        }
        if (e instanceof IndexExpr.Read r) {
            return accessCode(r.access());
        }
        if (e instanceof IndexExpr.Unary u) {
            if (u.op() == UnaryOp.NOT) {
                Code x = code(u.operand());
                return x.known().known() ? Code.of(Sym.of(!x.known().b())) : Code.unknown(not(x.ex()));
            }
            Code x = code(u.operand(), t);
            if (x.known().known()) {
                return Code.of(x.known().isIntegral() ? Sym.ofInteger(t, -x.known().l()) : Sym.ofReal(t, -x.known().d()));
            }
            return Code.unknown(neg(x.ex()));
        }
        if (e instanceof IndexExpr.Binary b) {
            if (b.op().isLogical()) {
                return logical(code(b.left()), code(b.right()), b.op() == BinaryOp.OR);
            }
            ScalarType ot = b.operandType();
            Code l = code(b.left(), ot);
            Code r = code(b.right(), ot);
            if (b.op() == BinaryOp.MUL && l.isOne()) {
                return r;
            }
            if ((b.op() == BinaryOp.MUL || b.op() == BinaryOp.DIV) && r.isOne()) {
                return l;
            }
            return Code.unknown(bin(Ex.BinOp.of(b.op().symbol()), l.ex(), r.ex()));
        }
        if (e instanceof IndexExpr.IfElse i) {
            Code c = code(i.condition());
            if (c.known().known()) {
                return code(c.known().b() ? i.then() : i.otherwise(), t);
            }
            return Code.unknown(cond(c.ex(), emit(i.then(), t), emit(i.otherwise(), t)));
        }
        if (e instanceof IndexExpr.Call c) {
            Operator op = c.op();
            ScalarType at = c.argType();
            Code x = code(c.args().get(0), at);
            Code y = code(c.args().get(1), at);
            // Logical operators fold a known side (a pattern's constant true); MIN/MAX on bools are AND/OR.
            boolean bool = at == ScalarType.BOOL;
            if (op == Operators.OR || bool && op == Operators.MAX) {
                return logical(x, y, true);
            }
            if (op == Operators.AND || bool && op == Operators.MIN) {
                return logical(x, y, false);
            }
            return Code.unknown(applyOp(op, x.ex(), y.ex(), at));
        }
        if (e instanceof IndexExpr.Cast c) {
            return code(c.value(), c.type());
        }
        throw new IllegalArgumentException("cannot compile " + e);
    }

    /**
     * {@code x || y} or {@code x && y}: a known side decides or drops out. Dropping the other side is exact
     * because reading an operand has no effect (its position is resolved before).
     */
    private static Code logical(Code x, Code y, boolean or) {
        if (x.is(or) || y.is(or)) {
            return Code.of(Sym.of(or));
        }
        if (x.is(!or)) {
            return y;
        }
        if (y.is(!or)) {
            return x;
        }
        return Code.unknown(or ? or(x.ex(), y.ex()) : and(x.ex(), y.ex()));
    }

    /** The value an access reads at the current point of the loop nest. */
    Ex access(KernelSpec.Access a) {
        return accessCode(a).ex();
    }

    /** An access: the values array at the position, the element's value, or a constant operand's literal. */
    private Code accessCode(KernelSpec.Access a) {
        Constant known = constants.get(a.id());
        if (known != null) {
            return Code.of(Sym.of(known));
        }
        Ex o = overrides.get(a.id());
        if (o != null) {
            return Code.unknown(o);
        }
        AccessState s = st[a.id()];
        Constant fillValue = a.tensor().fill();
        Ex fill = JavaTypes.lit(fillValue);
        if (s.absent) {
            return Code.of(Sym.of(fillValue));
        }
        if (s.resolved != a.levels()) {
            throw new IllegalStateException("internal error: access " + a.id() + " of " + a.tensor().name() + " read before its levels are resolved");
        }
        ValueRead read = a.tensor().read();
        if (read.isConstant()) {
            // The position or element only tells presence; every present component has the constant.
            Constant c = read.constant();
            if (c.equals(fillValue) || !s.maybeAbsent) {
                return Code.of(Sym.of(c));
            }
            Ex present = s.val != null ? s.ok : ge(s.pos, lit(0));
            return Code.unknown(cond(present, JavaTypes.lit(c), fill));
        }
        if (s.val != null) {
            Ex v = JavaTypes.convert(s.val, ScalarType.DOUBLE, a.tensor().elem());
            return Code.unknown(s.maybeAbsent ? cond(s.ok, v, fill) : v);
        }
        Ex values = load(local(prefix + a.id() + "_vals", JavaTypes.type(a.tensor().elem()).array()), s.pos);
        return Code.unknown(s.maybeAbsent ? cond(ge(s.pos, lit(0)), values, fill) : values);
    }
}
