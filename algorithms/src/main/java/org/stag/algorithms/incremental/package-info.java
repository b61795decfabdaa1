/**
 * Incremental algorithms: results kept up to date across batches of edge updates by stag programs that start
 * from the previous result ({@code *-incremental.stag}), with a full run wherever a batch may invalidate it.
 */
package org.stag.algorithms.incremental;
