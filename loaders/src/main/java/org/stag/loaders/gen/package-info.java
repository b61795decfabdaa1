/**
 * Deterministic synthetic graph generators: Graph500 Kronecker ({@link org.stag.loaders.gen.KroneckerGenerator}),
 * uniform random ({@link org.stag.loaders.gen.UniformRandomGenerator}) and road-like grids
 * ({@link org.stag.loaders.gen.GridGenerator}), all configured by
 * {@link org.stag.loaders.gen.GeneratorOptions}.
 *
 * <p>Equal options give identical edge arrays for any thread count and any JVM: the edge range is cut
 * into blocks of 2^16 whose size does not depend on the thread count; each block draws from its own
 * SplitMix64 stream seeded by hashing (seed, purpose, block index) and writes only its own slice of the
 * output. Weights come from a separate stream, so weighting a graph, or making it directed, does not
 * change its edges.
 *
 * <p>A layer of the loaders above {@code binary} (it streams {@code .stagb} files) and the model; the order of the
 * layers is in the {@code org.stag.loaders} package documentation ({@code LoadersLayersTest}).
 */
package org.stag.loaders.gen;
