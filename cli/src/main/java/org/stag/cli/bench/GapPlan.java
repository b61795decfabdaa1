package org.stag.cli.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.GapKernel;

/**
 * Which arguments GAP runs with in {@code stag bench --peer gap}: those of GAP's own {@code benchmark/bench.mk} for
 * the kind of graph (kron, urand, twitter, web, road; read from the file's name), as each algorithm's
 * {@link GapKernel} records them, or the user's ({@code --peer-args KERNEL=ARGS}). A parameter bench.mk sets by kind
 * ({@code sssp}'s {@code -d}) has no value on a graph of no known kind: the harness then sweeps
 * {@link GapKernel.ByKind#sweep()} and takes GAP's fastest. The stag run compared with GAP is given the same value.
 */
public final class GapPlan {
    /** The kinds of graph bench.mk names, with the words a file name may show them by. */
    private static final Map<String, List<String>> KINDS = kinds();

    private GapPlan() {
    }

    private static Map<String, List<String>> kinds() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("kron", List.of("kron", "kronecker", "rmat", "graph500"));
        m.put("urand", List.of("urand", "uniform", "erdos"));
        m.put("twitter", List.of("twitter"));
        m.put("web", List.of("web", "sk-2005", "sk2005"));
        m.put("road", List.of("road", "usa-road"));
        return m;
    }

    /**
     * The kind of graph bench.mk would call {@code fileName}: the first of kron, urand, twitter, web and road whose
     * word starts the name ({@code kron20.stagb}, {@code urand20w.sg}, {@code USA-road-d.USA.gr}, {@code sk-2005.mtx});
     * empty for any other name.
     */
    public static Optional<String> kind(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, List<String>> e : KINDS.entrySet()) {
            for (String word : e.getValue()) {
                if (n.startsWith(word)) {
                    return Optional.of(e.getKey());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * GAP's arguments for one kernel on one graph, besides {@code -f}, {@code -s}, {@code -r} and {@code -n}.
     *
     * @param arguments the arguments; null while a sweep is still to choose the by-kind parameter's value
     * @param stag      the parameters the stag run is given so that both compute the same (sssp's delta)
     * @param why       where the arguments come from, for the table
     */
    public record Args(List<String> arguments, Map<String, String> stag, String why) {
        public Args {
            arguments = arguments == null ? null : List.copyOf(arguments);
            stag = Map.copyOf(stag);
        }
    }

    /**
     * The arguments of {@code a}'s GAP kernel on a graph of {@code kind} (empty: unknown).
     *
     * @param override the user's arguments for the kernel ({@code --peer-args}), or null
     * @param values   the values of the stag run's parameters that GAP's placeholders name ({@code iterations})
     * @param swept    the by-kind parameter's value a sweep chose, or null before the sweep
     */
    public static Args args(Algorithm a, Optional<String> kind, List<String> override, Map<String, String> values,
                            String swept) {
        GapKernel k = a.descriptor().gap().orElseThrow(() -> new IllegalArgumentException("GAP has no " + a.id()));
        Optional<GapKernel.ByKind> by = k.byKind();
        if (override != null) {
            Map<String, String> stag = new LinkedHashMap<>();
            by.ifPresent(b -> stag.put(b.parameter(), valueOf(b.flag(), override).orElse(b.gapDefault())));
            return new Args(override, stag, "--peer-args");
        }
        Map<String, String> all = new LinkedHashMap<>(values);
        if (by.isEmpty()) {
            return new Args(k.arguments(all), Map.of(), "bench.mk");
        }
        GapKernel.ByKind b = by.get();
        String value;
        String why;
        if (kind.isPresent() && b.values().containsKey(kind.get())) {
            value = b.values().get(kind.get());
            why = "bench.mk's " + b.flag() + value + " for " + kind.get();
        } else if (swept != null) {
            value = swept;
            why = "GAP's fastest of " + b.flag() + " " + String.join(",", b.sweep()) + " from the first source (bench.mk"
                    + " sets " + b.flag() + " by kind: " + byKind(b) + "; this graph's name names none)";
        } else {
            return new Args(null, Map.of(), "sweep");
        }
        all.put(b.parameter(), value);
        return new Args(k.arguments(all), Map.of(b.parameter(), value), why);
    }

    private static String byKind(GapKernel.ByKind b) {
        List<String> parts = new ArrayList<>();
        for (String kind : KINDS.keySet()) {
            if (b.values().containsKey(kind)) {
                parts.add(kind + " " + b.values().get(kind));
            }
        }
        return String.join(", ", parts);
    }

    /** The value of option {@code flag} in {@code args}: {@code -d 4} or {@code -d4}; empty when absent. */
    static Optional<String> valueOf(String flag, List<String> args) {
        String found = null;
        for (int i = 0; i < args.size(); i++) {
            String s = args.get(i);
            if (s.equals(flag) && i + 1 < args.size()) {
                found = args.get(++i);
            } else if (s.startsWith(flag) && s.length() > flag.length()) {
                found = s.substring(flag.length());
            }
        }
        return Optional.ofNullable(found);
    }

    /** The options the harness gives GAP itself: the input, symmetrising, the source and the trial count. */
    private static final Set<String> HARNESS_FLAGS = Set.of("-f", "-s", "-r", "-n");

    /**
     * Parses {@code --peer-args KERNEL=ARGS} (each given once per kernel): the kernel's arguments, split at blanks.
     *
     * @param specs   the option's values, as given
     * @param kernels GAP's kernels the run has ({@code bfs}, {@code sssp}...)
     * @throws IllegalArgumentException with one line naming the bad value
     */
    public static Map<String, List<String>> overrides(List<String> specs, Set<String> kernels) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String spec : specs) {
            int eq = spec.indexOf('=');
            String kernel = eq < 0 ? "" : spec.substring(0, eq).strip();
            if (eq < 0 || kernel.isEmpty()) {
                throw new IllegalArgumentException("--peer-args '" + spec + "': expected KERNEL=ARGS, e.g. sssp='-d 4'");
            }
            if (!kernels.contains(kernel)) {
                throw new IllegalArgumentException("--peer-args '" + spec + "': '" + kernel + "' is not a GAP kernel of"
                        + " this run (expected " + String.join(", ", new TreeSet<>(kernels)) + ")");
            }
            if (out.containsKey(kernel)) {
                throw new IllegalArgumentException("--peer-args '" + spec + "': " + kernel + " is given twice");
            }
            String text = spec.substring(eq + 1).strip();
            List<String> args = text.isEmpty() ? List.of() : List.of(text.split("\\s+"));
            for (String a : args) {
                for (String flag : HARNESS_FLAGS) {
                    if (a.equals(flag) || a.startsWith(flag) && a.length() > 2 && !a.startsWith("--")) {
                        throw new IllegalArgumentException("--peer-args '" + spec + "': " + flag + " is the harness's"
                                + " (input -f, -s, sources -r, trials -n: use --graph, --sources, --source, --repeat)");
                    }
                }
            }
            if (!args.isEmpty() && !args.get(0).startsWith("-")) {
                throw new IllegalArgumentException("--peer-args '" + spec + "': '" + args.get(0) + "' is not an option"
                        + " (GAP's options start with -)");
            }
            out.put(kernel, args);
        }
        return out;
    }
}
