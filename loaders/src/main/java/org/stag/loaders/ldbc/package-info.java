/**
 * LDBC Graphalytics graphs: the {@code .properties} file (direction and the one edge property stag reads), the
 * vertex table of 64-bit ids and the edge file, read through {@code text}.
 *
 * <p>A layer of the loaders above {@code text} and the model; the order of the layers is in the {@code
 * org.stag.loaders} package documentation ({@code LoadersLayersTest}).
 */
package org.stag.loaders.ldbc;
