/**
 * GAP and SNAP edge lists ({@code .el}, {@code .wel}, {@code .txt}), read through {@code text}.
 *
 * <p>A layer of the loaders above {@code text} and the model; the order of the layers is in the {@code
 * org.stag.loaders} package documentation ({@code LoadersLayersTest}).
 */
package org.stag.loaders.edgelist;
