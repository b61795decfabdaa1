package org.stag.formats.schema;

import java.util.Objects;
import java.util.Optional;

/**
 * One field of a node type. Which optional parts are present depends on {@link #kind()}:
 * {@link #target()} for child and parent fields, {@link #arraySize()} for arrays, {@link #bounds()} for
 * size fields, {@link #metadataType()} for metadata. Immutable; equal when all parts are equal.
 */
public final class Field {
    private final String name;
    private final FieldKind kind;
    private final String target;
    private final ArraySize arraySize;
    private final boolean nonempty;
    private final SizeBounds bounds;
    private final MetadataType metadataType;
    private final boolean varint;

    private Field(String name, FieldKind kind, String target, ArraySize arraySize, boolean nonempty,
                  SizeBounds bounds, MetadataType metadataType) {
        this(name, kind, target, arraySize, nonempty, bounds, metadataType, false);
    }

    private Field(String name, FieldKind kind, String target, ArraySize arraySize, boolean nonempty,
                  SizeBounds bounds, MetadataType metadataType, boolean varint) {
        this.varint = varint;
        this.name = Objects.requireNonNull(name);
        this.kind = kind;
        this.target = target;
        this.arraySize = arraySize;
        this.nonempty = nonempty;
        this.bounds = bounds;
        this.metadataType = metadataType;
    }

    /** {@code name : elem [nonempty]}. */
    public static Field element(String name, boolean nonempty) {
        return new Field(name, FieldKind.ELEMENT, null, null, nonempty, null, null);
    }

    /** {@code name : elem[size] [nonempty]}. */
    public static Field elementArray(String name, ArraySize size, boolean nonempty) {
        return new Field(name, FieldKind.ELEMENT_ARRAY, null, Objects.requireNonNull(size), nonempty, null, null);
    }

    /**
     * {@code name : elem[size] [nonempty] [varint]}: with {@code varint}, the coordinates of each array are
     * stored as byte codes of their differences in the chunk arena (see {@link #varint()}).
     */
    public static Field elementArray(String name, ArraySize size, boolean nonempty, boolean varint) {
        return new Field(name, FieldKind.ELEMENT_ARRAY, null, Objects.requireNonNull(size), nonempty, null, null, varint);
    }

    /** {@code name : target [nonempty]}; the target is a node type or a supertype. */
    public static Field child(String name, String target, boolean nonempty) {
        return new Field(name, FieldKind.CHILD, Objects.requireNonNull(target), null, nonempty, null, null);
    }

    /** {@code name : target[size] [nonempty]}. */
    public static Field childArray(String name, String target, ArraySize size, boolean nonempty) {
        return new Field(name, FieldKind.CHILD_ARRAY, Objects.requireNonNull(target), Objects.requireNonNull(size),
                nonempty, null, null);
    }

    /** {@code name : parent target}; the target is the type of the parent node (possibly a supertype). */
    public static Field parent(String name, String target) {
        return new Field(name, FieldKind.PARENT, Objects.requireNonNull(target), null, false, null, null);
    }

    /** {@code name : size in bounds}; {@link SizeBounds#UNBOUNDED} when the source has no {@code in} clause. */
    public static Field size(String name, SizeBounds bounds) {
        return new Field(name, FieldKind.SIZE, null, null, false, Objects.requireNonNull(bounds), null);
    }

    /** {@code name : bool} or {@code name : [u]intN}. */
    public static Field metadata(String name, MetadataType type) {
        return new Field(name, FieldKind.METADATA, null, null, false, null, Objects.requireNonNull(type));
    }

    /** The field name, unique within its node type. */
    public String name() {
        return name;
    }

    /** What the field holds. */
    public FieldKind kind() {
        return kind;
    }

    /** Whether the field is an array. */
    public boolean isArray() {
        return kind.isArray();
    }

    /** Whether the field stores nonzeros. */
    public boolean holdsElements() {
        return kind.holdsElements();
    }

    /** Whether the field references child nodes. */
    public boolean holdsChildren() {
        return kind.holdsChildren();
    }

    /** The referenced type (node type or supertype) of a child or parent field. */
    public Optional<String> target() {
        return Optional.ofNullable(target);
    }

    /** The length of an array field. */
    public Optional<ArraySize> arraySize() {
        return Optional.ofNullable(arraySize);
    }

    /**
     * {@code nonempty}: an element field (every slot of an element array) always holds a nonzero, a child
     * field (every slot of a child array) is never null. Always false for other kinds.
     */
    public boolean nonempty() {
        return nonempty;
    }

    /**
     * {@code varint}: an unbounded element array whose coordinates are stored as variable-length byte codes
     * of their differences (7 bits a byte, the high bit set on every byte but a value's last), the first
     * relative to 0, in a byte run of the chunk arena; what the elements carry precedes the codes in the run.
     * Always false for other kinds.
     */
    public boolean varint() {
        return varint;
    }

    /** The bounds of a size field. */
    public Optional<SizeBounds> bounds() {
        return Optional.ofNullable(bounds);
    }

    /** The type of a metadata field. */
    public Optional<MetadataType> metadataType() {
        return Optional.ofNullable(metadataType);
    }

    /** The type part in source syntax, e.g. {@code elem[B] nonempty}, {@code size in [1, 4]}, {@code parent rbtree}. */
    public String typeSource() {
        String array = arraySize == null ? "" : "[" + arraySize + "]";
        String ne = (nonempty ? " nonempty" : "") + (varint ? " varint" : "");
        return switch (kind) {
            case ELEMENT, ELEMENT_ARRAY -> "elem" + array + ne;
            case CHILD, CHILD_ARRAY -> target + array + ne;
            case PARENT -> "parent " + target;
            case SIZE -> bounds.equals(SizeBounds.UNBOUNDED) ? "size" : "size in " + bounds;
            case METADATA -> metadataType.keyword();
        };
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Field)) {
            return false;
        }
        Field f = (Field) o;
        return name.equals(f.name) && kind == f.kind && nonempty == f.nonempty && Objects.equals(target, f.target)
                && Objects.equals(arraySize, f.arraySize) && Objects.equals(bounds, f.bounds)
                && metadataType == f.metadataType && varint == f.varint;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, kind, target, arraySize, nonempty, bounds, metadataType, varint);
    }

    /** Source syntax, e.g. {@code e : elem[B] nonempty}. */
    @Override
    public String toString() {
        return name + " : " + typeSource();
    }
}
