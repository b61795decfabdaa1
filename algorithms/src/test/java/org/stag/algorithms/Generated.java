package org.stag.algorithms;

import org.stag.algorithms.graph.Csr;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphGenerator;

/** Synthetic graphs from the loaders' generators, large enough for several blocks and parallel steps. */
public final class Generated {
    private Generated() {
    }

    /** A generated graph: {@code kind} is {@code kron}, {@code urand} or {@code grid}. */
    public static Csr graph(String kind, int scale, double degree, long seed, boolean directed, boolean weighted) {
        GeneratorOptions o = GeneratorOptions.of(scale, degree, seed).withDirected(directed).withWeighted(weighted);
        return Csr.of(GraphBuilder.build(GraphGenerator.byName(kind).generate(o), DuplicatePolicy.MIN, 1));
    }
}
