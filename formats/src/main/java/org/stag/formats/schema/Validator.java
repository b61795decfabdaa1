package org.stag.formats.schema;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks a parsed schema for everything the grammar cannot express: names resolve, nothing is declared
 * twice, bounds make sense, seq attributes order every element and child exactly once, exactly one root
 * reaches every node type. All problems are collected and the first in source order is thrown, so a user
 * fixing a schema sees them in reading order.
 */
final class Validator {
    private final String source;
    private final Ast.SchemaFile file;
    private final List<Problem> problems = new ArrayList<>();
    /** First declaration of each type name; later duplicates are reported and otherwise ignored. */
    private final Map<String, Ast.Decl> types = new LinkedHashMap<>();

    private record Problem(SourcePos pos, String reason) {
    }

    private Validator(String source, Ast.SchemaFile file) {
        this.source = source;
        this.file = file;
    }

    /** Validates {@code file}; throws the first problem in source order, listing all of them. */
    static void check(String source, Ast.SchemaFile file) {
        Validator v = new Validator(source, file);
        v.run();
        if (!v.problems.isEmpty()) {
            List<Problem> sorted = new ArrayList<>(v.problems);
            sorted.sort(Comparator.comparing(Problem::pos)); // stable: same-position problems keep check order
            Problem first = sorted.get(0);
            throw new SchemaException(source, first.pos(), first.reason(),
                    sorted.stream().map(p -> SchemaException.format(source, p.pos(), p.reason())).toList());
        }
    }

    private void run() {
        for (Ast.Decl d : file.decls()) {
            Ast.Decl first = types.putIfAbsent(d.name(), d);
            if (first != null) {
                report(d.namePos(), "duplicate type name '" + d.name() + "' (first declared at " + first.namePos() + ")");
            }
        }
        for (Ast.Decl d : file.decls()) {
            if (d instanceof Ast.NodeDecl node) {
                checkNode(node);
            } else if (d instanceof Ast.SupertypeDecl sup) {
                checkSupertype(sup);
            }
        }
        checkRoots();
    }

    private void checkSupertype(Ast.SupertypeDecl sup) {
        boolean hasSubtype = nodes().stream().anyMatch(n -> sup.name().equals(n.supertype()));
        if (!hasSubtype) {
            report(sup.namePos(), "supertype '" + sup.name() + "' has no subtypes");
        }
    }

    private void checkNode(Ast.NodeDecl node) {
        if (node.supertype() != null) {
            Ast.Decl sup = types.get(node.supertype());
            if (sup == null) {
                report(node.supertypePos(), "node type '" + node.name() + "' extends unknown supertype '" + node.supertype() + "'");
            } else if (!(sup instanceof Ast.SupertypeDecl)) {
                report(node.supertypePos(), "node type '" + node.name() + "' extends '" + node.supertype()
                        + "', which is a node type, not a supertype");
            }
        }
        Map<String, Ast.FieldDecl> fields = new LinkedHashMap<>();
        Ast.FieldDecl parent = null;
        for (Ast.FieldDecl f : node.fields()) {
            Ast.FieldDecl first = fields.putIfAbsent(f.name(), f);
            if (first != null) {
                report(f.namePos(), "duplicate field '" + f.name() + "' in node type '" + node.name()
                        + "' (first declared at " + first.namePos() + ")");
            }
            if (f.type() instanceof Ast.ParentSpec) {
                if (parent != null) {
                    report(f.namePos(), "node type '" + node.name() + "' has a second parent field '" + f.name()
                            + "' (the first is '" + parent.name() + "')");
                }
                parent = f;
            }
        }
        for (Ast.FieldDecl f : node.fields()) {
            checkField(node, fields, f);
        }
        if (node.seq() != null) {
            checkSeq(node, fields, node.seq());
        }
    }

    private void checkField(Ast.NodeDecl node, Map<String, Ast.FieldDecl> fields, Ast.FieldDecl f) {
        Ast.TypeSpec type = f.type();
        if (type instanceof Ast.ElemSpec elem) {
            checkArray(fields, f, elem.array());
            checkVarint(fields, f, elem);
        } else if (type instanceof Ast.ChildSpec child) {
            if (!types.containsKey(child.target())) {
                report(child.targetPos(), "field '" + f.name() + "' points to unknown type '" + child.target() + "'");
            }
            checkArray(fields, f, child.array());
        } else if (type instanceof Ast.SizeSpec size && size.bounds() != null) {
            checkBounds(f.name(), size.bounds());
        } else if (type instanceof Ast.ParentSpec parent) {
            checkParent(node, fields, f, parent);
        }
    }

