/**
 * Dynamic storage: the node storage that dynamic level formats live in, the formats themselves, and the
 * update batches they take. It reads only the {@link org.stag.formats.schema schema}; the levels above
 * ({@code org.stag.formats.level.DynamicLevel}) shard and schedule it.
 *
 * <h2>Node storage</h2>
 * A {@link org.stag.formats.dynamic.NodeStore} holds some structures of one schema: a
 * {@link org.stag.formats.dynamic.NodePool} per node type (struct-of-arrays, int handles from 1, laid out
 * by each field's {@link org.stag.formats.dynamic.FieldLayout}) and one
 * {@link org.stag.formats.dynamic.ChunkArena} for unbounded array fields. Children typed by a supertype
 * carry their subtype in the handle ({@link org.stag.formats.dynamic.SupertypeHandles}).
 * {@link org.stag.formats.dynamic.NodeOrder} is a read-side index of a shard's search trees in in-order;
 * {@link org.stag.formats.dynamic.ShardedRows} says how many parents share a store and
 * {@link org.stag.formats.dynamic.SnapshotEpochs} when a store shared with a snapshot must be copied.
 *
 * <h2>Formats</h2>
 * A {@link org.stag.formats.dynamic.DynamicFormat} is a schema plus its assembly and batch updates; the
 * shipped ones are in {@code impl} and registered by name in
 * {@link org.stag.formats.dynamic.BuiltinFormats}. Reads ({@code size}, {@code collect}, {@code get}) are
 * derived from the schema for every format ({@link org.stag.formats.dynamic.SchemaWalk}). Elements carry a
 * position, a double value or nothing ({@link org.stag.formats.dynamic.ValueMode}).
 *
 * <h2>Update batches</h2>
 * {@link org.stag.formats.dynamic.UpdateBatch} sorts and de-duplicates a batch of edge updates (checked whole
 * first by {@code BatchCheck}; growth by {@link org.stag.formats.dynamic.BatchGrowth}), with
 * {@link org.stag.formats.dynamic.ParallelLongSort} for packed keys and
 * {@link org.stag.formats.dynamic.BatchScratch} for working arrays reused from batch to batch;
 * {@link org.stag.formats.dynamic.UpdateStats} says what a batch did.
 */
package org.stag.formats.dynamic;
