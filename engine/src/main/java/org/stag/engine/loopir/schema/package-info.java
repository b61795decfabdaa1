/**
 * Code for dynamic levels derived from their node schema alone ({@link org.stag.engine.loopir.schema.SchemaLevelCode}):
 * unpacking, an unordered depth-first visit, an in-order state machine (visit and cursor) and a search, all
 * emitted from the schema's {@code WalkPlan} (the walk that {@code formats}' interpreted reads run too: steps,
 * loops, reference kinds, shapes, stacks and the search rule), never from a format's implementation. See
 * {@code docs/compiler.md}, "Dynamic levels from the schema".
 *
 * <p>Part of stage 7, {@code loopir}, of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code
 * cin} &rarr; {@code pass} &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen}
 * &rarr; {@code jit} &rarr; {@code program}); it reads the schema's walk from {@code formats}.
 */
package org.stag.engine.loopir.schema;
