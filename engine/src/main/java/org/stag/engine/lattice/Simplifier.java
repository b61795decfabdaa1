package org.stag.engine.lattice;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
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

    String text(IndexExpr e) {
        return CinPrinter.print(simplify(e));
    }

    IndexExpr simplify(IndexExpr e) {
        Sym v = sym.eval(e);
        if (v.known() && !(e instanceof IndexExpr.Literal)) {
            return new IndexExpr.Literal(constant(v));
        }
        if (e instanceof IndexExpr.Binary b) {
            IndexExpr l = simplify(b.left());
            IndexExpr r = simplify(b.right());
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
            return new IndexExpr.Binary(b.op(), l, r, b.type(), b.operandType());
        }
        if (e instanceof IndexExpr.IfElse i) {
            Sym c = sym.eval(i.condition());
            if (c.known()) {
                return simplify(c.b() ? i.then() : i.otherwise());
            }
            return new IndexExpr.IfElse(simplify(i.condition()), simplify(i.then()), simplify(i.otherwise()), i.type());
        }
        if (e instanceof IndexExpr.Call c) {
            Operator op = c.op();
            ScalarType t = c.argType();
            Sym x = Sym.convert(sym.eval(c.args().get(0)), t);
            Sym y = Sym.convert(sym.eval(c.args().get(1)), t);
            Sym id = Sym.identity(op, t);
            if (x.sameAs(id)) {
                return simplify(c.args().get(1));
            }
            if (y.sameAs(id)) {
                return simplify(c.args().get(0));
            }
            List<IndexExpr> args = new ArrayList<>();
            c.args().forEach(a -> args.add(simplify(a)));
            return new IndexExpr.Call(op, args, c.type());
        }
        if (e instanceof IndexExpr.Unary u) {
            return new IndexExpr.Unary(u.op(), simplify(u.operand()), u.type());
        }
        if (e instanceof IndexExpr.Cast c) {
            return new IndexExpr.Cast(simplify(c.value()), c.type());
        }
        return e;
    }

    private static Constant constant(Sym v) {
        return switch (v.type()) {
            case BOOL -> Constant.ofBool(v.b());
            case INT, LONG -> Constant.ofInteger(v.type(), v.l());
            default -> Constant.ofReal(v.type(), v.d());
        };
    }
}
