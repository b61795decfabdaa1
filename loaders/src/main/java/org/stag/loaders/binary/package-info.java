/**
 * stag's own binary graph file ({@code .stagb}): a canonical CSR graph with a validated header and a CRC32C
 * per section, loaded with bulk reads instead of parsing text. The layout is in {@code docs/binary-format.md}
 * and {@link org.stag.loaders.binary.BinaryLayout}.
 *
 * <p>A layer of the loaders above {@code text} and the model; the order of the layers is in the {@code
 * org.stag.loaders} package documentation ({@code LoadersLayersTest}).
 */
package org.stag.loaders.binary;
