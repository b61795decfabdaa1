package org.stag.cli.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A grouped bar chart as plain data, before any rendering: what {@link BenchChart} gives XChart, kept apart so
 * that tests can compare it with the CSV.
 *
 * @param title       the chart's title
 * @param yLabel      the value axis' title
 * @param categories  the groups along the x axis
 * @param series      one series per implementation: a value (ms) per category, {@code null} where there is none
 * @param logarithmic whether the value axis is logarithmic
 */
public record ChartModel(String title, String yLabel, List<String> categories, Map<String, List<Double>> series,
                         boolean logarithmic) {
    public ChartModel {
        categories = List.copyOf(categories);
        Map<String, List<Double>> copy = new LinkedHashMap<>();
        for (Map.Entry<String, List<Double>> e : series.entrySet()) {
            if (e.getValue().size() != categories.size()) {
                throw new IllegalArgumentException("series " + e.getKey() + " has " + e.getValue().size()
                        + " values for " + categories.size() + " categories");
            }
            copy.put(e.getKey(), Collections.unmodifiableList(new ArrayList<>(e.getValue())));
        }
        series = Collections.unmodifiableMap(copy);
    }
}
