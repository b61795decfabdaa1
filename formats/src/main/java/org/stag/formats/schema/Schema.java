package org.stag.formats.schema;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A validated node schema: the node types and supertypes of one dynamic data structure and which node
 * type is its root. Immutable and position-free, so two schemas are equal when they describe the same
 * structure, whatever the layout of their source.
 */
public final class Schema {
    private final String name;
    private final List<Supertype> supertypes;
    private final List<NodeType> nodeTypes;
    private final NodeType root;

    Schema(String name, List<Supertype> supertypes, List<NodeType> nodeTypes) {
        this.name = Objects.requireNonNull(name);
        this.supertypes = List.copyOf(supertypes);
        this.nodeTypes = List.copyOf(nodeTypes);
        this.root = nodeTypes.stream().filter(NodeType::isRoot).findFirst().orElseThrow();
    }

    /**
     * Lexes, parses and validates schema text.
     *
     * @param name the source name used in error messages, e.g. {@code ctree.schema}; the schema's
     *             {@link #name()} is this without a trailing {@code .schema}
     * @param text the schema source
     * @throws SchemaException on the first syntax error, or on the first (in source order) of all validation errors
     */
    public static Schema parse(String name, String text) {
        return parse(name, stripExtension(name), text);
    }

    /** Parses with separate names for messages ({@code source}, e.g. a path) and for the model. */
    static Schema parse(String source, String schemaName, String text) {
        Ast.SchemaFile file = Parser.parse(source, text);
        Validator.check(source, file);
        return ModelBuilder.build(schemaName, file);
    }

    static String stripExtension(String name) {
        return name.endsWith(".schema") ? name.substring(0, name.length() - ".schema".length()) : name;
    }

    /** The schema name, e.g. {@code ctree}. */
    public String name() {
        return name;
    }

    /**
     * Whether some element array is {@code varint} ({@link Field#varint()}): its store's chunk arena holds
     * byte runs instead of int slots.
     */
    public boolean varint() {
        return nodeTypes().stream().anyMatch(t -> t.elementFields().stream().anyMatch(Field::varint));
    }

    /** The root node type: the handle of the data structure, the one node assembly is given ({@code ret}). */
    public NodeType root() {
        return root;
    }

    /** All node types in declaration order. */
    public List<NodeType> nodeTypes() {
        return nodeTypes;
    }

    /** All supertypes in declaration order. */
    public List<Supertype> supertypes() {
        return supertypes;
    }

    /** The node type with this name, if any. */
    public Optional<NodeType> nodeType(String typeName) {
        return nodeTypes.stream().filter(t -> t.name().equals(typeName)).findFirst();
    }

    /** The supertype with this name, if any. */
    public Optional<Supertype> supertype(String typeName) {
        return supertypes.stream().filter(t -> t.name().equals(typeName)).findFirst();
    }

    /**
     * The node types a reference of type {@code typeName} may point at: the node type itself, or every
     * subtype of a supertype (in declaration order).
     *
     * @throws IllegalArgumentException if no type has that name
     */
    public List<NodeType> concreteTypes(String typeName) {
        Optional<NodeType> node = nodeType(typeName);
        if (node.isPresent()) {
            return List.of(node.get());
        }
        Supertype sup = supertype(typeName)
                .orElseThrow(() -> new IllegalArgumentException("no type '" + typeName + "' in schema " + name));
        return sup.subtypes().stream().map(s -> nodeType(s).orElseThrow()).toList();
    }

    /** Schema source that {@link #parse} turns back into an equal schema. */
    public String toSource() {
        return SourcePrinter.print(this);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Schema)) {
            return false;
        }
        Schema s = (Schema) o;
        return name.equals(s.name) && supertypes.equals(s.supertypes) && nodeTypes.equals(s.nodeTypes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, supertypes, nodeTypes);
    }

    @Override
    public String toString() {
        return "Schema[" + name + ", root " + root.name() + "]";
    }
}
