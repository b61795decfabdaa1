/**
 * Passes decided on the checked tree of a function body, each switchable ({@link org.stag.engine.pass.Passes},
 * {@code --no-pass}): fusion's liveness ({@link org.stag.engine.pass.Liveness}), in-place updates
 * ({@link org.stag.engine.pass.InPlace}), pass-throughs ({@link org.stag.engine.pass.PassThrough}), common
 * subexpressions ({@link org.stag.engine.pass.CommonSubexpressions}) and active sets
 * ({@link org.stag.engine.pass.ActiveSet}); fusion's rewrite of a fused group's members' trees into one
 * ({@link org.stag.engine.pass.Fusion}). The planner and the runtime call the same functions, so the plan
 * and the run agree.
 */
package org.stag.engine.pass;
