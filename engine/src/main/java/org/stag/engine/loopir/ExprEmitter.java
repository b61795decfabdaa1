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

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.ExprTypes;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * Emits a right-hand-side expression as one loop IR expression ({@link Ex}) of its checked type. Index variables are the
 * loop variables {@code i_NAME}, scalars the locals {@code s_NAME}; an access reads its values array at the
 * resolved position, or its fill value where the position may be or is absent.
 */
final class ExprEmitter {
    private final KernelSpec spec;
    private final CheckedProgram program;
    private final AccessState[] st;

    private final String prefix;
    private final java.util.Map<Expr.Access, Ex> overrides;
    /** Reads known to be a constant in the code being emitted (a pattern matrix's {@code true}), by identity. */
    private java.util.Map<Expr.Access, org.stag.engine.ops.Constant> constants = java.util.Map.of();
    /** Subexpressions computed into locals by {@link #share}, by identity. */
    private final java.util.Map<Expr, Ex> shared = new java.util.IdentityHashMap<>();
    /** While a Def's body is emitted: its parameters, bound to its arguments. */
    private java.util.Map<String, Ex> params = java.util.Map.of();

    /** An emitter of expressions without accesses: a {@code Def}'s body, applied in accumulator updates. */
    private ExprEmitter(CheckedProgram program) {
        this.spec = null;
        this.program = program;
        this.st = new AccessState[0];
        this.prefix = "a";
        this.overrides = java.util.Map.of();
    }

    /**
     * {@code op(x, y)} in type {@code t}: the descriptor's Java form for a built-in ({@link OperatorCode}), the body
     * with its parameters bound to {@code x} and {@code y} for a {@code Def}. Both may be used more than once, so
     * they must be side-effect free (variables or reads).
     */
    static Ex apply(CheckedProgram program, Operator op, Ex x, Ex y, ScalarType t) {
        return new ExprEmitter(program).applyOp(op, x, y, t);
    }

    private Ex applyOp(Operator op, Ex x, Ex y, ScalarType t) {
        if (op.def() == null) {
            return OperatorCode.apply(op, x, y, t);
        }
        ScalarDef d = op.def();
        java.util.Map<String, Ex> saved = params;
        params = java.util.Map.of(d.params().get(0).name(), x, d.params().get(1).name(), y);
        try {
            return JavaTypes.convert(emit(d.body(), op.declaredType()), op.declaredType(), t);
        } finally {
            params = saved;
        }
    }

    ExprEmitter(KernelSpec spec, AccessState[] st) {
        this(spec, st, "a", java.util.Map.of());
    }

