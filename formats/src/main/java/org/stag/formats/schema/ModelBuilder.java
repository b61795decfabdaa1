package org.stag.formats.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Turns a validated {@link Ast} into the immutable {@link Schema} model (positions dropped, names resolved). */
final class ModelBuilder {
    private ModelBuilder() {
    }

    /** Builds the model; {@code file} must have passed {@link Validator#check}. */
    static Schema build(String name, Ast.SchemaFile file) {
        List<Ast.NodeDecl> nodes = new ArrayList<>();
        List<Ast.SupertypeDecl> supers = new ArrayList<>();
        for (Ast.Decl d : file.decls()) {
            if (d instanceof Ast.NodeDecl node) {
                nodes.add(node);
            } else if (d instanceof Ast.SupertypeDecl sup) {
                supers.add(sup);
            }
        }
        List<Supertype> supertypes = supers.stream()
                .map(s -> new Supertype(s.name(),
                        nodes.stream().filter(n -> s.name().equals(n.supertype())).map(Ast.NodeDecl::name).toList()))
                .toList();
        List<NodeType> nodeTypes = nodes.stream().map(ModelBuilder::nodeType).toList();
        return new Schema(name, supertypes, nodeTypes);
    }

    private static NodeType nodeType(Ast.NodeDecl node) {
        List<Field> fields = node.fields().stream().map(f -> field(node, f)).toList();
        List<Step> traversal = new ArrayList<>();
        if (node.seq() != null) {
            for (Ast.SeqEntry entry : node.seq().entries()) {
                List<Field> members = entry.names().stream().map(n -> find(fields, n.name())).toList();
                traversal.add(entry.group() ? new Step.ArrayLoop(members) : scalarStep(members.get(0)));
            }
        } else {
            // Unordered: declaration order is as good as any, and stable across round trips.
            for (Field f : fields) {
                if (f.isArray()) {
                    traversal.add(new Step.ArrayLoop(List.of(f)));
                } else if (f.holdsElements() || f.holdsChildren()) {
                    traversal.add(scalarStep(f));
                }
            }
        }
        return new NodeType(node.name(), Optional.ofNullable(node.supertype()), node.root(), fields,
                node.seq() != null, traversal);
    }

    private static Step scalarStep(Field f) {
        return f.holdsElements() ? new Step.Element(f) : new Step.Child(f);
    }

    private static Field find(List<Field> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static Field field(Ast.NodeDecl node, Ast.FieldDecl f) {
        Ast.TypeSpec type = f.type();
        if (type instanceof Ast.ElemSpec e) {
            return e.array() == null ? Field.element(f.name(), e.nonempty())
                    : Field.elementArray(f.name(), arraySize(e.array()), e.nonempty(), e.varintPos() != null);
        }
        if (type instanceof Ast.ChildSpec c) {
            return c.array() == null ? Field.child(f.name(), c.target(), c.nonempty())
                    : Field.childArray(f.name(), c.target(), arraySize(c.array()), c.nonempty());
        }
        if (type instanceof Ast.SizeSpec size) {
            Ast.BoundsSpec b = size.bounds();
            if (b == null) {
                return Field.size(f.name(), SizeBounds.UNBOUNDED);
            }
            return Field.size(f.name(), b.upper() == null ? SizeBounds.atLeast((int) b.lower())
                    : SizeBounds.of((int) b.lower(), (int) (long) b.upper()));
        }
        if (type instanceof Ast.ParentSpec parent) {
            return Field.parent(f.name(), node.parentType(parent));
        }
        return Field.metadata(f.name(), ((Ast.MetaSpec) type).type());
    }

    private static ArraySize arraySize(Ast.ArraySpec a) {
        return a.sizeField() == null ? ArraySize.constant((int) a.number()) : ArraySize.of(a.sizeField(), (int) a.number());
    }
}
