/**
 * Merge lattices ([Chou 2018] §4, TACO): per loop, the sets of sparse operands present at a coordinate where the
 * body still contributes ({@link org.stag.engine.lattice.LatticePoint}), built from the symbolic evaluation
 * ({@code cin.Symbolic}) through {@link org.stag.engine.lattice.Contribution}, and the
 * {@link org.stag.engine.lattice.Merge} the lowering reads off a {@link org.stag.engine.lattice.MergeLattice}:
 * skip, iterate, intersect, union, the whole dimension, or a single point.
 *
 * <p>Stage 6 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.lattice;
