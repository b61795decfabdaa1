/**
 * Passes decided on the checked tree of a function body, each switchable ({@link org.stag.engine.pass.Passes},
 * {@code --no-pass}): fusion's liveness ({@link org.stag.engine.pass.Liveness}), in-place updates
 * ({@link org.stag.engine.pass.InPlace}), pass-throughs ({@link org.stag.engine.pass.PassThrough}), common
 * subexpressions ({@link org.stag.engine.pass.CommonSubexpressions}) and active sets
 * ({@link org.stag.engine.pass.ActiveSet}). The planner and the runtime call the same functions, so the plan
 * and the run agree.
 */
package org.stag.engine.pass;
