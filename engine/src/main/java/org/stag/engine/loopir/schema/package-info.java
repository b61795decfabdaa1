/**
 * Code for dynamic levels derived from their node schema alone ({@link org.stag.engine.loopir.schema.SchemaLevelCode}):
 * unpacking, an unordered depth-first visit, an in-order state machine (visit and cursor) and a search, all
 * read from {@code NodeType.traversal()}, chains, supertypes and the pools' field layouts, never from a
 * format's implementation. See {@code docs/compiler.md}, "Dynamic levels from the schema".
 */
package org.stag.engine.loopir.schema;
