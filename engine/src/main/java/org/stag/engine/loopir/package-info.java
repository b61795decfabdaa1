/**
 * The loop IR between lowering and Java emission: blocks of simple and scoped statements
 * ({@link org.stag.engine.ir.Block}), printed by {@link org.stag.engine.ir.JavaPrinter}.
 */
package org.stag.engine.ir;
