package org.stag.engine.front;

/** A top-level item: a global declaration or a function. */
public sealed interface Item extends Node permits VarDecl, FunctionDecl {

    /** The declared name. */
    String name();
}
