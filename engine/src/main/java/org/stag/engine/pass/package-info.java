/**
 * Passes decided on the checked tree of a function body, each switchable ({@link org.stag.engine.pass.Passes},
 * {@code --no-pass}): fusion's liveness ({@link org.stag.engine.pass.Liveness}), in-place updates
 * ({@link org.stag.engine.pass.InPlace}), pass-throughs ({@link org.stag.engine.pass.PassThrough}), common
 * subexpressions ({@link org.stag.engine.pass.CommonSubexpressions}) and active sets
 * ({@link org.stag.engine.pass.ActiveSet}); fusion's rewrite of a fused group's members' trees into one
 * ({@link org.stag.engine.pass.Fusion}). The planner and the runtime call the same functions, so the plan
 * and the run agree.
 *
 * <p>Stage 4 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.pass;
