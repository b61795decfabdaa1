package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.ge;
import static org.stag.engine.loopir.Exprs.gt;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.length;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
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
 *       ({@link InOrderMachine}); for binary search trees with a node index, visits loop over the index
 *       ({@link UnorderedVisit}) and C-tree cursors advance over its row records ({@link IndexedCursor}).</li>
 *   <li>{@link #locate}: a search derived from the traversal for search trees ({@link SchemaSearch}); for other
 *       schemas (chains, unordered, ambiguous) {@link #canLocate()} is false and locate is a scan.</li>
 * </ul>
 *
 * <p>Generated code must have a {@code org.stag.engine.kernellib.Workspace ws} in scope where {@link #unpack} and
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
        this.searchProblem = model.plan.whyNotSearchable();
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
    public void unpack(Block out, Ex level) {
        ShardArrays.unpack(model, out, level);
        if (!ordered()) {
            // The arrays a row is sorted in ({@link #gatherSorted}), shared like the stacks: one in-order use at a time.
            String p = model.p;
            out.var(INTS, p + "_sk", SchemaTypes.wsInts(p + "_sk"));
            out.var(INTS, p + "_so", SchemaTypes.wsInts(p + "_so"));
            JavaType sv = model.carriedType().array();
            out.var(sv, p + "_sv", call(SchemaTypes.WS, model.doubles ? "doubles" : "ints", sv, str(p + "_sv"), lit(64)));
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
    public void iterate(Block out, Ex parent, Binding bind, boolean inOrder, String label, Consumer<Block> body) {
        int id = ++emissions;
        out.comment(model.p + ": " + (inOrder ? "in-order" : "unordered") + " visit of " + model.schema.name()
                + " under " + describe(parent));
        if (inOrder && !ordered()) {
            // Iterator conversion, as for hash segments: the elements gathered and sorted by coordinate.
            Sorted row = gatherSorted(out, parent, model.p + "_o" + id);
            Block loop = out.forLoop(label, List.of(), lt(row.q, row.n), postInc(row.q));
            loop.let(INT, bind.crd(), row.crd());
            String carried = model.doubles ? bind.val() : bind.pos();
            if (carried != null) {
                loop.let(model.carriedType(), carried, row.carried());
            }
            body.accept(loop);
        } else if (inOrder && model.order == null) {
            machine.iterate(out, id, parent, bind, label, body);
        } else {
            new UnorderedVisit(model, id).emit(out, parent, bind, label, body);
        }
    }

    @Override
    public Cursor cursor(Block out, Ex parent, String name) {
        if (!ordered()) {
            Sorted row = gatherSorted(out, parent, name);
            return new Cursor() {
                @Override
                public Ex valid() {
                    return lt(row.q, row.n);
                }

                @Override
                public Ex crd() {
                    return row.crd();
                }

                @Override
                public Ex pos() {
                    return row.carried();
                }

                @Override
                public Ex val() {
                    return row.carried();
                }

                @Override
                public void advance(Block b) {
                    b.eval(postInc(row.q));
                }
            };
        }
        SchemaModel.FieldInfo[] indexed = model.headRuns;
        if (indexed != null) {
            return IndexedCursor.emit(model, indexed, out, ++emissions, parent, name);
        }
        return machine.cursor(out, ++emissions, parent, name);
    }

    /**
     * A parent as a comment names it: a local's name or a literal (the root, 0); "a parent" for other
     * expressions (comments hold no code).
     */
    private static String describe(Ex parent) {
        return parent instanceof Ex.Local l ? l.name() : parent instanceof Ex.Lit c ? String.valueOf(c.value()) : "a parent";
    }

    /** A row gathered and sorted: {@code n} elements, the next at {@code q}, in the level's sort arrays. */
    private record Sorted(Ex n, Ex q, SchemaModel m) {
        Ex crd() {
            return load(m.ownInts("sk"), q);
        }

        /** The position or value of the element at {@code q}, read through the sorted order. */
        Ex carried() {
            return load(local(m.p + "_sv", m.carriedType().array()), load(m.ownInts("so"), q));
        }
    }

    /**
     * Iterator conversion for a schema whose traversal is not in coordinate order (an unsorted block list):
     * one visit counts the elements of {@code parent}, a second copies their coordinates and positions or
     * values into the level's sort arrays (grown, and kept by the workspace, when a row is longer than any
     * before), which are sorted by coordinate ({@code Sorts.sortPairs} on the coordinates and the element
     * numbers); declares {@code q} on the first element. Allocation-free once the arrays fit the longest row.
     */
    private Sorted gatherSorted(Block out, Ex parent, String name) {
        String p = model.p;
        Ex n = intVar(name + "_n");
        Ex q = intVar(name + "_q");
        out.var(INT, name + "_n", lit(0));
        new UnorderedVisit(model, ++emissions).emit(out, parent, new Binding(name + "_cc", null, null), null,
                in -> in.eval(postInc(n)));
        JavaType svType = model.carriedType().array();
        Ex sv = local(p + "_sv", svType);
        if (model.doubles) {
            model.grow(out, n, "sk", "so");
            Block g = out.ifThen(gt(n, length(sv)));
            g.assign(sv, staticCall(SchemaTypes.ARRAYS, "copyOf", svType, sv, staticCall(SchemaTypes.MATH, "max", INT,
                    mul(lit(2), length(sv)), n)));
            g.eval(call(SchemaTypes.WS, "keepDoubles", JavaType.VOID, str(p + "_sv"), sv));
        } else {
            model.grow(out, n, "sk", "so", "sv");
        }
        out.assign(n, lit(0));
        String c = name + "_gc";
        String v = name + "_gv";
        Binding b = new Binding(c, model.doubles ? null : v, model.doubles ? v : null);
        new UnorderedVisit(model, ++emissions).emit(out, parent, b, null, in -> in.store(model.ownInts("sk"), n, intVar(c))
                .store(sv, n, local(v, model.carriedType())).store(model.ownInts("so"), n, n).eval(postInc(n)));
        out.eval(staticCall(SchemaTypes.SORTS, "sortPairs", JavaType.VOID, model.ownInts("sk"), model.ownInts("so"), lit(0), n));
        out.var(INT, name + "_q", lit(0));
        return new Sorted(n, q, model);
    }

    @Override
    public void locate(Block out, Ex parent, Ex crd, Binding bind) {
        int id = ++emissions;
        String result = model.doubles ? bind.val() : bind.pos();
        if (result == null) {
            result = model.p + "_found" + id;
        }
        if (searchProblem == null) {
            out.comment(model.p + ": search of " + model.schema.name() + " for " + describe(crd));
            new SchemaSearch(model).emit(out, id, parent, crd, result);
            return;
        }
        // No generic search: scan. Chains that are ordered stop at the first coordinate not below the key.
        out.comment(model.p + ": scan of " + model.schema.name() + " for " + describe(crd) + " (" + searchProblem + ")");
        String keyName = model.p + "_key" + id;
        Ex key = intVar(keyName);
        Ex c = intVar(model.p + "_c" + id);
        String v = model.p + "_v" + id;
        String lbl = model.p + "_S" + id;
        Ex res = local(result, model.carriedType());
        Ex value = local(v, model.carriedType());
        out.var(model.carriedType(), result, model.doubles ? lit(Double.NaN) : lit(-1));
        Block scope = out.scope(null);
        scope.var(INT, keyName, crd);
        Binding b = new Binding(model.p + "_c" + id, model.doubles ? null : v, model.doubles ? v : null);
        boolean stop = ordered() && !model.machineStack;
        Consumer<Block> body = in -> {
            if (stop) {
                Block atOrAbove = in.ifThen(ge(c, key));
                atOrAbove.ifThen(eq(c, key)).assign(res, value);
                atOrAbove.breakTo(lbl);
            } else {
                Block at = in.ifThen(eq(c, key));
                at.assign(res, value);
                at.breakTo(lbl);
            }
        };
        if (stop) {
            machine.iterate(scope, ++emissions, parent, b, lbl, body);
        } else {
            new UnorderedVisit(model, ++emissions).emit(scope, parent, b, lbl, body);
        }
    }
}
