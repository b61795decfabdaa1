package org.stag.cli.bench;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/** Draws a {@link ChartModel} as a grouped bar chart with XChart, headless, into an image. */
public final class BenchChart {
    /** The image's size in pixels. */
    public static final int WIDTH = 1000;
    public static final int HEIGHT = 600;

    private BenchChart() {
    }

    /** The chart as an image of {@link #WIDTH} × {@link #HEIGHT}. */
    public static BufferedImage render(ChartModel model) {
        return BitmapEncoder.getBufferedImage(chart(model));
    }

    /** The XChart chart of {@code model}, not yet drawn. */
    public static CategoryChart chart(ChartModel model) {
        // No display is needed to draw into an image; without this a server with no X display fails in AWT.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(model.title())
                .xAxisTitle("algorithm").yAxisTitle(model.yLabel()).build();
        CategoryStyler s = chart.getStyler();
        s.setYAxisLogarithmic(model.logarithmic());
        if (model.logarithmic()) {
            // Bars start at the axis' minimum, which XChart takes as 0 for bars: on a log axis it must be set.
            double lo = model.series().values().stream().flatMap(List::stream).filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue).min().orElse(1);
            s.setYAxisMin(Math.pow(10, Math.floor(Math.log10(lo))));
        }
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotGridVerticalLinesVisible(false);
        // Labels side by side would run into each other: slant them when the longest (about 8 px a character,
        // bold) needs more than its group's share of the plot's width.
        int longest = model.categories().stream().mapToInt(String::length).max().orElse(0);
        if (!model.categories().isEmpty() && longest * 8 + 8 > (WIDTH - 120) / model.categories().size()) {
            s.setXAxisLabelRotation(30);
        }
        for (Map.Entry<String, List<Double>> e : model.series().entrySet()) {
            // XChart needs a value per category; a series that was never timed is left out of the legend too.
            if (e.getValue().stream().allMatch(Objects::isNull)) {
                continue;
            }
            chart.addSeries(e.getKey(), new ArrayList<>(model.categories()), new ArrayList<>(e.getValue()));
        }
        return chart;
    }
}
