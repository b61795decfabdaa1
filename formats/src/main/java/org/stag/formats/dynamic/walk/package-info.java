/**
 * The walk of a node schema's structures, defined once: {@link org.stag.formats.dynamic.walk.WalkPlan} compiles a
 * schema into steps per node type, array loops, chain and binary-tree shapes, reference kinds, the stacks a walk
 * needs and the search rule. {@link org.stag.formats.dynamic.walk.SchemaWalk} runs the plan over a store's arrays
 * ({@code size}, {@code collect}, {@code get}); the engine's schema level code emits its visits, cursors and
 * {@code locate} from the same plan. The package reads only the schema; stores hand it their arrays.
 *
 * <p>In the formats pipeline ({@code schema} &rarr; {@code dynamic} &rarr; {@code level} &rarr; {@code tensor}
 * &rarr; {@code graph}) this is {@code dynamic} (the walk of a schema, read by the level code of the engine too):
 * it uses only the packages before it ({@code HouseRulesTest}).
 */
package org.stag.formats.dynamic.walk;
