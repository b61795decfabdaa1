/** GAP and SNAP edge lists ({@code .el}, {@code .wel}, {@code .txt}), read through {@code text}. */
package org.stag.loaders.edgelist;
