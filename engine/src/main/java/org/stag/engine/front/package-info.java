/**
 * The stag language front end: {@link org.stag.engine.front.Parser} turns program text into an immutable
 * syntax tree ({@link org.stag.engine.front.Program} and the {@link org.stag.engine.front.Node} records, each
 * with a {@link org.stag.engine.front.SourcePos}); {@link org.stag.engine.front.Printer} prints a tree back to
 * source. Errors are {@link org.stag.engine.front.ProgramException}s with file, line, column and a caret
 * snippet. The language is described in {@code docs/language.md}; semantic checks live in
 * {@code org.stag.engine.check}.
 */
package org.stag.engine.front;
