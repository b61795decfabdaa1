package org.stag.engine.front;

/**
 * A node of the abstract syntax tree. Every node is an immutable record that knows where it starts in
 * the source. Record equality includes positions; {@link Trees#sameShape} compares trees without them.
 */
public sealed interface Node
        permits Program, Item, Stmt, Param, TypeRef, Dimension, Size, Ident, Target, Reduction, LoopOrder,
        FormatRule, Format, Expr, ScalarDef.Algebra {

    /** Where the node starts (for an operator expression: where the operator is). */
    SourcePos pos();
}
