/**
 * What generated kernels link to, a support package of every stage: the frame a kernel reads its tensors and
 * scalars from ({@link org.stag.engine.kernellib.Frame}), the chunked parallel loop
 * ({@link org.stag.engine.kernellib.ChunkRunner}), per-thread scratch arrays
 * ({@link org.stag.engine.kernellib.Workspace}), sparse result entries ({@link org.stag.engine.kernellib.CooBuffer})
 * and helpers the generated code calls. It refers to no stage but {@code front}.
 *
 * <p>Beside the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass} &rarr;
 * {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr; {@code
 * program}), not in it: every stage and every generated kernel may use it ({@code PipelineOrderTest}).
 */
package org.stag.engine.kernellib;
