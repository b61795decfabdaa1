package org.stag.engine.front;

/** A top-level item: a global declaration, a function or a scalar function ({@code Def}). */
public sealed interface Item extends Node permits VarDecl, FunctionDecl, ScalarDef {

    /** The declared name. */
    String name();
}
