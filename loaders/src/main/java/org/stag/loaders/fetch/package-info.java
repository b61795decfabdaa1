/**
 * Graphs by name: {@link org.stag.loaders.fetch.DatasetManifest} lists the SuiteSparse graphs stag can fetch with
 * the size and digest each download must have, and {@link org.stag.loaders.fetch.DatasetCache} downloads one
 * (resuming a partial download with an HTTP range request), verifies it, and copies its graph file out of the
 * {@code .tar.gz}. Nothing is trusted on first use: a download that does not match the manifest is deleted.
 */
package org.stag.loaders.fetch;
