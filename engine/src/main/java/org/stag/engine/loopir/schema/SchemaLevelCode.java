package org.stag.engine.loopir.schema;

import java.util.Objects;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.LevelCode;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.Property;

/**
 * Code for a dynamic level, derived from its node schema alone ({@code NodeType.traversal()}, chains,
 * supertypes, and the pools' {@code FieldLayout}s): no format class is read or called, so a new schema needs
 * no change here.
 * <ul>
 *   <li>{@link #unpack}: the level's roots and every array a traversal reads, into locals, once per run.</li>
 *   <li>{@link #iterate} in any order: an explicit-stack depth-first walk with the body inlined in plain loops
 *       over each node's elements; chains become {@code while} loops ({@link UnorderedVisit}).</li>
 *   <li>{@link #iterate} in order and {@link #cursor}: the traversal as a state machine with an explicit stack
 *       ({@link InOrderMachine}).</li>
 *   <li>{@link #locate}: a search derived from the traversal for search trees ({@link SchemaSearch}); for other
 *       schemas (chains, unordered, ambiguous) {@link #canLocate()} is false and locate is a scan.</li>
 * </ul>
 *
 * <p>Generated code must have a {@code org.stag.engine.runtime.Workspace ws} in scope where {@link #unpack} and
 * the visits are emitted; stacks come from it. A level's stacks are shared by its visits: at most one in-order
 * visit or cursor, and one unordered visit, of one level may be live at a time (the compiler gives every
 * access its own prefix). The body of a visit is emitted once per element field of the schema (C-tree: three
 * times), so it must be a pure code generator.
 */
public final class SchemaLevelCode implements LevelCode {
    private final DynamicLevelFormat format;
    private final SchemaModel model;
    private final InOrderMachine machine;
    private final String searchProblem;
    private int emissions;

    /**
     * @param format      the level's format (its schema drives everything)
     * @param prefix      the prefix of every local (a Java identifier, e.g. {@code A1})
     * @param holdsValues whether the level is the last level of a double tensor (elements carry values), else
     *                    elements carry positions
     * @throws UnsupportedOperationException if the schema has a feature no generic code exists for (an
     *                                       unbounded child array)
     */
    public SchemaLevelCode(DynamicLevelFormat format, String prefix, boolean holdsValues) {
        this(format, prefix, holdsValues ? ValueMode.DOUBLE : ValueMode.POSITION);
    }

    /**
     * @param format the level's format (its schema drives everything)
     * @param prefix the prefix of every local (a Java identifier, e.g. {@code A1})
     * @param mode   what the elements carry: positions, doubles (the last level of a double tensor), or nothing
     *               (the last level of a pattern: a visit binds the value 1.0, a locate 1.0 or NaN)
     * @throws UnsupportedOperationException if the schema has a feature no generic code exists for (an
     *                                       unbounded child array)
     */
    public SchemaLevelCode(DynamicLevelFormat format, String prefix, ValueMode mode) {
        this.format = Objects.requireNonNull(format, "format");
        this.model = new SchemaModel(format.format().schema(), prefix, Objects.requireNonNull(mode, "mode"));
        this.machine = new InOrderMachine(model);
        this.searchProblem = SchemaSearch.whyNot(model, format.traits());
    }

    /** The level format the code is for. */
    public DynamicLevelFormat format() {
        return format;
    }

    /** Why {@link #canLocate()} is false (empty when it is true). */
    public String whyNoLocate() {
        return searchProblem == null ? "" : searchProblem;
    }

    @Override
    public String prefix() {
        return model.p;
    }

    @Override
    public void unpack(Block out, String level) {
        model.unpack(out, level);
        if (!ordered()) {
            // The arrays a row is sorted in ({@link #gatherSorted}), shared like the stacks: one in-order use at a time.
            String p = model.p;
            out.var("int[]", p + "_sk", "ws.ints(\"" + p + "_sk\", 64)");
            out.var("int[]", p + "_so", "ws.ints(\"" + p + "_so\", 64)");
            out.var(model.carriedType() + "[]", p + "_sv", "ws." + (model.doubles ? "doubles" : "ints") + "(\"" + p + "_sv\", 64)");
        }
    }

    @Override
    public boolean canLocate() {
        return searchProblem == null;
    }

    /** As the formats module claims ({@code SchemaTraits}): every node type's traversal is ordered. */
    @Override
    public boolean ordered() {
        return format.is(Property.ORDERED);
    }

    @Override
    public boolean full() {
        return false;
    }

    /** True also in {@link ValueMode#NONE}: a visit binds the value 1.0 of every element, a locate 1.0 or NaN. */
    @Override
    public boolean holdsValues() {
        return model.doubles;
    }

