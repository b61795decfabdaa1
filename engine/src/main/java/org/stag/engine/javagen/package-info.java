/**
 * Java emission, printing only: {@link org.stag.engine.javagen.KernelSource} wraps a lowered kernel's loop IR in a
 * class implementing {@code kernellib.KernelBody} ({@link org.stag.engine.javagen.JavaPrinter} prints the
 * blocks); {@link org.stag.engine.javagen.KernelPlan} and {@link org.stag.engine.javagen.FusedPlan} pair the
 * source ({@link org.stag.engine.javagen.GeneratedSource}) with its calling convention;
 * {@link org.stag.engine.javagen.SourceEmitter} writes sources for {@code --emit-java DIR}.
 */
package org.stag.engine.javagen;
