package org.stag.engine.check;

import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.StarCall;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * What checking learns about individual nodes, keyed by node identity (two equal-looking expressions in
 * different places are different keys). Becomes part of {@link CheckedProgram}.
 */
final class Facts {
    final Map<Expr, ScalarType> types = new IdentityHashMap<>();
    final Map<Expr.Name, Symbol> symbols = new IdentityHashMap<>();
    final Map<Definition, DefinitionInfo> definitions = new IdentityHashMap<>();
    final Map<StarCall, StarCallInfo> starCalls = new IdentityHashMap<>();
    /** Operators by name: the built-ins, then each {@code Def} once it is checked. */
    final Map<String, Operator> operators = new LinkedHashMap<>();

    Facts() {
        for (Operator op : Operators.builtins()) {
            operators.put(op.name(), op);
        }
    }
}
