/**
 * Operator descriptors: everything the compiler knows about a binary operator — typing, identity, annihilator,
 * idempotent/commutative/associative, Java template, atomic update and evaluators — written once.
 * {@link org.stag.engine.ops.Operators} holds the built-ins; a program's {@code Def} becomes an
 * {@link org.stag.engine.ops.Operator} through the checker, which tests its declared laws with
 * {@link org.stag.engine.ops.Laws}. {@link org.stag.engine.ops.Constant}s are typed literal values (fill values,
 * identities). A support package of every stage: it refers to no stage but {@code front}.
 *
 * <p>Beside the engine's pipeline ({@code front} &rarr; {@code check} &rarr; {@code cin} &rarr; {@code pass} &rarr;
 * {@code plan} &rarr; {@code lattice} &rarr; {@code loopir} &rarr; {@code javagen} &rarr; {@code jit} &rarr; {@code
 * program}), not in it: every stage may use it ({@code PipelineOrderTest}).
 */
package org.stag.engine.ops;
