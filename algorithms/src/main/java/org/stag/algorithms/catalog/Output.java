package org.stag.algorithms.catalog;

import java.util.Objects;

/**
 * What an algorithm gives: the output of its program's {@code Main} that holds the result, and the result's
 * shape.
 *
 * <p>The shipped algorithms give one value per vertex, which {@code stag run} writes as {@code vertex value}
 * lines, {@code stag compare} checks vertex by vertex and {@code stag stream} writes per version. The other
 * shapes describe the algorithms that come next, so that their descriptors can say so now: triangle counting
 * gives one count ({@link Shape#SCALAR}, a scalar output of {@code Main}); k-truss gives edges
 * ({@link Shape#EDGE}, an output of order 2 over the graph's vertices). The runner binds and runs a program of
 * any shape, and refuses to collect a result whose shape it has no writer and no check for yet, naming the
 * algorithm: a scalar is to be printed as one {@code name value} line and checked as one value by the
 * algorithm's {@link Check}; edges as {@code source target value} lines, checked edge by edge.
 *
 * @param name  the output of {@code Main}, e.g. {@code rank}
 * @param shape what it holds
 */
public record Output(String name, Shape shape) {
    /** The shapes of a result. */
    public enum Shape {
        /** One value per vertex: a vector of {@code N} entries. */
        VERTEX,
        /** One value for the whole graph (a count, a sum). */
        SCALAR,
        /** One value per edge (or a set of edges): a matrix over the graph's vertices. */
        EDGE
    }

    public Output {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shape, "shape");
    }

    /** One value per vertex, in output {@code name}. */
    public static Output perVertex(String name) {
        return new Output(name, Shape.VERTEX);
    }
}
