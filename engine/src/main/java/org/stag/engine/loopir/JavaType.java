package org.stag.engine.loopir;

import java.util.Objects;

/**
 * The Java type of a loop IR expression ({@link Ex}) or local: a primitive, an array, or one of the few
 * reference types generated kernels name (the runtime's frame and workspace, the formats' levels, values and
 * node stores, {@code Math}, exceptions), spelled as the kernel spells it.
 */
public sealed interface JavaType permits JavaType.Prim, JavaType.Array, JavaType.Ref {
    /** {@code boolean}. */
    Prim BOOLEAN = Prim.BOOLEAN;
    /** {@code int}. */
    Prim INT = Prim.INT;
    /** {@code long}. */
    Prim LONG = Prim.LONG;
    /** {@code float}. */
    Prim FLOAT = Prim.FLOAT;
    /** {@code double}. */
    Prim DOUBLE = Prim.DOUBLE;
    /** {@code byte}: the element of {@link #BYTES} (byte codes), read and widened to {@code int}. */
    Prim BYTE = Prim.BYTE;
    /** {@code void}: the type of a call evaluated for its effect. */
    Prim VOID = Prim.VOID;
    /** {@code int[]}. */
    Array INTS = new Array(INT);
    /** {@code byte[]}: byte codes (a vbyte level's, a varint chunk's). */
    Array BYTES = new Array(BYTE);
    /** {@code long[]}. */
    Array LONGS = new Array(LONG);
    /** {@code double[]}. */
    Array DOUBLES = new Array(DOUBLE);
    /** {@code boolean[]}. */
    Array BOOLEANS = new Array(BOOLEAN);
    /** {@code Object}. */
    Ref OBJECT = new Ref("Object");
    /** {@code String}. */
    Ref STRING = new Ref("String");

    /** The type as Java source spells it. */
    String spelling();

    /** Whether the type is a primitive number type ({@code int}, {@code long}, {@code float}, {@code double}). */
    default boolean isNumeric() {
        return this == INT || this == LONG || this == FLOAT || this == DOUBLE;
    }

    /** The array type whose elements are of this type. */
    default Array array() {
        return new Array(this);
    }

    /** A reference type by name ({@code org.stag.formats.level.CompressedLevel}, {@code Math}). */
    static Ref ref(String name) {
        return new Ref(name);
    }

    /** The primitive types, and {@code void}. */
    enum Prim implements JavaType {
        BOOLEAN, BYTE, INT, LONG, FLOAT, DOUBLE, VOID;

        @Override
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public String toString() {
            return spelling();
        }
    }

    /** An array type. */
    record Array(JavaType element) implements JavaType {
        public Array {
            Objects.requireNonNull(element, "element");
            if (element == Prim.VOID) {
                throw new IllegalArgumentException("no array of void");
            }
        }

        @Override
        public String spelling() {
            return element.spelling() + "[]";
        }

        @Override
        public String toString() {
            return spelling();
        }
    }

    /** A class or interface type, by its (qualified or {@code java.lang}) name. */
    record Ref(String name) implements JavaType {
        public Ref {
            if (name == null || name.isEmpty() || !java.util.Arrays.stream(name.split("\\.", -1)).allMatch(Ref::identifier)) {
                throw new IllegalArgumentException("not a Java type name: '" + name + "'");
            }
        }

        private static boolean identifier(String s) {
            return !s.isEmpty() && Character.isJavaIdentifierStart(s.charAt(0)) && s.chars().allMatch(Character::isJavaIdentifierPart);
        }

        @Override
        public String spelling() {
            return name;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
