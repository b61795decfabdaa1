/**
 * The program plan: what a program runs, decided before it runs.
 *
 * <ul>
 *   <li>{@link org.stag.engine.plan.Planner} follows a checked program from {@code Main} with the formats of
 *       its inputs, through calls and star calls (to a fixed point, each FormatRule deciding both ways), and
 *       collects per statement a {@link org.stag.engine.plan.KernelVariant} for every format tuple it can meet.</li>
 *   <li>{@link org.stag.engine.plan.FusionGroups} finds the fused groups (the runtime asks the same;
 *       {@link org.stag.engine.plan.Fusible} says what may fuse), and the
 *       plan records the buffer each dense result takes, as the runtime's liveness assigns it.</li>
 *   <li>{@link org.stag.engine.plan.ProgramPlan} is the value: one line per statement in {@code toString()}.
 *       The runtime compiles its kernels up front and runs nothing else; {@code stag compile} writes them.</li>
 * </ul>
 *
 * <p>Stage 5 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.plan;
