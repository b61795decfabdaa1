/**
 * stag's own binary graph file ({@code .stagb}): a canonical CSR graph with a validated header and a CRC32C
 * per section, loaded with bulk reads instead of parsing text. The layout is in {@code docs/binary-format.md}
 * and {@link org.stag.loaders.binary.BinaryLayout}.
 */
package org.stag.loaders.binary;
