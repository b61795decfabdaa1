package org.stag.engine.check;

import java.util.List;
import java.util.Set;
import org.stag.engine.front.ScalarType;

/**
 * What an expression may refer to besides variables: index variables (in a definition), {@code #k} (in a
 * star call's stop condition or a FormatRule) and {@code fill} (in a tensor definition). Each absent
 * facility carries the message given when an expression uses it anyway.
 *
 * @param indexVars        index variables of the definition
 * @param allowedIndexVars those this expression may use (a reduction's initial value: only the free ones)
 * @param indexRestriction the message when one of the others is used
 * @param refs             types of {@code #1}, {@code #2}, ..., or null
 * @param refsOwner        for messages, e.g. "Step has 4 outputs"
 * @param fill             the type of {@code fill}, or null
 */
record ExprEnv(Scope scope, Set<String> indexVars, Set<String> allowedIndexVars, String indexRestriction,
               List<VarType> refs, String refsOwner, ScalarType fill, String fillUnavailable) {

    static final String NO_REFS = " can only be used in a star call's stop condition or in a FormatRule";
    static final String NO_FILL = "'fill' stands for the fill value of the tensor being defined; there is none here";

    /** Scalars only: globals and the function's variables. */
    static ExprEnv scalars(Scope scope) {
        return new ExprEnv(scope, Set.of(), Set.of(), null, null, null, null, NO_FILL);
    }

    ExprEnv withRefs(List<VarType> types, String owner) {
        return new ExprEnv(scope, indexVars, allowedIndexVars, indexRestriction, types, owner, fill, fillUnavailable);
    }

    ExprEnv withIndices(Set<String> all, Set<String> allowed, String restriction) {
        return new ExprEnv(scope, all, allowed, restriction, refs, refsOwner, fill, fillUnavailable);
    }

    ExprEnv withFill(ScalarType type, String unavailable) {
        return new ExprEnv(scope, indexVars, allowedIndexVars, indexRestriction, refs, refsOwner, type, unavailable);
    }
}
