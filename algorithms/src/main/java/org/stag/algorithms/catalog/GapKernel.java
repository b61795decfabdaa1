package org.stag.algorithms.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The GAP Benchmark Suite's kernel for an algorithm and the arguments stag gives it besides the input
 * ({@code -f}, {@code -s}) and the trial count ({@code -n}), which the harness adds. An argument {@code {name}}
 * stands for a value of the run that GAP is compared with: {@code {source}} (GAP's numbering: stag's internal
 * id), {@code {iterations}}, {@code {delta}} (a whole number, as GAP takes it). A weighted input ({@code .wel})
 * goes to an algorithm whose {@link Weights} are read.
 *
 * <p>More fields belong here as the comparison with GAP grows: per graph kind (GAP's {@code benchmark/bench.mk}
 * gives {@code sssp} on kron {@code -d2}) and shared random sources instead of {@code {source}}.
 *
 * @param name      the binary, e.g. {@code bfs}, {@code pr}, {@code cc}
 * @param arguments the arguments, placeholders included, e.g. {@code -r {source}}
 */
public record GapKernel(String name, List<String> arguments) {
    public GapKernel {
        Objects.requireNonNull(name, "name");
        arguments = List.copyOf(arguments);
    }

    /** Kernel {@code name} with {@code arguments}. */
    public static GapKernel of(String name, String... arguments) {
        return new GapKernel(name, List.of(arguments));
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