    @Override
    public void iterate(Block out, String parent, Binding bind, boolean inOrder, String label, Consumer<Block> body) {
        int id = ++emissions;
        out.comment(model.p + ": " + (inOrder ? "in-order" : "unordered") + " visit of " + model.schema.name()
                + " under " + parent);
        if (inOrder && !ordered()) {
            // Iterator conversion, as for hash segments: the elements gathered and sorted by coordinate.
            Sorted row = gatherSorted(out, parent, model.p + "_o" + id);
            Block loop = out.forLoop(label, "", row.q + " < " + row.n, row.q + "++");
            loop.let("int", bind.crd(), row.crd());
            String carried = model.doubles ? bind.val() : bind.pos();
            if (carried != null) {
                loop.let(model.carriedType(), carried, row.carried());
            }
            body.accept(loop);
        } else if (inOrder) {
            machine.iterate(out, id, parent, bind, label, body);
        } else {
            new UnorderedVisit(model, id).emit(out, parent, bind, label, body);
        }
    }

    @Override
    public Cursor cursor(Block out, String parent, String name) {
        if (!ordered()) {
            Sorted row = gatherSorted(out, parent, name);
            return new Cursor() {
                @Override
                public String valid() {
                    return row.q + " < " + row.n;
                }

                @Override
                public String crd() {
                    return row.crd();
                }

                @Override
                public String pos() {
                    return row.carried();
                }

                @Override
                public String val() {
                    return row.carried();
                }

                @Override
                public void advance(Block b) {
                    b.eval(row.q + "++");
                }
            };
        }
        return machine.cursor(out, ++emissions, parent, name);
    }

    /** A row gathered and sorted: {@code n} elements, the next at {@code q}, in the level's sort arrays. */
    private record Sorted(String n, String q, String p) {
        String crd() {
            return p + "_sk[" + q + "]";
        }

        /** The position or value of the element at {@code q}, read through the sorted order. */
        String carried() {
            return p + "_sv[" + p + "_so[" + q + "]]";
        }
    }

    /**
     * Iterator conversion for a schema whose traversal is not in coordinate order (an unsorted block list):
     * one visit counts the elements of {@code parent}, a second copies their coordinates and positions or
     * values into the level's sort arrays (grown, and kept by the workspace, when a row is longer than any
     * before), which are sorted by coordinate ({@code Sorts.sortPairs} on the coordinates and the element
     * numbers); declares {@code q} on the first element. Allocation-free once the arrays fit the longest row.
     */
    private Sorted gatherSorted(Block out, String parent, String name) {
        String p = model.p;
        String n = name + "_n";
        String q = name + "_q";
        out.var("int", n, "0");
        new UnorderedVisit(model, ++emissions).emit(out, parent, new Binding(name + "_cc", null, null), null,
                in -> in.eval(n + "++"));
        if (model.doubles) {
            model.grow(out, n, "sk", "so");
            Block g = out.ifThen(n + " > " + p + "_sv.length");
            g.assign(p + "_sv", "java.util.Arrays.copyOf(" + p + "_sv, Math.max(2 * " + p + "_sv.length, " + n + "))");
            g.eval("ws.keepDoubles(\"" + p + "_sv\", " + p + "_sv)");
        } else {
            model.grow(out, n, "sk", "so", "sv");
        }
        out.assign(n, "0");
        String c = name + "_gc";
        String v = name + "_gv";
        Binding b = new Binding(c, model.doubles ? null : v, model.doubles ? v : null);
        new UnorderedVisit(model, ++emissions).emit(out, parent, b, null, in -> in.store(p + "_sk", n, c)
                .store(p + "_sv", n, v).store(p + "_so", n, n).eval(n + "++"));
        out.eval("org.stag.engine.runtime.Sorts.sortPairs(" + p + "_sk, " + p + "_so, 0, " + n + ")");
        out.var("int", q, "0");
        return new Sorted(n, q, p);
    }

    @Override
    public void locate(Block out, String parent, String crd, Binding bind) {
        int id = ++emissions;
        String result = model.doubles ? bind.val() : bind.pos();
        if (result == null) {
            result = model.p + "_found" + id;
        }
        if (searchProblem == null) {
            out.comment(model.p + ": search of " + model.schema.name() + " for " + crd);
            new SchemaSearch(model).emit(out, id, parent, crd, result);
            return;
        }
        // No generic search: scan. Chains that are ordered stop at the first coordinate not below the key.
        out.comment(model.p + ": scan of " + model.schema.name() + " for " + crd + " (" + searchProblem + ")");
        String key = model.p + "_key" + id;
        String c = model.p + "_c" + id;
        String v = model.p + "_v" + id;
        String lbl = model.p + "_S" + id;
        String res = result;
        out.var(model.carriedType(), result, (model.doubles ? "Double.NaN" : "-1"));
        Block scope = out.scope(null);
        scope.var("int", key, crd);
        Binding b = new Binding(c, model.doubles ? null : v, model.doubles ? v : null);
        boolean stop = ordered() && !model.machineStack;
        Consumer<Block> body = in -> {
            if (stop) {
                Block ge = in.ifThen(c + " >= " + key);
                ge.ifThen(c + " == " + key).assign(res, v);
                ge.breakTo(lbl);
            } else {
                Block eq = in.ifThen(c + " == " + key);
                eq.assign(res, v);
                eq.breakTo(lbl);
            }
        };
        if (stop) {
            machine.iterate(scope, ++emissions, parent, b, lbl, body);
        } else {
            new UnorderedVisit(model, ++emissions).emit(scope, parent, b, lbl, body);
        }
    }
}
