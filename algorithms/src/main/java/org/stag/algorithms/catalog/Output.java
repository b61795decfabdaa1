package org.stag.algorithms.catalog;

import java.util.Objects;

/**
 * What an algorithm gives: the output of its program's {@code Main} that holds the result, and the result's
 * shape.
 *
 * <p>Most shipped algorithms give one value per vertex, which {@code stag run} writes as {@code vertex value}
 * lines, {@code stag compare} checks vertex by vertex and {@code stag stream} writes per version. k-truss gives a
 * set of edges ({@link Shape#EDGE}: a {@code bool} output of order 2 over the graph's vertices), which
 * {@code stag run} writes as {@code source target} lines and {@code stag compare} checks as a set; {@code stag
 * stream} and Spark runs refuse it. Triangle counting would give one count ({@link Shape#SCALAR}, a scalar
 * output of {@code Main}): the runner binds and runs a program of that shape, and refuses to collect its result,
 * naming the algorithm, since no writer and no check for it exist.
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
        /** A set of edges: a {@code bool} matrix over the graph's vertices. */
        EDGE
    }

    public Output {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shape, "shape");
    }

    /** A set of edges, in output {@code name}. */
    public static Output edges(String name) {
        return new Output(name, Shape.EDGE);
    }

    /** One value for the whole graph, in scalar output {@code name}. */
    public static Output scalar(String name) {
        return new Output(name, Shape.SCALAR);
    }

    /** One value per vertex, in output {@code name}. */
    public static Output perVertex(String name) {
        return new Output(name, Shape.VERTEX);
    }
}
