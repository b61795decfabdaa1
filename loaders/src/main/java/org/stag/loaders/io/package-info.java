/**
 * The loaders' entry points, above every other package of the module: {@link org.stag.loaders.io.GraphLoader}
 * reads a graph file (or standard input, spooled first) by its format, and {@link org.stag.loaders.io.GraphWriter}
 * writes one. Nothing else in the module uses them.
 */
package org.stag.loaders.io;
