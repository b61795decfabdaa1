package org.stag.cli.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.stag.algorithms.catalog.Algorithm;

/**
 * Everything one {@code stag bench} run measured, as a table: one row per (graph, algorithm, threads), one
 * column per implementation, and the ratio of every cell's median to the baseline column's. Renders itself
 * as Markdown and CSV and gives the chart's data as a {@link ChartModel}.
 */
public final class BenchResults {

    private final List<String> columns;
    private final String baseline;
    private final int repeat;
    private final List<Measurement> cells;
    private final Map<String, String> facts;

    /**
     * @param columns  the implementations in column order
     * @param baseline the column ratios are taken to (one of {@code columns})
     * @param repeat   timed runs per cell
     * @param cells    the measurements, in row order
     * @param facts    what the table's caption says about the run (source vertex, iterations...), in order
     */
    public BenchResults(List<String> columns, String baseline, int repeat, List<Measurement> cells,
                        Map<String, String> facts) {
        if (!columns.contains(baseline)) {
            throw new IllegalArgumentException("baseline " + baseline + " is not a column of " + columns);
        }
        this.columns = List.copyOf(columns);
        this.baseline = baseline;
        this.repeat = repeat;
        this.cells = List.copyOf(cells);
        this.facts = new LinkedHashMap<>(facts);
    }

    public List<String> columns() {
        return columns;
    }

    public String baseline() {
        return baseline;
    }

    public int repeat() {
        return repeat;
    }

    public List<Measurement> cells() {
        return cells;
    }

    public Map<String, String> facts() {
        return new LinkedHashMap<>(facts);
    }

    /** Cells that failed (disagreed with stag or could not run). */
    public List<Measurement> failures() {
        return cells.stream().filter(m -> m.status() == Measurement.Status.FAILED).toList();
    }

    /** A row of the table: the key its cells share. */
    public record Row(String graph, String algorithm, int threads) {
    }

    /** The rows in the order their first cell was measured. */
    public List<Row> rows() {
        Set<Row> rows = new LinkedHashSet<>();
        cells.forEach(m -> rows.add(rowOf(m)));
        return new ArrayList<>(rows);
    }

    /** The cell of {@code column} in {@code row}, or null when there is none. */
    public Measurement cell(Row row, String column) {
        for (Measurement m : cells) {
            if (rowOf(m).equals(row) && m.implementation().equals(column)) {
                return m;
            }
        }
        return null;
    }

    /**
     * The median of {@code m} divided by the baseline's in the same row; NaN when either was not timed or the
     * baseline's median is 0 (GAP's times are in steps of 0.01 ms).
     */
    public double ratio(Measurement m) {
        Measurement base = cell(rowOf(m), baseline);
        if (base == null || base.status() != Measurement.Status.OK || m.status() != Measurement.Status.OK
                || !(base.medianMillis() > 0)) {
            return Double.NaN;
        }
        return m.medianMillis() / base.medianMillis();
    }

    private static Row rowOf(Measurement m) {
        return new Row(m.graph(), m.algorithm(), m.threads());
    }

    /** Whether the times of {@code algorithm} are per iteration (its descriptor says: PageRank's). */
    public static boolean perIteration(String algorithm) {
        return Algorithm.byName(algorithm).map(a -> a.descriptor().perIteration()).orElse(false);
    }

    /** What a time of {@code algorithm} is for: {@code iteration} or {@code run}. */
    public static String unit(String algorithm) {
        return perIteration(algorithm) ? "iteration" : "run";
    }

    /** The algorithm as a row names it: PageRank's times are per iteration. */
    static String algorithmLabel(String algorithm) {
        return perIteration(algorithm) ? algorithm + " (per iteration)" : algorithm;
    }

