package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.front.Expr;

/** The operands of an expression node, for the passes' walks. */
final class Exprs {
    private Exprs() {
    }

    /** The direct sub-expressions of {@code e} (an access's indices included). */
    static List<Expr> children(Expr e) {
        List<Expr> k = new ArrayList<>();
        if (e instanceof Expr.Access a) {
            k.addAll(a.indices());
        } else if (e instanceof Expr.Unary u) {
            k.add(u.operand());
        } else if (e instanceof Expr.Binary b) {
            k.add(b.left());
            k.add(b.right());
        } else if (e instanceof Expr.IfElse i) {
            k.add(i.condition());
            k.add(i.then());
            k.add(i.otherwise());
        } else if (e instanceof Expr.BuiltinCall c) {
            k.addAll(c.args());
        } else if (e instanceof Expr.Convert c) {
            k.add(c.value());
        }
        return k;
    }
}
