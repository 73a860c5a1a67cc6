package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.summary.FailureRate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FR charts as a reader needs them: an interval on every bar, and room for every bar of a large leaderboard. */
class ChartsTest {

    @TempDir
    Path dir;

    @Test
    void twentyCategoriesOfEightModelsGetABarOfTheirOwnAndAWhiskerEach() throws Exception {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        ErrorBars intervals = new ErrorBars();
        for (int model = 0; model < 8; model++) {
            for (int category = 0; category < 20; category++) {
                FailureRate fr = FailureRate.of((model + category) % 11, 12);
                data.addValue(100 * fr.rate(), "model-" + model, "category-" + category);
                intervals.put("model-" + model, "category-" + category, 100 * fr.low(), 100 * fr.high());
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "FR", "category", "FR (%)", data, PlotOrientation.HORIZONTAL, true, false, false);
        chart.getCategoryPlot().setRenderer(intervals.bars());
        int height = Charts.heightFor(chart);
        assertTrue(height >= 140 + 14 * 160, "14 px for each of 160 bars: " + height);

        Charts.save(Charts.style(chart), dir, "fr.svg");
        String svg = Files.readString(dir.resolve("fr.svg"));
        assertTrue(svg.contains("height='" + height + ".0'"), "the canvas is as tall as the bars need");
        // Each whisker is three strokes (the interval and its two caps); bars and gridlines draw none of this width.
        Matcher strokes = Pattern.compile("stroke-width:1\\.2\\d*").matcher(svg);
        int count = 0;
        while (strokes.find()) {
            count++;
        }
        assertEquals(3 * 160, count, "one whisker per bar");
    }
}
