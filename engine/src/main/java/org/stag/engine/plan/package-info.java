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
 */
package org.stag.engine.plan;
