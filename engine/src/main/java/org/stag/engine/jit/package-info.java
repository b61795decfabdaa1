/**
 * In-process compilation of generated kernels. {@link org.stag.engine.jit.DefinitionCompiler} drives a
 * definition or fused group through {@code cin}, {@code loopir} and {@code javagen} and hands the {@link
 * org.stag.engine.javagen.GeneratedSource} (one public class in a package of ours) to a {@link
 * org.stag.engine.jit.KernelCache}, which compiles it once per {@link org.stag.engine.jit.KernelKey} with a
 * {@link org.stag.engine.jit.KernelCompiler} (Janino) and keeps the class, the source and the compile time.
 * {@link org.stag.engine.javagen.SourceEmitter} writes sources out for {@code --emit-java DIR}. Generated code
 * may implement {@link org.stag.engine.jit.Kernel} and call {@link org.stag.engine.jit.Atomics} for
 * scattered reductions. {@link org.stag.engine.jit.CompiledDefinition} and {@link org.stag.engine.jit.CompiledFusion} run a
 * compiled kernel over a frame and assemble its result. What Janino accepts is in {@code engine/docs/janino.md}.
 *
 * <p>Stage 9 of the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass}
 * &rarr; {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr;
 * {@code program}): it uses only the stages before it and the support packages {@code ops} and {@code kernellib}
 * ({@code PipelineOrderTest}).
 */
package org.stag.engine.jit;
