package org.stag.engine.loopir;

import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.not;

import java.util.List;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;

/**
 * The loop IR of an operator descriptor's Java facts ({@code ops.Operator}): its {@link Operator.JavaForm}
 * (an infix operator or a static method) as an expression, its compound assignment, and its decided test.
 * The descriptor describes them abstractly, so {@code ops} does not depend on the loop IR; this class is the
 * one place that turns them into {@link Ex} nodes.
 */
final class OperatorCode {
    private OperatorCode() {
    }

    /** {@code op(x, y)} in type {@code t} for a built-in (a {@code Def}'s body is inlined by {@link ExprEmitter}). */
    static Ex apply(Operator op, Ex x, Ex y, ScalarType t) {
        Operator.JavaForm f = op.javaForm(t);
        if (f instanceof Operator.JavaForm.Infix i) {
            return Exprs.bin(Ex.BinOp.of(i.symbol()), x, y);
        }
        Operator.JavaForm.StaticCall c = (Operator.JavaForm.StaticCall) f;
        return new Ex.StaticCall(JavaType.ref(c.owner()), c.method(), List.of(x, y), JavaTypes.type(t));
    }

    /** The compound assignment updating an accumulator with {@code op} ({@code +=}), or null. */
    static Stmt.AssignOp compound(Operator op) {
        return op.compound() == null ? null : Stmt.AssignOp.of(op.compound());
    }

    /** Whether accumulator {@code acc} of type {@code t} can no longer change ({@link Operator#decided(ScalarType)}). */
    static Ex decided(Operator op, Ex acc, ScalarType t) {
        Operator.Decided d = op.decided(t);
        if (t == ScalarType.BOOL) {
            return d.equal() == d.value().bool() ? acc : not(acc);
        }
        Ex value = JavaTypes.lit(d.value());
        return d.equal() ? eq(acc, value) : ne(acc, value);
    }
}
