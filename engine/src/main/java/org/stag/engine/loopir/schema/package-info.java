/**
 * Code for dynamic levels derived from their node schema alone ({@link org.stag.engine.loopir.schema.SchemaLevelCode}):
 * unpacking, an unordered depth-first visit, an in-order state machine (visit and cursor) and a search, all
 * emitted from the schema's {@code WalkPlan} (the walk that {@code formats}' interpreted reads run too: steps,
 * loops, reference kinds, shapes, stacks and the search rule), never from a format's implementation. See
 * {@code docs/compiler.md}, "Dynamic levels from the schema".
 */
package org.stag.engine.loopir.schema;
