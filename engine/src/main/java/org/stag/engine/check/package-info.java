/**
 * The semantic checker of the stag language. {@link org.stag.engine.check.Checker} takes a parsed
 * {@link org.stag.engine.front.Program} and either throws a {@link org.stag.engine.front.ProgramException}
 * at the first problem or returns a {@link org.stag.engine.check.CheckedProgram}: symbols, expression types,
 * per-definition index structure ({@link org.stag.engine.check.DefinitionInfo}) and outer loops
 * ({@link org.stag.engine.check.StarCallInfo}) for the compiler. Level names and capabilities come from a
 * {@link org.stag.engine.check.LevelCatalog}, the compiler's hook. Operator names resolve to
 * {@link org.stag.engine.ops.Operator} descriptors ({@link org.stag.engine.check.CheckedProgram#operator}); a
 * program's {@code Def}s become descriptors once their declared laws pass evaluation by the runtime's scalar
 * evaluator, found as a {@link org.stag.engine.check.DefEvaluator} service so that the checker refers to no
 * later stage.
 *
 * <p>Stage 2 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.check;