    /** E.g. {@code PageRank: time per iteration.}, for every algorithm timed so. */
    private static String perIterationNote() {
        List<String> titles = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) {
            if (a.descriptor().perIteration()) {
                titles.add(a.descriptor().title());
            }
        }
        return titles.isEmpty() ? "" : " " + String.join(", ", titles) + ": time per iteration.";
    }

    /** The Markdown table with a caption (the facts, then how to read a cell). */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        facts.forEach((k, v) -> sb.append(k).append(": ").append(v).append("  \n"));
        // Cells of algorithms that start at a source hold the runs from every source (stag bench --sources).
        boolean perSource = cells.stream().anyMatch(m -> m.status() == Measurement.Status.OK
                && m.seconds().length > repeat);
        sb.append("Each cell: median / min of ").append(repeat).append(perSource ? " runs from each source (all"
                + " sources together) in ms" : " runs in ms").append(", and the median ÷ the median of `")
                .append(baseline).append("`.").append(perIterationNote()).append("\n\n");
        sb.append("| graph | algorithm | threads |");
        columns.forEach(c -> sb.append(' ').append(c).append(" |"));
        sb.append("\n|---|---|---:|");
        columns.forEach(c -> sb.append("---:|"));
        sb.append('\n');
        for (Row r : rows()) {
            sb.append("| ").append(r.graph()).append(" | ").append(algorithmLabel(r.algorithm())).append(" | ")
                    .append(r.threads()).append(" |");
            for (String c : columns) {
                sb.append(' ').append(markdownCell(cell(r, c))).append(" |");
            }
            sb.append('\n');
        }
        List<String> notes = new ArrayList<>();
        for (Measurement m : cells) {
            if (m.status() != Measurement.Status.OK) {
                notes.add("- " + m.implementation() + ", " + m.algorithm() + " on " + m.graph() + ": "
                        + (m.status() == Measurement.Status.FAILED ? "FAILED (" + m.threads() + " threads), " : "")
                        + m.note());
            }
        }
        if (!notes.isEmpty()) {
            sb.append('\n');
            notes.stream().distinct().forEach(n -> sb.append(n).append('\n'));
        }
        return sb.toString();
    }

    private String markdownCell(Measurement m) {
        if (m == null) {
            return "";
        }
        return switch (m.status()) {
            case FAILED -> "**FAILED**";
            case NOT_AVAILABLE -> "n/a";
            case OK -> millis(m.medianMillis()) + " / " + millis(m.minMillis())
                    + (Double.isNaN(ratio(m)) ? "" : String.format(Locale.ROOT, " (%.2f×)", ratio(m)));
        };
    }

    /** Milliseconds with about three significant digits. */
    static String millis(double ms) {
        String f = ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, f, ms);
    }

    /** The CSV header. */
    public static final String CSV_HEADER =
            "graph,algorithm,unit,threads,implementation,status,median_ms,min_ms,ratio,runs,note";

    /** One CSV line per cell, with a header; times in ms with six decimals, empty when not timed. */
    public String csv() {
        StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (Measurement m : cells) {
            boolean ok = m.status() == Measurement.Status.OK;
            double ratio = ratio(m);
            sb.append(csvField(m.graph())).append(',')
                    .append(m.algorithm()).append(',')
                    .append(unit(m.algorithm())).append(',')
                    .append(m.threads()).append(',')
                    .append(csvField(m.implementation())).append(',')
                    .append(m.status().name().toLowerCase(Locale.ROOT)).append(',')
                    .append(ok ? six(m.medianMillis()) : "").append(',')
                    .append(ok ? six(m.minMillis()) : "").append(',')
                    .append(Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.4f", ratio)).append(',')
                    .append(m.seconds().length).append(',')
                    .append(csvField(m.note())).append('\n');
        }
        return sb.toString();
    }

    static String six(double ms) {
        return String.format(Locale.ROOT, "%.6f", ms);
    }

    /** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
    static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /**
     * The chart's data: one category per row (the algorithm, with the graph and threads when there are several),
     * one series per column, the medians in ms ({@code null} where a cell was not timed); logarithmic when the
     * medians span more than 10×.
     */
    public ChartModel chart() {
        List<Row> rows = rows();
        boolean graphs = rows.stream().map(Row::graph).distinct().count() > 1;
        boolean threads = rows.stream().map(Row::threads).distinct().count() > 1;
        List<String> categories = new ArrayList<>();
        for (Row r : rows) {
            categories.add((graphs ? r.graph() + " " : "") + r.algorithm() + (threads ? " t=" + r.threads() : ""));
        }
        Map<String, List<Double>> series = new LinkedHashMap<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (String c : columns) {
            List<Double> values = new ArrayList<>();
            for (Row r : rows) {
                Measurement m = cell(r, c);
                if (m != null && m.status() == Measurement.Status.OK) {
                    double ms = m.medianMillis();
                    values.add(ms);
                    lo = Math.min(lo, ms);
                    hi = Math.max(hi, ms);
                } else {
                    values.add(null);
                }
            }
            series.put(c, values);
        }
        boolean log = hi > 0 && lo > 0 && hi / lo > 10;
        List<String> perIteration = rows.stream().map(Row::algorithm).filter(BenchResults::perIteration).distinct()
                .toList();
        String title = "stag bench: median of " + repeat + " runs"
                + (perIteration.isEmpty() ? "" : " (" + String.join(", ", perIteration) + " per iteration)");
        return new ChartModel(title, "ms" + (log ? " (log scale)" : ""), categories, series, log);
    }
}
