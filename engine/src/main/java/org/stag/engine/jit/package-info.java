/**
 * In-process compilation of generated kernels. The code generator hands a {@link
 * org.stag.engine.jit.GeneratedSource} (one public class in a package of ours) to a {@link
 * org.stag.engine.jit.KernelCache}, which compiles it once per {@link org.stag.engine.jit.KernelKey} with a
 * {@link org.stag.engine.jit.KernelCompiler} (Janino) and keeps the class, the source and the compile time.
 * {@link org.stag.engine.jit.SourceEmitter} writes sources out for {@code --emit-java DIR}. Generated code
 * may implement {@link org.stag.engine.jit.Kernel} and call {@link org.stag.engine.jit.Atomics} for
 * scattered reductions. What Janino accepts is recorded in {@code engine/docs/janino.md}.
 */
package org.stag.engine.jit;
