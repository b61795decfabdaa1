package org.stag.formats.schema;

import java.util.List;

/**
 * The parse tree: what the text says, with positions, before any name is resolved. Nullable components
 * stand for absent optional syntax; the tree never leaves this package.
 */
final class Ast {
    private Ast() {
    }

    /** A whole schema file: its declarations in source order. */
    record SchemaFile(List<Decl> decls) {
    }

    /** A top-level declaration. */
    sealed interface Decl permits SupertypeDecl, NodeDecl {
        String name();

        SourcePos namePos();
    }

    /** {@code def supertype NAME}. */
    record SupertypeDecl(String name, SourcePos namePos) implements Decl {
    }

    /** {@code def [root] NAME [: SUPER] { fields [seq] }}; {@code supertype} and {@code seq} may be null. */
    record NodeDecl(String name, SourcePos namePos, boolean root, String supertype, SourcePos supertypePos,
                    List<FieldDecl> fields, SeqDecl seq) implements Decl {

        /** The parent type a {@code parent} field denotes: its explicit target, else the supertype, else this type. */
        String parentType(ParentSpec spec) {
            if (spec.target() != null) {
                return spec.target();
            }
            return supertype != null ? supertype : name;
        }
    }

    /** {@code NAME : TYPE}. */
    record FieldDecl(String name, SourcePos namePos, TypeSpec type) {
    }

    /** The type part of a field. */
    sealed interface TypeSpec permits ElemSpec, ChildSpec, SizeSpec, ParentSpec, MetaSpec {
    }

    /**
     * {@code elem [ARRAY] [nonempty] [varint]}; {@code array} null for a scalar; {@code varintPos} where
     * {@code varint} stands, or null without it.
     */
    record ElemSpec(ArraySpec array, boolean nonempty, SourcePos varintPos) implements TypeSpec {
    }

    /** {@code TYPE [ARRAY] [nonempty]}; {@code array} null for a scalar. */
    record ChildSpec(String target, SourcePos targetPos, ArraySpec array, boolean nonempty) implements TypeSpec {
    }

    /** {@code size [in BOUNDS]}; {@code bounds} null without an in clause. */
    record SizeSpec(BoundsSpec bounds) implements TypeSpec {
    }

    /** {@code [LOWER, UPPER]}; {@code upper} null for {@code *}. */
    record BoundsSpec(long lower, SourcePos lowerPos, Long upper, SourcePos upperPos) {
    }

    /** {@code parent [TYPE]}; {@code target} null when implied. */
    record ParentSpec(String target, SourcePos targetPos) implements TypeSpec {
    }

    /** {@code bool}, {@code int8} ... {@code uint64}. */
    record MetaSpec(MetadataType type) implements TypeSpec {
    }

    /**
     * {@code [SIZEFIELD]}, {@code [SIZEFIELD + N]} or {@code [N]}: {@code sizeField} null for a constant, and
     * {@code number} is the constant or the addend; {@code pos} points at the first token inside the brackets.
     */
    record ArraySpec(String sizeField, long number, SourcePos pos) {
    }

    /** {@code seq = ENTRY, ...}; {@code pos} is the {@code seq} keyword. */
    record SeqDecl(SourcePos pos, List<SeqEntry> entries) {
    }

    /** A bare field name, or a braced {@code {a, b}} group ({@code group} true). */
    record SeqEntry(boolean group, List<SeqName> names) {
    }

    /** One field name inside a seq attribute. */
    record SeqName(String name, SourcePos pos) {
    }
}
