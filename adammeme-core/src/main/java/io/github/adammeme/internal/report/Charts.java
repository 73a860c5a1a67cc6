package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.run.OutputLayout;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/**
 * The pictures of a run, as SVG: FR per category per model; average score by refinement step (the
 * paper's Figure 3, step 0 being the original samples); and, per category, the words most frequent
 * in the misbeliefs of the samples the target failed (its Figure 4). JFreeChart draws them onto
 * JFreeSVG's canvas; {@link #html} links them from one page.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Charts {

    static final int WIDTH = 900;
    static final int HEIGHT = 480;
    static final int TERMS = 12;

    private Charts() {}

    /** A chart written: its title and its file name inside the charts folder. */
    public record Chart(String title, String file) {}

    /**
     * Writes every chart for these runs (one per target) into {@code directory}; returns them in reading
     * order.
     *
     * @param runs the runs, one per target
     * @param directory the charts folder, created if need be
     * @return the charts written
     */
    public static List<Chart> write(List<Evaluation> runs, Path directory) {
        List<Chart> charts = new ArrayList<>();
        try {
            Files.createDirectories(directory);
            charts.add(save(frByCategory(runs), directory, "fr-by-category.svg"));
            charts.add(save(scoreByStep(runs), directory, "score-by-refinement-step.svg"));
            for (Evaluation run : runs) {
                for (CategoryFigures f : run.metrics().withRefinements()) {
                    Map<String, Integer> terms = MisbeliefTerms.amongFailures(run, f.category(), TERMS);
                    if (!terms.isEmpty()) {
                        charts.add(save(
                                termChart(run.run().target(), f.category(), terms),
                                directory,
                                "misbelief-terms-" + slug(run.run().target()) + "-" + slug(f.category()) + ".svg"));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write charts to " + directory, e);
        }
        return charts;
    }

    /**
     * The charts under {@code directory/charts} and {@code directory/charts.html} linking them.
     *
     * @param runs the runs, one per target
     * @param directory the folder the charts folder and page go in
     * @param title the page's title
     * @return the SVG files written
     */
    public static List<Path> writeWithPage(List<Evaluation> runs, Path directory, String title) {
        Path charts = directory.resolve(OutputLayout.CHARTS_FOLDER);
        List<Chart> written = write(runs, charts);
        try {
            EvaluationWriter.writeText(
                    directory.resolve(OutputLayout.CHARTS_PAGE),
                    html(
                            title,
                            written.stream()
                                    .map(c -> new Chart(c.title(), OutputLayout.CHARTS_FOLDER + "/" + c.file()))
                                    .toList()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + directory.resolve(OutputLayout.CHARTS_PAGE), e);
        }
        return written.stream().map(c -> charts.resolve(c.file())).toList();
    }

    /**
     * A page with every chart, for people who would rather look than read.
     *
     * @param title the page's title
     * @param charts the charts, with their file names as the page links them
     * @return the HTML page
     */
    public static String html(String title, List<Chart> charts) {
        List<Map<String, String>> shown = charts.stream()
                .map(c -> Map.of("title", c.title(), "file", c.file()))
                .toList();
        return PageTemplates.page("charts.html.mustache", Map.of("title", title, "charts", shown));
    }

    /**
     * FR with refinements per category and overall, one bar per target, each with its 95% Wilson
     * interval. Bars run across the page and the chart grows downwards with categories and targets,
     * so 20 categories of 8 models keep labels and bars apart.
     */
    static JFreeChart frByCategory(List<Evaluation> runs) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        ErrorBars intervals = new ErrorBars();
        for (Evaluation run : runs) {
            for (CategoryFigures f : run.metrics().withRefinements()) {
                addFr(data, intervals, run.run().target(), f.category(), f.fr());
            }
            addFr(
                    data,
                    intervals,
                    run.run().target(),
                    "overall",
                    run.metrics().withRefinementsOverall().fr());
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "FR per category, with refinements (95% Wilson intervals)",
                "category", "FR (%)", data, PlotOrientation.HORIZONTAL, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        ((NumberAxis) plot.getRangeAxis()).setRange(0, 100);
        BarRenderer bars = intervals.bars();
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setItemMargin(0.05);
        plot.setRenderer(bars);
        // The axis keeps 5% of its length blank at each end by default: 130 px of nothing on a tall chart.
        plot.getDomainAxis().setLowerMargin(0.01);
        plot.getDomainAxis().setUpperMargin(0.01);
        return style(chart);
    }

    private static void addFr(
            DefaultCategoryDataset data, ErrorBars intervals, String series, String category, FailureRate fr) {
        Double rate = fr.rate();
        Double low = fr.low();
        Double high = fr.high();
        if (rate != null && low != null && high != null) {
            data.addValue(100 * rate, series, category);
            intervals.put(series, category, 100 * low, 100 * high);
        }
    }

    /** Height enough for every bar of a horizontal chart: 14 px a bar, a gap between categories. */
    static int heightFor(JFreeChart chart) {
        CategoryPlot plot = chart.getCategoryPlot();
        if (!Objects.equals(plot.getOrientation(), PlotOrientation.HORIZONTAL) || plot.getDataset() == null) {
            return HEIGHT;
        }
        int bars = plot.getDataset().getRowCount() * plot.getDataset().getColumnCount();
        return Math.max(HEIGHT, 140 + 14 * bars + 18 * plot.getDataset().getColumnCount());
    }

    static JFreeChart scoreByStep(List<Evaluation> runs) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Evaluation run : runs) {
            Map<Integer, double[]> byStep = new TreeMap<>();
            for (ScoredSample s : run.samples()) {
                if (s.score() != null) {
                    add(byStep, 0, s.score());
                }
            }
            for (Chain chain : run.chains()) {
                for (ScoredSample s : chain.steps()) {
                    if (s.score() != null) {
                        add(byStep, s.madeBy().step(), s.score());
                    }
                }
            }
            byStep.forEach((step, sum) ->
                    data.addValue(sum[0] / sum[1], run.run().target(), step == 0 ? "originals" : "step " + step));
        }
        JFreeChart chart = ChartFactory.createLineChart(
                "Average score by refinement step",
                "refinement step",
                "average score (1-10)",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        CategoryPlot plot = chart.getCategoryPlot();
        ((NumberAxis) plot.getRangeAxis()).setRange(1, 10);
        ((LineAndShapeRenderer) plot.getRenderer()).setDefaultShapesVisible(true);
        return style(chart);
    }

    static JFreeChart termChart(String target, String category, Map<String, Integer> terms) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        terms.forEach((term, count) -> data.addValue(count, "failed samples", term));
        JFreeChart chart = ChartFactory.createBarChart(
                "Misbelief terms among " + target + "'s failures: " + category,
                "term",
                "failed samples whose misbelief has it",
                data,
                PlotOrientation.HORIZONTAL,
                false,
                false,
                false);
        BarRenderer bars = (BarRenderer) chart.getCategoryPlot().getRenderer();
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        // counts of samples: whole numbers on the axis
        chart.getCategoryPlot().getRangeAxis().setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        return style(chart);
    }

    private static void add(Map<Integer, double[]> byStep, int step, int score) {
        double[] sum = byStep.computeIfAbsent(step, k -> new double[2]);
        sum[0] += score;
        sum[1]++;
    }

    static JFreeChart style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        chart.getCategoryPlot().setBackgroundPaint(Color.WHITE);
        chart.getCategoryPlot().setRangeGridlinePaint(Color.LIGHT_GRAY);
        // long category names ("misinformation", "child exploitation") wrap instead of being cut
        chart.getCategoryPlot().getDomainAxis().setMaximumCategoryLabelLines(3);
        return chart;
    }

    static Chart save(JFreeChart chart, Path directory, String file) throws IOException {
        int height = heightFor(chart);
        SVGGraphics2D canvas = new SVGGraphics2D(WIDTH, height);
        chart.draw(canvas, new Rectangle(0, 0, WIDTH, height));
        EvaluationWriter.writeText(directory.resolve(file), canvas.getSVGDocument());
        return new Chart(chart.getTitle().getText(), file);
    }

    /**
     * A name as it appears in chart file names: lower case, runs of other characters as one hyphen.
     *
     * @param s a target or category name
     * @return its file-name form
     */
    public static String slug(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
