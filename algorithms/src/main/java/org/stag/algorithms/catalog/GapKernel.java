package org.stag.algorithms.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The GAP Benchmark Suite's kernel for an algorithm, and the arguments GAP's own {@code benchmark/bench.mk} gives
 * it besides the input ({@code -f}, {@code -s}), the trial count ({@code -n}) and the source ({@code -r}), which
 * the harness adds: {@code -r} once per shared random source for an algorithm that takes a source. An argument
 * {@code {name}} stands for the value of parameter {@code name} of the stag run GAP is compared with
 * ({@code {iterations}}), unless {@link #byKind} fixes it by the kind of graph, as bench.mk does ({@code sssp}'s
 * {@code -d}: 2 on kron, urand, twitter and web, 50000 on road), and then the stag run is given the same value.
 *
 * @param name      the binary, e.g. {@code bfs}, {@code pr}, {@code cc}
 * @param arguments the arguments, placeholders included, e.g. {@code -d {delta}}
 * @param symmetric whether GAP's kernel needs an undirected graph ({@code tc}): a directed input is symmetrised
 *                  ({@code -s}), as stag's program symmetrises it
 * @param byKind    the parameter bench.mk sets per kind of graph, if any
 */
public record GapKernel(String name, List<String> arguments, boolean symmetric, Optional<ByKind> byKind) {
    public GapKernel {
        Objects.requireNonNull(name, "name");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(byKind, "byKind");
    }

    /**
     * A parameter whose value bench.mk gives per kind of graph.
     *
     * @param parameter  the placeholder's name, e.g. {@code delta}
     * @param flag       GAP's option that takes it, e.g. {@code -d}
     * @param gapDefault GAP's value when the option is not given (arguments of one's own without it)
     * @param values     its value by kind ({@code kron}, {@code urand}, {@code twitter}, {@code web}, {@code road})
     * @param sweep      the values tried, GAP's fastest taken, on a graph of no known kind
     */
    public record ByKind(String parameter, String flag, String gapDefault, Map<String, String> values,
                         List<String> sweep) {
        public ByKind {
            Objects.requireNonNull(parameter, "parameter");
            Objects.requireNonNull(flag, "flag");
            Objects.requireNonNull(gapDefault, "gapDefault");
            values = Map.copyOf(values);
            sweep = List.copyOf(sweep);
        }
    }

    /** Kernel {@code name} with {@code arguments}. */
    public static GapKernel of(String name, String... arguments) {
        return new GapKernel(name, List.of(arguments), false, Optional.empty());
    }

    /** This kernel on the symmetrised graph. */
    public GapKernel onSymmetric() {
        return new GapKernel(name, arguments, true, byKind);
    }

    /**
     * This kernel with {@code parameter} (GAP's option {@code flag}, {@code gapDefault} when not given) set per kind of
     * graph ({@code values}), else the fastest of {@code sweep}.
     */
    public GapKernel byKind(String parameter, String flag, String gapDefault, Map<String, String> values,
                            String... sweep) {
        return new GapKernel(name, arguments, symmetric, Optional.of(new ByKind(parameter, flag, gapDefault, values,
                List.of(sweep))));
    }

    /**
     * The arguments with every placeholder replaced by its value in {@code values}.
     *
     * @throws IllegalArgumentException for a placeholder without a value
     */
    public List<String> arguments(Map<String, String> values) {
        List<String> out = new ArrayList<>();
        for (String a : arguments) {
            if (a.length() > 2 && a.startsWith("{") && a.endsWith("}")) {
                String v = values.get(a.substring(1, a.length() - 1));
                if (v == null) {
                    throw new IllegalArgumentException("GAP's " + name + " needs " + a + ", which the run has no value for");
                }
                out.add(v);
            } else {
                out.add(a);
            }
        }
        return out;
    }
}