    private void checkArray(Map<String, Ast.FieldDecl> fields, Ast.FieldDecl f, Ast.ArraySpec array) {
        if (array == null) {
            return;
        }
        if (array.sizeField() == null) {
            if (array.number() < 1) {
                report(array.pos(), "array field '" + f.name() + "' has constant size " + array.number() + "; it must be at least 1");
            } else if (array.number() > Integer.MAX_VALUE) {
                report(array.pos(), "array field '" + f.name() + "' has constant size " + array.number()
                        + ", above the int32 maximum " + Integer.MAX_VALUE);
            }
            return;
        }
        Ast.FieldDecl size = fields.get(array.sizeField());
        if (size == null) {
            report(array.pos(), "array field '" + f.name() + "' is sized by unknown field '" + array.sizeField() + "'");
        } else if (!(size.type() instanceof Ast.SizeSpec)) {
            report(array.pos(), "array field '" + f.name() + "' is sized by '" + size.name() + "', which is "
                    + describe(size.type()) + "; an array size must be a size field or an integer constant");
        }
        if (array.number() < 0 || array.number() > Integer.MAX_VALUE) {
            report(array.pos(), "array field '" + f.name() + "' adds " + array.number()
                    + " to its size; the addend must be between 0 and " + Integer.MAX_VALUE);
        }
    }

    /**
     * {@code varint} codes an array's coordinates as byte runs in the chunk arena, so it needs an array that
     * lives there: one sized by a size field without bounds, whose elements are all present ({@code nonempty}).
     */
    private void checkVarint(Map<String, Ast.FieldDecl> fields, Ast.FieldDecl f, Ast.ElemSpec elem) {
        if (elem.varintPos() == null) {
            return;
        }
        Ast.ArraySpec array = elem.array();
        Ast.FieldDecl size = array == null || array.sizeField() == null ? null : fields.get(array.sizeField());
        if (array == null || size == null || !(size.type() instanceof Ast.SizeSpec s) || s.bounds() != null) {
            report(elem.varintPos(), "field '" + f.name() + "' is varint but not an unbounded element array;"
                    + " varint codes only arrays sized by a size field without bounds (chunk arena runs)");
        } else if (!elem.nonempty()) {
            report(elem.varintPos(), "field '" + f.name() + "' is varint but not nonempty; a coded run has no empty slots");
        }
    }

    private void checkBounds(String field, Ast.BoundsSpec b) {
        boolean ok = checkBound(field, b.lower(), b.lowerPos());
        if (b.upper() != null) {
            ok &= checkBound(field, b.upper(), b.upperPos());
            if (ok && b.lower() > b.upper()) {
                report(b.lowerPos(), "size bounds of field '" + field + "' are reversed: lower bound " + b.lower()
                        + " is above upper bound " + b.upper());
            }
        }
    }

    private boolean checkBound(String field, long value, SourcePos pos) {
        if (value < 0) {
            report(pos, "size bound " + value + " of field '" + field + "' is negative");
            return false;
        }
        if (value > Integer.MAX_VALUE) {
            report(pos, "size bound " + value + " of field '" + field + "' is above the int32 maximum " + Integer.MAX_VALUE);
            return false;
        }
        return true;
    }

    /**
     * The parent type must be a type, and some node of that type must have a child field that can point
     * back at this node; otherwise the pointer could never be set.
     */
    private void checkParent(Ast.NodeDecl node, Map<String, Ast.FieldDecl> fields, Ast.FieldDecl f, Ast.ParentSpec spec) {
        String parentType = node.parentType(spec);
        SourcePos pos = spec.target() != null ? spec.targetPos() : f.namePos();
        if (!types.containsKey(parentType)) {
            if (spec.target() != null && fields.containsKey(parentType)) {
                report(pos, "parent field '" + f.name() + "' names '" + parentType + "', which is a field of '"
                        + node.name() + "', not a node type");
            } else if (spec.target() != null) {
                report(pos, "parent field '" + f.name() + "' names unknown type '" + parentType + "'");
            }
            return; // an implied parent type that does not exist was already reported as a bad supertype
        }
        for (Ast.NodeDecl candidate : concrete(parentType)) {
            for (Ast.FieldDecl cf : candidate.fields()) {
                if (cf.type() instanceof Ast.ChildSpec child
                        && (child.target().equals(node.name()) || child.target().equals(node.supertype()))) {
                    return;
                }
            }
        }
        report(pos, "parent field '" + f.name() + "' has parent type '" + parentType + "', but no field of '"
                + parentType + "' points to '" + node.name() + "'");
    }

