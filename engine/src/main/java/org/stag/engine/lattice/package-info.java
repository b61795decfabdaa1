/**
 * Merge lattices ([Chou 2018] §4, TACO): per loop, the sets of sparse operands present at a coordinate where the
 * body still contributes ({@link org.stag.engine.lattice.LatticePoint}), built from the symbolic evaluation
 * ({@code cin.Symbolic}) through {@link org.stag.engine.lattice.Contribution}, and the
 * {@link org.stag.engine.lattice.Merge} the lowering reads off a {@link org.stag.engine.lattice.MergeLattice}:
 * skip, iterate, intersect, union, the whole dimension, or a single point.
 */
package org.stag.engine.lattice;
