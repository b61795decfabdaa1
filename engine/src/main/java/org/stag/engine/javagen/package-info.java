/**
 * Java emission, printing only: {@link org.stag.engine.javagen.KernelSource} wraps a lowered kernel's loop IR in a
 * class implementing {@code kernellib.KernelBody} ({@link org.stag.engine.javagen.JavaPrinter} prints the
 * blocks); {@link org.stag.engine.javagen.KernelPlan} and {@link org.stag.engine.javagen.FusedPlan} pair the
 * source ({@link org.stag.engine.javagen.GeneratedSource}) with its calling convention;
 * {@link org.stag.engine.javagen.SourceEmitter} writes sources for {@code --emit-java DIR}.
 *
 * <p>Stage 8 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.javagen;
