/**
 * LDBC Graphalytics graphs: the {@code .properties} file (direction and the one edge property stag reads), the
 * vertex table of 64-bit ids and the edge file, read through {@code text}.
 */
package org.stag.loaders.ldbc;
