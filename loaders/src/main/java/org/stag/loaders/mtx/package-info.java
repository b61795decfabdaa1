/**
 * Matrix Market files: the banner, LAGraph's {@code %%GraphBLAS type} line and the size line, then the
 * coordinate entries (through {@code text}) or the dense array values. Uses {@code text} and the model.
 */
package org.stag.loaders.mtx;
