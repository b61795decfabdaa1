/**
 * Read-only graph views the algorithms work on: {@link org.stag.algorithms.graph.Csr} holds a loaded
 * graph's out-edges and its in-edges (the transpose, built once).
 */
package org.stag.algorithms.graph;
