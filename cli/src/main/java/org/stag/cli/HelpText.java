package org.stag.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.function.Supplier;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.GapKernel;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.catalog.Weights;

/**
 * What the commands' help says about the algorithms, from their descriptors: the help writes
 * {@code ${bundle:KEY}} where it names them, so a new algorithm appears in every list without an edit here.
 * Each text is made when the help is drawn, not when a command runs.
 */
final class HelpText extends ResourceBundle {
    private static final Map<String, Supplier<String>> TEXTS = Map.ofEntries(
            Map.entry("help-algorithms", () -> or(Algorithm.names())),
            Map.entry("help-algorithms.list", () -> String.join(", ", Algorithm.names())),
            Map.entry("help-algorithms.incremental", () -> String.join(", ", Algorithm.ids(d -> d.incremental().isPresent()))),
            Map.entry("help-algorithms.jgrapht", HelpText::jgrapht),
            Map.entry("help-algorithms.handwritten", HelpText::handwritten),
            Map.entry("help-algorithms.source", () -> String.join(", ", Algorithm.ids(d -> d.settings().contains(Setting.SOURCE)))),
            Map.entry("help-algorithms.iterations", () -> String.join(", ",
                    Algorithm.ids(d -> d.settings().contains(Setting.ITERATIONS)))),
            Map.entry("help-algorithms.seed", () -> String.join(", ", Algorithm.ids(d -> d.settings().contains(Setting.SEED)))),
            Map.entry("help-algorithms.k", () -> String.join(", ", Algorithm.ids(d -> d.settings().contains(Setting.K)))),
            Map.entry("help-algorithms.sourced", () -> and(Algorithm.ids(d -> d.settings().contains(Setting.SOURCE)
                    || d.settings().contains(Setting.SOURCES)))),
            Map.entry("help-algorithms.nonNegative", () -> or(Algorithm.ids(d -> d.weights() == Weights.NON_NEGATIVE))),
            Map.entry("help-algorithms.notGap", () -> String.join(", ", Algorithm.ids(d -> d.gap().isEmpty()))),
            Map.entry("help-gap-kernels", () -> and(Algorithm.ids(d -> d.gap().isPresent()).stream()
                    .map(id -> Algorithm.byName(id).orElseThrow().descriptor().gap().map(GapKernel::name).orElseThrow())
                    .toList())));

    /** The algorithms {@code stag bench} runs unless told: those GAP has a kernel for. */
    static String benchDefault() {
        return String.join(",", Algorithm.ids(d -> d.gap().isPresent()));
    }

    @Override
    protected Object handleGetObject(String key) {
        Supplier<String> text = TEXTS.get(key);
        return text == null ? null : text.get();
    }

    @Override
    public Enumeration<String> getKeys() {
        return Collections.enumeration(TEXTS.keySet());
    }

    /** E.g. {@code pagerank, bfs, sssp, wcc, bc (from all sources)}. */
    private static String jgrapht() {
        List<String> out = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) {
            a.descriptor().jgrapht().ifPresent(j -> out.add(a.id() + (j.allSourcesOnly() == null ? "" : " (from all sources)")));
        }
        return String.join(", ", out);
    }

    /** E.g. {@code all seven, bc also with --sources}. */
    private static String handwritten() {
        List<String> ids = Algorithm.ids(d -> d.handwritten().isPresent());
        String which = ids.size() == Algorithm.values().length ? "all " + number(ids.size()) : String.join(", ", ids);
        List<String> sampled = Algorithm.ids(d -> d.settings().contains(Setting.SOURCES)
                && d.handwritten().map(h -> h.allSourcesOnly() == null).orElse(false));
        return which + (sampled.isEmpty() ? "" : ", " + and(sampled) + " also with --sources");
    }

    private static String number(int n) {
        String[] words = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve"};
        return n < words.length ? words[n] : Integer.toString(n);
    }

    /** {@code a, b or c}. */
    private static String or(List<String> items) {
        return join(items, " or ");
    }

    /** {@code a, b and c}. */
    private static String and(List<String> items) {
        return join(items, " and ");
    }

    private static String join(List<String> items, String last) {
        if (items.size() < 2) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + last + items.get(items.size() - 1);
    }

    private HelpText() {
    }

    /** The texts, for {@link Stag} to give to picocli. */
    static ResourceBundle bundle() {
        return new HelpText();
    }
}
