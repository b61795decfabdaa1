package org.stag.engine.loopir;

import java.util.List;
import java.util.function.Consumer;
import org.stag.formats.level.Capability;
import org.stag.formats.level.LevelFormat;

/**
 * How generated code reads one level of one operand: the lowering asks a level for code and never looks at
 * its format. Static levels ({@link StaticLevelCode}) emit loops over their arrays; dynamic levels
 * ({@code org.stag.engine.loopir.schema}) derive the same operations from their node schema.
 *
 * <p>Every name the code declares starts with {@link #prefix()}, so several levels can be emitted into one
 * method. Positions are ints; a level that {@link #holdsValues() holds values} binds the double value instead
 * of a position (a dynamic last level of a double tensor).
 */
public interface LevelCode {

    /** The prefix of every local this level declares, e.g. {@code A1}. */
    String prefix();

    /**
     * Statements run once per kernel run (or per task) that unpack the level's arrays into locals.
     *
     * @param level an expression of type {@code org.stag.formats.level.Level}
     */
    void unpack(Block out, Ex level);

    /**
     * The level's format. Its {@link LevelFormat#capabilities()} and {@link LevelFormat#locateCost()} are the
     * one statement of what the level can do; the checker, the loop planner and the generator all read them.
     */
    LevelFormat format();

    /**
     * Whether {@link #locate} finds a coordinate without a scan (dense, bitmap, hashed, search trees): the
     * format's {@link Capability#LOCATE}. Schema code re-derives it from the traversal as a consistency
     * check ({@code LevelAgreementTest}); the planner and the generator read the format, not this.
     */
    default boolean canLocate() {
        return format().has(Capability.LOCATE);
    }

    /** Whether {@link #iterate} with {@code inOrder} and {@link #cursor} yield increasing coordinates. */
    boolean ordered();

    /** Whether every coordinate of the dimension is stored under every parent (dense). */
    boolean full();

    /** Whether iteration binds the tensor's double value ({@link Binding#val()}) instead of a position. */
    boolean holdsValues();

    /**
     * Visits the children of position {@code parent} (an int expression without side effects): declares and binds {@code bind.crd()} (int) and
     * {@code bind.pos()} (int) or {@code bind.val()} (double), then runs the body. {@code inOrder} asks for
     * increasing coordinates; otherwise any order that is fastest. The outermost loop of the visit carries
     * {@code label}, so the body may {@code break label;} to stop the visit.
     */
    void iterate(Block out, Ex parent, Binding bind, boolean inOrder, String label, Consumer<Block> body);

    /**
     * For a level whose children of a parent are a range of positions {@code [start, end)} with a coordinate array
     * (compressed): the bounds of {@code parent}'s range, read from the unpacked locals; else null. A parallel loop
     * over such an outermost level splits its positions directly instead of gathering them first
     * ({@code FrameCode.gather}).
     */
    default Ex[] positionRange(Ex parent) {
        return null;
    }

    /** The coordinate at position {@code q} of a level with a {@link #positionRange}. */
    default Ex coordinateAt(Ex q) {
        throw new UnsupportedOperationException(prefix() + ": no coordinate array");
    }

    /**
     * An ordered cursor over the children of {@code parent}, for co-iteration: declares its state in
     * {@code out} (positioned on the first child) and returns the expressions to read and advance it.
     */
    Cursor cursor(Block out, Ex parent, String name);

    /**
     * Finds coordinate {@code crd} (an int expression without side effects) under {@code parent}: declares and sets
     * {@code bind.pos()} (-1 when absent) or {@code bind.val()} (NaN when absent). {@code bind.crd()} is unused.
     */
    void locate(Block out, Ex parent, Ex crd, Binding bind);

    /**
     * Where the children of a level hang, as [Chou 2018]'s level functions see it ({@code pos_bounds(p)}, {@code
     * coord_bounds(i_1, ..., i_k-1)}, {@code pos_access(p, i_1, ..., i_k-1)}): the parent's position and the
     * coordinates of the ancestors, outermost first (a range level's bounds and an offset level's shift read its
     * diagonal's coordinate).
     *
     * @param coords the ancestors' coordinates (int expressions), or null where one is not bound to a local
     */
    record Parent(Ex pos, List<Ex> coords) {
        /** A parent position with no known ancestors. */
        public static Parent at(Ex pos) {
            return new Parent(pos, List.of());
        }

        /** The coordinate of the ancestor {@code up} levels above (1: the parent). */
        public Ex ancestor(int up) {
            Ex c = up <= coords.size() ? coords.get(coords.size() - up) : null;
            if (c == null) {
                throw new IllegalStateException("the coordinate of the level " + up + " above is not bound by a loop");
            }
            return c;
        }
    }

    /** {@link #iterate} under {@code parent}; levels that read their ancestors' coordinates override it. */
    default void iterate(Block out, Parent parent, Binding bind, boolean inOrder, String label, Consumer<Block> body) {
        iterate(out, parent.pos(), bind, inOrder, label, body);
    }

    /** {@link #cursor} under {@code parent}. */
    default Cursor cursor(Block out, Parent parent, String name) {
        return cursor(out, parent.pos(), name);
    }

    /** {@link #locate} under {@code parent}. */
    default void locate(Block out, Parent parent, Ex crd, Binding bind) {
        locate(out, parent.pos(), crd, bind);
    }

    /** Names of the variables a visit or locate binds; {@code pos} or {@code val} may be null when unused. */
    record Binding(String crd, String pos, String val) {
    }

    /** An ordered iterator kept in locals of the enclosing loop; nothing is allocated per element. */
    interface Cursor {
        /** A boolean expression: whether the cursor is on an element. */
        Ex valid();

        /** An int expression: the current coordinate (only when valid). */
        Ex crd();

        /** An int expression: the current position (only when valid and the level does not hold values). */
        Ex pos();

        /** A double expression: the current value (only when valid and the level holds values). */
        Ex val();

        /** Statements that move to the next element. */
        void advance(Block out);
    }
}
