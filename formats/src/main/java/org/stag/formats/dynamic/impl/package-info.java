/**
 * The shipped dynamic level formats, one {@link org.stag.formats.dynamic.DynamicFormat} per schema of
 * {@code org/stag/formats/schema/*.schema}: lists ({@code ListFormat}), block lists ({@code BlistFormat},
 * {@code VblistFormat}), binary search trees ({@code BstFormat}, {@code RbtreeFormat}), T-trees
 * ({@code TtreeFormat}), C-trees ({@code CtreeFormat}, Aspen's chunked trees with hash-chosen heads) and
 * B-trees ({@code BtreeFormat}); and {@code GenericFormat}, which serves a user's schema without Java of its
 * own. Each implements assembly and batch updates; the reads come from the schema
 * ({@link org.stag.formats.dynamic.SchemaWalk}). The other classes are their shared parts (tree and block
 * shapes, scratch arrays, checkers).
 *
 * <p>In the formats pipeline ({@code schema} &rarr; {@code dynamic} &rarr; {@code level} &rarr; {@code tensor}
 * &rarr; {@code graph}) this is {@code dynamic} (its shipped formats): it uses only the packages before it ({@code
 * HouseRulesTest}).
 */
package org.stag.formats.dynamic.impl;
