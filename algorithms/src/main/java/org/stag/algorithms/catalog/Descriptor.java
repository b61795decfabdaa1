package org.stag.algorithms.catalog;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.Optional;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.ldbc.LdbcAlgorithm;

/**
 * Everything stag knows about one algorithm besides its program: the one place a command, the runner, the
 * comparisons, the incremental runs and the benchmarks read it from. Adding an algorithm is one descriptor
 * ({@link Algorithm}) and its {@code .stag} file, plus its hand-written reference if it has one.
 *
 * <p>The parameters and their defaults are the program's own declarations ({@code iterations int = 10}); the
 * descriptor names the {@linkplain Setting settings} among them that runs give from outside (a test holds the two
 * to agree), and adds what a program cannot say: the defaults that come from the graph, which settings LDBC
 * datasets give, and what the references and peers need.
 *
 * @param id            the name on the command line and of the program file ({@code ID.stag})
 * @param title         the algorithm's name in sentences, e.g. {@code PageRank}, {@code betweenness}
 * @param output        what the program gives: its output and the result's shape
 * @param settings      the settings its program declares (a parameter or input of the setting's name)
 * @param check         how two results are compared, and the tolerance of reals
 * @param weights       what it asks of the edge weights
 * @param graphDefaults defaults computed from the graph for parameters the program declares and the run does not
 *                      set, by name (SSSP's bucket width: the mean edge weight)
 * @param ldbc          how LDBC Graphalytics names it, if it defines it: its output files can check it
 * @param handwritten   the hand-written Java implementation, if any
 * @param jgrapht       JGraphT with the same semantics, if it has one
 * @param gap           GAP's kernel and arguments, if GAP has one
 * @param incremental   the program that keeps its result up to date across batches, if any
 * @param perIteration  whether benchmarks report its time per iteration (a fixed iteration count)
 */
public record Descriptor(String id, String title, Output output, Set<Setting> settings, Check check, Weights weights,
                         Map<String, GraphDefault> graphDefaults, Optional<LdbcNames> ldbc,
                         Optional<Implementation> handwritten, Optional<Implementation> jgrapht, Optional<GapKernel> gap,
                         Optional<IncrementalProgram> incremental, boolean perIteration) {
    public Descriptor {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(output, "output");
        settings = settings.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(settings));
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(weights, "weights");
        graphDefaults = Map.copyOf(graphDefaults);
    }

    /** A parameter's default that depends on the graph. */
    @FunctionalInterface
    public interface GraphDefault {
        /** The value, as the parameter's text. */
        String value(Csr g);

        /**
         * Why {@code given}, a value the user set ({@code --param}), cannot be the parameter's on {@code g}, or null
         * when it can; by default every value can.
         */
        default String refuse(String given, Csr g) {
            return null;
        }
    }

    /** A descriptor of algorithm {@code id} whose program gives {@code output}; fill in the rest with the builder. */
    public static Builder of(String id, String title, Output output) {
        return new Builder(id, title, output);
    }

    /** Builds a descriptor; what is not set is absent (no LDBC names, no references...), results exact. */
    public static final class Builder {
        private final String id;
        private final String title;
        private final Output output;
        private final Set<Setting> settings = EnumSet.noneOf(Setting.class);
        private Check check = Check.exact();
        private Weights weights = Weights.UNUSED;
        private final Map<String, GraphDefault> graphDefaults = new LinkedHashMap<>();
        private LdbcNames ldbc;
        private Implementation handwritten;
        private Implementation jgrapht;
        private GapKernel gap;
        private IncrementalProgram incremental;
        private boolean perIteration;

        private Builder(String id, String title, Output output) {
            this.id = id;
            this.title = title;
            this.output = output;
        }

        /** The settings the program takes from outside. */
        public Builder takes(Setting... s) {
            settings.addAll(List.of(s));
            return this;
        }

        public Builder check(Check c) {
            check = c;
            return this;
        }

        public Builder weights(Weights w) {
            weights = w;
            return this;
        }

        public Builder graphDefault(String parameter, GraphDefault value) {
            graphDefaults.put(parameter, value);
            return this;
        }

        /** LDBC's algorithm, its check, and the properties of its settings. */
        public Builder ldbc(LdbcAlgorithm a, Map<Setting, String> properties) {
            ldbc = new LdbcNames(a, properties);
            check = Check.of(a);
            return this;
        }

        public Builder handwritten(Implementation r) {
            handwritten = r;
            return this;
        }

        public Builder jgrapht(Implementation r) {
            jgrapht = r;
            return this;
        }

        public Builder gap(GapKernel k) {
            gap = k;
            return this;
        }

        public Builder incremental(String file, IncrementalProgram.Relaxation relaxation) {
            incremental = new IncrementalProgram(file, relaxation);
            return this;
        }

        public Builder perIteration() {
            perIteration = true;
            return this;
        }

        public Descriptor build() {
            return new Descriptor(id, title, output, settings, check, weights, graphDefaults, Optional.ofNullable(ldbc),
                    Optional.ofNullable(handwritten), Optional.ofNullable(jgrapht), Optional.ofNullable(gap),
                    Optional.ofNullable(incremental), perIteration);
        }
    }
}
