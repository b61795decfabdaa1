/**
 * Text to entries, shared by the text readers: numbers scanned straight out of byte buffers, lines cut into
 * chunks and parsed on several threads, gzip opened by its magic bytes (and refused with bytes after its data),
 * and I/O failures put into plain words. Uses only the model below it.
 */
package org.stag.loaders.text;