    /**
     * An emitter whose values arrays are named {@code prefix + id + "_vals"} and where the reads in
     * {@code overrides} (by identity) are replaced by the given expressions — a fused kernel's values
     * computed earlier in the same iteration.
     */
    ExprEmitter(KernelSpec spec, AccessState[] st, String prefix, java.util.Map<Expr.Access, Ex> overrides) {
        this.spec = spec;
        this.program = spec.program();
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
    Ex emit(Expr e, ScalarType to) {
        return code(e, to).ex();
    }

    /** {@code e} in its checked type. */
    Ex emit(Expr e) {
        return code(e).ex();
    }

    private Code code(Expr e, ScalarType to) {
        Code c = code(e);
        Sym k = c.known();
        // A double beyond the int range converts by saturation in Java, not as Sym converts: not folded.
        boolean exact = !(to == ScalarType.INT && k.known() && !k.isIntegral() && k.type() != ScalarType.BOOL
                && !(Math.abs(k.d()) < 0x1p31));
        if (k.known() && exact) {
            return Code.of(Sym.convert(k, to));
        }
        return Code.unknown(JavaTypes.convert(c.ex(), program.typeOf(e), to));
    }

    /** Reads {@code known}'s accesses as those constants, so that the code folds them (returns this emitter). */
    ExprEmitter withConstants(java.util.Map<Expr.Access, org.stag.engine.ops.Constant> known) {
        this.constants = known;
        return this;
    }

    /**
     * Computes the repeated subexpressions of {@code e} ({@link org.stag.engine.pass.CommonSubexpressions}) into
     * locals {@code prefix0, prefix1, ...} declared in {@code out}, so that {@link #emit} of {@code e} reads them.
     * Subexpressions that fold to a constant, or lie in a uniform {@code ifelse}'s branch not taken, stay inline.
     */
    void share(org.stag.engine.loopir.Block out, Expr e, String prefix) {
        java.util.Set<Expr> live = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        reachable(e, live);
        int n = 0;
        for (java.util.List<Expr> same : org.stag.engine.pass.CommonSubexpressions.of(program, e)) {
            java.util.List<Expr> here = new java.util.ArrayList<>();
            same.forEach(x -> {
                if (live.contains(x)) {
                    here.add(x);
                }
            });
            if (here.size() < 2) {
                continue;
            }
            Code c = code(here.get(0));
            if (c.known().known()) {
                continue;
            }
            JavaType type = JavaTypes.type(program.typeOf(here.get(0)));
            Ex local = local(prefix + n++, type);
            out.let(type, ((Ex.Local) local).name(), c.ex());
            here.forEach(x -> shared.put(x, local));
        }
    }

    /** The nodes of {@code e} the kernel evaluates: not those in a uniform condition's branch not taken. */
    private void reachable(Expr e, java.util.Set<Expr> out) {
        out.add(e);
        if (e instanceof Expr.IfElse i && spec != null && spec.uniformValue(i) != null) {
            reachable(i.condition(), out);
            reachable(spec.uniformValue(i) ? i.then() : i.otherwise(), out);
            return;
        }
        if (e instanceof Expr.Access a) {
            a.indices().forEach(x -> reachable(x, out));
        } else if (e instanceof Expr.Unary u) {
            reachable(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            reachable(b.left(), out);
            reachable(b.right(), out);
        } else if (e instanceof Expr.IfElse i) {
            reachable(i.condition(), out);
            reachable(i.then(), out);
            reachable(i.otherwise(), out);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> reachable(x, out));
        } else if (e instanceof Expr.Convert c) {
            reachable(c.value(), out);
        }
    }

    private Code code(Expr e) {
        Ex local = shared.get(e);
        if (local != null) {
            return Code.unknown(local);
        }
        ScalarType t = program.typeOf(e);
        if (e instanceof Expr.IntLiteral i) {
            return Code.of(t.isIntegral() ? Sym.ofInteger(t, i.value())
                    : Sym.ofReal(t.isFloating() ? t : ScalarType.DOUBLE, i.value()));
        }
        if (e instanceof Expr.FloatLiteral f) {
            return Code.of(Sym.ofReal(t, f.value()));
        }
        if (e instanceof Expr.BoolLiteral b) {
            return Code.of(Sym.of(b.value()));
        }
        if (e instanceof Expr.Fill) {
            return Code.of(Sym.of(spec.targetFill()));
        }
        if (e instanceof Expr.Name n) {
            Ex bound = params.get(n.name());
            if (bound != null) {
                return Code.unknown(bound);
            }
            return Code.unknown(program.symbolOf(n).isPresent() ? local("s_" + n.name(), JavaTypes.type(t))
                    : JavaTypes.convert(intVar("i_" + n.name()), ScalarType.INT, t));
        }
        if (e instanceof Expr.Access a) {
            return accessCode(spec.access(a));
        }
        if (e instanceof Expr.Unary u) {
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
        if (e instanceof Expr.Binary b) {
            if (b.op().isLogical()) {
                return logical(code(b.left()), code(b.right()), b.op() == BinaryOp.OR);
            }
            ScalarType ot = b.op().isComparison() ? ExprTypes.comparison(program, b) : t;
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
        if (e instanceof Expr.IfElse i) {
            Boolean u = spec == null ? null : spec.uniformValue(i);
            if (u != null) {
                return code(u ? i.then() : i.otherwise(), t);
            }
            Code c = code(i.condition());
            if (c.known().known()) {
                return code(c.known().b() ? i.then() : i.otherwise(), t);
            }
            return Code.unknown(cond(c.ex(), emit(i.then(), t), emit(i.otherwise(), t)));
        }
        if (e instanceof Expr.BuiltinCall c) {
            Operator op = program.operator(c.function());
            ScalarType at = op.typing() == Operator.Typing.LOGICAL ? ScalarType.BOOL : t;
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
        if (e instanceof Expr.Convert c) {
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
        org.stag.engine.ops.Constant known = constants.get(a.node());
        if (known != null) {
            return Code.of(Sym.of(known));
        }
        Ex o = overrides.get(a.node());
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
            throw new IllegalStateException("internal error: access " + a.node() + " read before its levels are resolved");
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
