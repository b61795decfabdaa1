/**
 * Concrete index notation: one definition over given formats as the lowering sees it
 * ({@link org.stag.engine.cin.KernelSpec}: accesses with the index of every level in level order, reduction
 * groups, scalars, decided uniform conditions, value reads), expression types
 * ({@link org.stag.engine.cin.ExprTypes}) and the symbolic evaluation of a right-hand side with absent
 * operands reading their fill value ({@link org.stag.engine.cin.Symbolic}, values {@link org.stag.engine.cin.Sym}),
 * which the passes and the merge lattices ask.
 */
package org.stag.engine.cin;