    private void checkSeq(Ast.NodeDecl node, Map<String, Ast.FieldDecl> fields, Ast.SeqDecl seq) {
        Set<String> seen = new HashSet<>();
        for (Ast.SeqEntry entry : seq.entries()) {
            String groupSizeField = null;
            boolean groupStarted = false;
            for (Ast.SeqName n : entry.names()) {
                Ast.FieldDecl f = fields.get(n.name());
                if (f == null) {
                    report(n.pos(), "seq names unknown field '" + n.name() + "'");
                    continue;
                }
                Ast.ArraySpec array = arrayOf(f.type());
                if (!(f.type() instanceof Ast.ElemSpec) && !(f.type() instanceof Ast.ChildSpec)) {
                    report(n.pos(), "seq names '" + n.name() + "', which is " + describe(f.type())
                            + "; only element and child fields are ordered");
                } else if (!seen.add(n.name())) {
                    report(n.pos(), "seq names field '" + n.name() + "' twice");
                } else if (entry.group() && array == null) {
                    report(n.pos(), "seq group names scalar field '" + n.name() + "'; only array fields go inside '{...}'");
                } else if (!entry.group() && array != null) {
                    report(n.pos(), "seq names array field '" + n.name() + "' outside braces; write '{" + n.name() + "}'");
                } else if (entry.group()) {
                    if (!groupStarted) {
                        groupStarted = true;
                        groupSizeField = array.sizeField();
                    } else if (!Objects.equals(groupSizeField, array.sizeField())) {
                        report(n.pos(), "seq group interleaves arrays of different sizes: '" + n.name() + "' is sized by "
                                + sizeName(array.sizeField()) + ", the group's first array by " + sizeName(groupSizeField));
                    }
                }
            }
        }
        for (Ast.FieldDecl f : node.fields()) {
            if ((f.type() instanceof Ast.ElemSpec || f.type() instanceof Ast.ChildSpec) && !seen.contains(f.name())
                    && fields.get(f.name()) == f) {
                report(seq.pos(), "seq does not name " + (f.type() instanceof Ast.ElemSpec ? "element" : "child")
                        + " field '" + f.name() + "'");
            }
        }
    }

    private static String sizeName(String sizeField) {
        return sizeField == null ? "a constant" : "'" + sizeField + "'";
    }

    private void checkRoots() {
        List<Ast.NodeDecl> roots = nodes().stream().filter(Ast.NodeDecl::root).toList();
        if (roots.isEmpty()) {
            Ast.NodeDecl first = nodes().get(0);
            report(first.namePos(), "no root type: mark the node type that is the handle of the data structure "
                    + "with 'def root NAME { ... }'");
            return;
        }
        Ast.NodeDecl root = roots.get(0);
        for (Ast.NodeDecl extra : roots.subList(1, roots.size())) {
            report(extra.namePos(), "second root type '" + extra.name() + "': '" + root.name()
                    + "' is already the root (declared at " + root.namePos() + ")");
        }
        if (roots.size() > 1 || types.get(root.name()) != root) {
            return;
        }
        Set<String> reached = new HashSet<>();
        Deque<Ast.NodeDecl> work = new ArrayDeque<>(List.of(root));
        reached.add(root.name());
        while (!work.isEmpty()) {
            for (Ast.FieldDecl f : work.pop().fields()) {
                if (f.type() instanceof Ast.ChildSpec child) {
                    for (Ast.NodeDecl n : concrete(child.target())) {
                        if (reached.add(n.name())) {
                            work.push(n);
                        }
                    }
                }
            }
        }
        for (Ast.NodeDecl n : nodes()) {
            if (!reached.contains(n.name()) && types.get(n.name()) == n) {
                report(n.namePos(), "node type '" + n.name() + "' is not reachable from root type '" + root.name() + "'");
            }
        }
    }

    /** The node declarations a reference to {@code typeName} may point at; empty for unknown names. */
    private List<Ast.NodeDecl> concrete(String typeName) {
        Ast.Decl d = types.get(typeName);
        if (d instanceof Ast.NodeDecl node) {
            return List.of(node);
        }
        if (d instanceof Ast.SupertypeDecl) {
            return nodes().stream().filter(n -> typeName.equals(n.supertype()) && types.get(n.name()) == n).toList();
        }
        return List.of();
    }

    private List<Ast.NodeDecl> nodes() {
        return file.decls().stream().filter(Ast.NodeDecl.class::isInstance).map(Ast.NodeDecl.class::cast).toList();
    }

    private static Ast.ArraySpec arrayOf(Ast.TypeSpec type) {
        if (type instanceof Ast.ElemSpec elem) {
            return elem.array();
        }
        if (type instanceof Ast.ChildSpec child) {
            return child.array();
        }
        return null;
    }

    /** A field's kind for messages, with its article: "a size field", "a bool field", ... */
    private static String describe(Ast.TypeSpec type) {
        if (type instanceof Ast.ElemSpec elem) {
            return elem.array() == null ? "an element field" : "an element array";
        }
        if (type instanceof Ast.ChildSpec child) {
            return child.array() == null ? "a child field" : "a child array";
        }
        if (type instanceof Ast.SizeSpec) {
            return "a size field";
        }
        if (type instanceof Ast.ParentSpec) {
            return "a parent field";
        }
        String kw = ((Ast.MetaSpec) type).type().keyword();
        return (kw.startsWith("int") ? "an " : "a ") + kw + " field";
    }

    private void report(SourcePos pos, String reason) {
        problems.add(new Problem(pos, reason));
    }
}
