package org.stag.engine.front;

/** A statement in a function body. */
public sealed interface Stmt extends Node permits VarDecl, Definition, Call, StarCall {
}
