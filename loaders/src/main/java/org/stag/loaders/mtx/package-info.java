/**
 * Matrix Market files: the banner, LAGraph's {@code %%GraphBLAS type} line and the size line, then the
 * coordinate entries (through {@code text}) or the dense array values. Uses {@code text} and the model.
 *
 * <p>A layer of the loaders above {@code text} and the model; the order of the layers is in the {@code
 * org.stag.loaders} package documentation ({@code LoadersLayersTest}).
 */
package org.stag.loaders.mtx;
