/**
 * Concrete index notation (TACO's, [Chou 2018] §3): a kernel as a tree of statements
 * ({@link org.stag.engine.cin.IndexStmt}: forall, where, sequence, assignment) over typed expressions
 * ({@link org.stag.engine.cin.IndexExpr}), built by {@link org.stag.engine.cin.Concretize} for a loop order and
 * printed by {@link org.stag.engine.cin.CinPrinter}; the kernel's environment
 * ({@link org.stag.engine.cin.KernelSpec}: accesses with the index of every level in level order, reduction
 * groups, scalars, value reads, the typed right-hand side), expression types the checker implies
 * ({@link org.stag.engine.cin.ExprTypes}) and the symbolic evaluation of a typed right-hand side with absent
 * operands reading their fill value ({@link org.stag.engine.cin.Symbolic}, values {@link org.stag.engine.cin.Sym}),
 * which the passes and the merge lattices ask. The passes ({@code pass.KernelPasses}, and {@code pass.Fusion} for
 * a fused group) rewrite the tree and the lowering ({@code loopir.CinWalker}, {@code loopir.GroupDriver}) walks it.
 *
 * <p>Stage 3 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.cin;
