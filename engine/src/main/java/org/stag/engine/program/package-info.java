/**
 * The program executor, the last stage: runs a checked stag program whose definitions the kernel compiler turns
 * into kernels (which link to {@code kernellib}, not to this package).
 *
 * <ul>
 *   <li>{@link org.stag.engine.program.ProgramRunner} binds parameters (command-line text, defaults, input
 *       shapes) and input tensors, prepares every function once, and runs {@code Main}.</li>
 *   <li>Variables live in primitive slots of one activation per function ({@code Env}); statements are
 *       prepared {@code Step}s: kernels (bound per combination of operand formats and uniform {@code ifelse}
 *       values, each taken from the {@link org.stag.engine.plan.ProgramPlan} compiled before the run; a
 *       combination the plan lacks is an {@code IllegalStateException}), index-free scalar definitions
 *       ({@code ScalarEval}, no kernel), calls and star calls.</li>
 *   <li>Star calls apply their FormatRules before each run, converting an argument whenever the decision
 *       differs from its current format, and test their stop condition after each run.</li>
 *   <li>Dense results are written into the buffers of dead values: each buffer counts the slots that hold
 *       it and returns to a pool of its type when none does, which is the double buffering of GSTACO
 *       ([Dima 2023], §4.5.1) decided at run time. After its first iterations an outer loop allocates
 *       nothing (measured in {@code AllocationTest}).</li>
 *   <li>{@link org.stag.engine.program.RunOptions#explain} prints, per outer iteration, the kernels run with
 *       their formats and loop order, each rule decision with the values of its condition's operands, and
 *       each stop decision.</li>
 *   <li>{@link org.stag.engine.program.ScalarDefEvaluator} lends the scalar evaluator to the checker, which tests a
 *       {@code Def}'s declared laws with it (a {@code java.util.ServiceLoader} service, so that {@code check}
 *       does not refer to this later stage).</li>
 * </ul>
 *
 * <p>Stage 10 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.program;
