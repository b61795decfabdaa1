package org.stag.engine.lattice;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;

/**
 * A right-hand side as it reads at a lattice point: absent accesses read their fill value, subexpressions the
 * symbolic evaluation knows become literals, and an operand that is its operator's identity ({@code x + 0},
 * {@code x * 1}, {@code b && true}, {@code MIN(x, inf)}) leaves the other one. For display and tests; the
 * lowering emits the full expression over the accesses' states.
 */
final class Simplifier {
    private final KernelSpec spec;
    private final Symbolic sym;

    private Simplifier(KernelSpec spec, Set<Integer> absent) {
        this.spec = spec;
        this.sym = new Symbolic(spec, absent);
    }

    static Simplifier of(KernelSpec spec, Set<Integer> absent) {
        return new Simplifier(spec, absent);
    }

    String text(Expr e) {
        return Printer.print(simplify(e));
    }

    Expr simplify(Expr e) {
        Sym v = sym.eval(e);
        if (v.known() && !(e instanceof Expr.IntLiteral || e instanceof Expr.FloatLiteral || e instanceof Expr.BoolLiteral)) {
            return literal(e, v);
        }
        if (e instanceof Expr.Binary b) {
            Expr l = simplify(b.left());
            Expr r = simplify(b.right());
            Sym lv = sym.eval(b.left());
            Sym rv = sym.eval(b.right());
            switch (b.op()) {
                case ADD, OR -> {
                    if (lv.isZero()) {
                        return r;
                    }
                    if (rv.isZero()) {
                        return l;
                    }
                }
                case SUB -> {
                    if (rv.isZero()) {
                        return l;
                    }
                }
                case MUL, AND -> {
                    if (lv.known() && lv.asDouble() == 1) {
                        return r;
                    }
                    if (rv.known() && rv.asDouble() == 1) {
                        return l;
                    }
                }
                default -> {
                }
            }
            return new Expr.Binary(b.pos(), b.op(), l, r);
        }
        if (e instanceof Expr.IfElse i) {
            Boolean u = spec.uniformValue(i);
            Sym c = sym.eval(i.condition());
            if (u != null || c.known()) {
                return simplify(u != null ? (u ? i.then() : i.otherwise()) : c.b() ? i.then() : i.otherwise());
            }
            return new Expr.IfElse(i.pos(), simplify(i.condition()), simplify(i.then()), simplify(i.otherwise()));
        }
        if (e instanceof Expr.BuiltinCall c) {
            Operator op = spec.program().operator(c.function());
            ScalarType t = op.typing() == Operator.Typing.LOGICAL ? ScalarType.BOOL : spec.program().typeOf(e);
            Sym one = Sym.identity(op, t);
            if (Sym.convert(sym.eval(c.args().get(0)), t).sameAs(one)) {
                return simplify(c.args().get(1));
            }
            if (Sym.convert(sym.eval(c.args().get(1)), t).sameAs(one)) {
                return simplify(c.args().get(0));
            }
            List<Expr> args = new ArrayList<>();
            c.args().forEach(a -> args.add(simplify(a)));
            return new Expr.BuiltinCall(c.pos(), c.function(), args);
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.pos(), u.op(), simplify(u.operand()));
        }
        if (e instanceof Expr.Convert c) {
            return new Expr.Convert(c.pos(), c.type(), simplify(c.value()));
        }
        return e;
    }

    private static Expr literal(Expr at, Sym v) {
        if (v.type() == ScalarType.BOOL) {
            return new Expr.BoolLiteral(at.pos(), v.b());
        }
        // Literals are never negative: a negative value is the negation of one, NaN is 0.0 / 0.0.
        if (v.isIntegral()) {
            long l = v.l();
            if (l >= 0) {
                return new Expr.IntLiteral(at.pos(), l, false);
            }
            if (l == Long.MIN_VALUE) {
                return new Expr.Binary(at.pos(), BinaryOp.SUB, new Expr.Unary(at.pos(), UnaryOp.NEG,
                        new Expr.IntLiteral(at.pos(), Long.MAX_VALUE, false)), new Expr.IntLiteral(at.pos(), 1, false));
            }
            return new Expr.Unary(at.pos(), UnaryOp.NEG, new Expr.IntLiteral(at.pos(), -l, false));
        }
        double d = v.d();
        if (Double.isNaN(d)) {
            return new Expr.Binary(at.pos(), BinaryOp.DIV, new Expr.FloatLiteral(at.pos(), 0.0),
                    new Expr.FloatLiteral(at.pos(), 0.0));
        }
        if (d < 0 || d == 0 && 1 / d < 0) {
            return new Expr.Unary(at.pos(), UnaryOp.NEG, new Expr.FloatLiteral(at.pos(), -d));
        }
        return new Expr.FloatLiteral(at.pos(), d);
    }
}
