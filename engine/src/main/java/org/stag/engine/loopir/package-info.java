/**
 * The loop IR and the lowering to it. {@link org.stag.engine.loopir.Block}s hold simple and scoped statements;
 * {@link org.stag.engine.loopir.LoopPlanner} orders a kernel's loops, {@link org.stag.engine.loopir.KernelGenerator}
 * lowers one kernel by walking its {@code cin} tree after the passes ({@link org.stag.engine.loopir.CinWalker}),
 * reading each loop's {@code lattice.MergeLattice}, and
 * {@link org.stag.engine.loopir.GroupDriver} a fused group with the same classes by walking its fused tree
 * ({@code pass.Fusion}: the outer forall is the shared loop, one generator per member of its sequence), with {@link org.stag.engine.loopir.ExprEmitter}
 * for the typed {@code cin} expressions and the level code ({@link org.stag.engine.loopir.LevelCode}:
 * {@link org.stag.engine.loopir.StaticLevelCode}, {@code schema.SchemaLevelCode}) for unpacking, visits,
 * cursors and locates. The results, {@link org.stag.engine.loopir.LoweredKernel} and
 * {@link org.stag.engine.loopir.LoweredFusion}, are printed by {@code javagen}. Expressions inside statements
 * are typed trees ({@link org.stag.engine.loopir.Ex}, built with {@link org.stag.engine.loopir.Exprs}), each
 * with its {@link org.stag.engine.loopir.JavaType}.
 *
 * <p>Stage 7 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib};
 * its subpackage {@code loopir.schema} is part of the stage ({@code PipelineOrderTest}).
 */
package org.stag.engine.loopir;
