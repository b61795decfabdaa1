/**
 * The stag language front end: {@link org.stag.engine.front.Parser} turns program text into an immutable
 * syntax tree ({@link org.stag.engine.front.Program} and the {@link org.stag.engine.front.Node} records, each
 * with a {@link org.stag.engine.front.SourcePos}); {@link org.stag.engine.front.Printer} prints a tree back to
 * source. Errors are {@link org.stag.engine.front.ProgramException}s with file, line, column and a caret
 * snippet. The language is described in {@code docs/language.md}; semantic checks live in
 * {@code org.stag.engine.check}.
 *
 * <p>Stage 1 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses no other package of the engine ({@code PipelineOrderTest}).
 */
package org.stag.engine.front;
