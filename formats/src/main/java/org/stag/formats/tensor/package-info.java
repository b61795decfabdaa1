/**
 * Tensors of any order in any format built from {@link org.stag.formats.level levels}.
 *
 * <h2>Formats</h2>
 * A {@link org.stag.formats.tensor.Format} is a list of level formats plus a mode order (level {@code k}
 * stores mode {@code order[k]}). Format strings ({@link org.stag.formats.tensor.FormatParser}):
 * <pre>
 * dense,compressed                               CSR
 * dense,compressed;order=1,0                     CSC
 * compressed,compressed                          DCSR (CSF for more levels)
 * compressed(nonunique),singleton                COO (order 3: compressed(nonunique),singleton(nonunique),singleton)
 * bitmap / hashed / dense                        frontier vectors
 * dense,list   list,list                         dynamic levels by schema name
 * </pre>
 * A singleton needs a non-unique compressed or singleton parent; a dynamic level needs a unique parent
 * (see {@link org.stag.formats.tensor.Format}). Dynamic level names are the shipped schema names; the
 * implementations come from a {@link org.stag.formats.tensor.DynamicFormatRegistry}
 * ({@link org.stag.formats.tensor.DynamicFormats#builtin()}).
 *
 * <h2>Values</h2>
 * {@link org.stag.formats.tensor.Values} hold one primitive array of a
 * {@link org.stag.formats.tensor.ValueType} (bool, int, long, float, double) and the fill value of every
 * component not stored ([Henry 2021], §4.1). Values are indexed by the last level's positions. A dynamic level
 * that is not the last stores positions in its elements ({@code ValueMode.POSITION}); a dynamic last level
 * stores the values themselves for double tensors ({@code ValueMode.DOUBLE}, as a graph's
 * weights do) and positions into the typed array for the other types (a {@code DynamicFormat} carries doubles,
 * which cannot hold every long).
 *
 * <h2>Building, reading, converting</h2>
 * {@link org.stag.formats.tensor.Tensor#build} sorts an unsorted coordinate list into level order
 * (a stable counting sort per level; the last of duplicate coordinates wins) and assembles the levels top-down with their
 * append or insert functions. Every given component is stored, explicit fill values included; dense levels
 * store every coordinate. {@link org.stag.formats.tensor.TensorCursor} yields the stored components in level
 * order without allocating per component (hashed buckets and unordered schemas are sorted per parent into
 * reused buffers). {@link org.stag.formats.tensor.Tensor#convert} streams one tensor into another format,
 * dropping explicit fill values, and sorts again only when the mode orders differ.
 * {@link org.stag.formats.tensor.Tensor#memoryBytes()} counts the levels' arrays and the values.
 *
 * <p>In the formats pipeline ({@code schema} &rarr; {@code dynamic} &rarr; {@code level} &rarr; {@code tensor}
 * &rarr; {@code graph}) this is {@code tensor}: it uses only the packages before it ({@code HouseRulesTest}).
 */
package org.stag.formats.tensor;
