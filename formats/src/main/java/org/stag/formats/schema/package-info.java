/**
 * The node-schema language of Chou and Amarasinghe, "Dynamic Sparse Tensor Algebra Compilation"
 * (section 3.1): text that describes the nodes of a pointer-based data structure (which fields hold
 * nonzeros, which point at children, how arrays are sized and in which order a traversal meets the
 * nonzeros), parsed and validated into an immutable model for code generation.
 *
 * <p>Entry points: {@link org.stag.formats.schema.Schema#parse} for text and
 * {@link org.stag.formats.schema.Schemas#builtin} for the schemas shipped as resources. The pipeline is
 * {@code Lexer} → {@code Parser} (syntax, to a positioned parse tree) → {@code Validator} (names, bounds,
 * seq, roots, reachability) → {@code ModelBuilder} (the position-free model). The language is described
 * in {@code formats/docs/node-schema-language.md}.
 */
package org.stag.formats.schema;
