/**
 * Update streams for a loaded graph: a reading thread ({@code UpdateBlocks}), parallel line parsing
 * ({@code UpdateLines}), id mapping ({@code UpdateIds}) and batches handed out in file order
 * ({@code UpdateBatchReader}, {@code BatchFill}); and the generator that writes them. Uses {@code text} and the
 * model.
 *
 * <p>A layer of the loaders above {@code text} and the model; the order of the layers is in the {@code
 * org.stag.loaders} package documentation ({@code LoadersLayersTest}).
 */
package org.stag.loaders.updates;
