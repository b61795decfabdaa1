/**
 * Levels of a coordinate hierarchy ([Chou 2018], §3): the interface the compiler reasons with, and the
 * storage of each level format.
 *
 * <h2>What the compiler sees</h2>
 * A {@link org.stag.formats.level.LevelFormat} has capabilities
 * ({@link org.stag.formats.level.Capability}), properties ({@link org.stag.formats.level.Property}) and a
 * {@link org.stag.formats.level.LocateCost}; code generation uses nothing else, so a new level format needs
 * no change to it.
 *
 * <table>
 *   <caption>Capabilities and properties (✓ always, (✓) configurable, – never)</caption>
 *   <tr><th>level</th><th>iteration</th><th>locate</th><th>assembly</th>
 *       <th>full</th><th>ordered</th><th>unique</th><th>branchless</th><th>compact</th></tr>
 *   <tr><td>dense</td><td>V</td><td>O(1)</td><td>insert</td><td>✓</td><td>(✓)</td><td>(✓)</td><td>–</td><td>✓</td></tr>
 *   <tr><td>compressed</td><td>P</td><td>–</td><td>append</td><td>(✓)</td><td>(✓)</td><td>(✓)</td><td>–</td><td>✓</td></tr>
 *   <tr><td>singleton</td><td>P</td><td>–</td><td>append</td><td>(✓)</td><td>(✓)</td><td>(✓)</td><td>✓</td><td>✓</td></tr>
 *   <tr><td>hashed</td><td>P</td><td>O(1)</td><td>insert</td><td>(✓)</td><td>–</td><td>(✓)</td><td>–</td><td>–</td></tr>
 *   <tr><td>bitmap</td><td>V</td><td>O(1)</td><td>insert</td><td>–</td><td>✓</td><td>✓</td><td>–</td><td>–</td></tr>
 *   <tr><td>dynamic</td><td>schema</td><td>O(depth) for search trees</td><td>append, build; insert = batch update</td>
 *       <td>–</td><td>iff schema ordered</td><td>✓</td><td>–</td><td>iff all elems nonempty</td></tr>
 * </table>
 *
 * The first four rows are [Chou 2018], Table 1 (range and offset, used for DIA, are not provided). Levels
 * written without modifiers are ordered and unique where that is configurable (Figure 4), hashed levels
 * unordered and unique. Bitmap is dense with a presence bit per position, for frontiers: same positions,
 * iteration and O(1) locate as dense, insert sets the bit; a cleared bit is an unlabeled position, so it is
 * neither full nor compact, and since each coordinate has one fixed position it is always ordered and
 * unique. Dynamic levels are described in {@link org.stag.formats.level.DynamicLevelFormat}.
 *
 * <h2>Storage</h2>
 * One class per level type, each with primitive arrays that generated code reads into locals, the level
 * functions of Table 2 ({@code posBegin}/{@code posEnd}/{@code coord}, {@code locate}) and the assembly of
 * Table 3 ({@code appendInit}/{@code appendCoord}/{@code appendEdges}/{@code appendFinalize} for compressed
 * and singleton, {@code insertInit}/{@code insertCoord} for dense, hashed and bitmap, {@code appendInit}
 * with {@code build} or {@code append} for dynamic levels). Hashed segments are sized per parent rather than
 * with the uniform width of [Chou 2018], because graph degrees are skewed (see
 * {@link org.stag.formats.level.HashedLevel}).
 *
 * <p>In the formats pipeline ({@code schema} &rarr; {@code dynamic} &rarr; {@code level} &rarr; {@code tensor}
 * &rarr; {@code graph}) this is {@code level}: it uses only the packages before it ({@code HouseRulesTest}).
 */
package org.stag.formats.level;
