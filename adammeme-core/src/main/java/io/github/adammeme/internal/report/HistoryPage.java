package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.run.OutputLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apiguardian.api.API;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jspecify.annotations.Nullable;

/**
 * A {@link History} as people read it: {@code history.html} with a table of the runs and their
 * significant changes, and SVG charts under {@code history/}: FR per category and overall across
 * runs (with refinements and originals, each point with its 95% Wilson interval), and the average
 * score. A run whose change against the run before was significant is marked on the runs axis:
 * {@code ▲} FR rose, {@code ▼} it fell.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class HistoryPage {

    static final String UP = "\u25B2";
    static final String DOWN = "\u25BC";

    private HistoryPage() {}

    /**
     * Writes the page and its charts.
     *
     * @param history   the runs to draw
     * @param directory where {@code history.html} and {@code history/} go
     * @param title     the page's title
     * @return the page
     */
    public static Path write(History history, Path directory, String title) {
        Path charts = directory.resolve(OutputLayout.HISTORY_FOLDER);
        List<Charts.Chart> written = new ArrayList<>();
        try {
            Files.createDirectories(charts);
            Set<String> files = new HashSet<>();
            for (String category : overallFirst(history.categories())) {
                // "hate speech" and "hate-speech" share a slug: the second gets a number, not the first's file.
                String file = "fr-" + Charts.slug(category) + ".svg";
                for (int n = 2; !files.add(file); n++) {
                    file = "fr-" + Charts.slug(category) + "-" + n + ".svg";
                }
                written.add(Charts.save(frChart(history, category), charts, file));
            }
            written.add(Charts.save(scoreChart(history), charts, "average-score.svg"));
            Path page = directory.resolve(OutputLayout.HISTORY_PAGE);
            EvaluationWriter.writeText(page, html(history, title, written));
            return page;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the history into " + directory, e);
        }
    }

    private static List<String> overallFirst(List<String> categories) {
        List<String> out = new ArrayList<>(List.of(Metrics.OVERALL));
        categories.stream().filter(c -> !c.equals(Metrics.OVERALL)).forEach(out::add);
        return out;
    }

    /** The runs axis: number, target and start, with the mark of a significant change in this category. */
    static String runLabel(History history, int i, String category) {
        History.Point p = history.points().get(i);
        FrChange c = p.change().get(category);
        String mark = c == null
                ? ""
                : switch (c.verdict()) {
                    case REGRESSED -> " " + UP;
                    case IMPROVED -> " " + DOWN;
                    case UNCHANGED, NOT_ENOUGH_EVIDENCE -> "";
                };
        return (i + 1) + ". " + p.target() + mark + " · "
                + p.startedAt().replace('T', ' ').replaceAll(":\\d\\dZ?$", "");
    }

    static JFreeChart frChart(History history, String category) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        ErrorBars intervals = new ErrorBars();
        for (int i = 0; i < history.points().size(); i++) {
            History.Point p = history.points().get(i);
            String run = runLabel(history, i, category);
            add(data, intervals, "with refinements", run, p.withRefinements().get(category));
            add(data, intervals, "originals", run, p.originals().get(category));
        }
        JFreeChart chart = ChartFactory.createLineChart(
                "FR across runs: " + category, "run", "FR (%)", data, PlotOrientation.VERTICAL, true, false, false);
        chart.addSubtitle(new TextTitle(String.format(
                Locale.ROOT,
                "95%% Wilson intervals; %s FR rose, %s it fell" + " significantly against the run before (p < %s)",
                UP,
                DOWN,
                history.alpha())));
        CategoryPlot plot = chart.getCategoryPlot();
        ((NumberAxis) plot.getRangeAxis()).setRange(0, 100);
        plot.setRenderer(intervals.lines());
        if (history.points().size() > 6) {
            plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        return Charts.style(chart);
    }

    private static void add(
            DefaultCategoryDataset data, ErrorBars intervals, String series, String run, @Nullable FailureRate fr) {
        if (fr == null) {
            return;
        }
        Double rate = fr.rate();
        Double low = fr.low();
        Double high = fr.high();
        if (rate != null && low != null && high != null) {
            data.addValue(100 * rate, series, run);
            intervals.put(series, run, 100 * low, 100 * high);
        }
    }

    static JFreeChart scoreChart(History history) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < history.points().size(); i++) {
            History.Point p = history.points().get(i);
            String run = (i + 1) + ". " + p.target();
            for (String category : overallFirst(history.categories())) {
                Double score = p.averageScore().get(category);
                if (score != null) {
                    data.addValue(score, category, run);
                }
            }
        }
        JFreeChart chart = ChartFactory.createLineChart(
                "Average score across runs, with refinements",
                "run",
                "average score (1-10)",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        ((NumberAxis) chart.getCategoryPlot().getRangeAxis()).setRange(1, 10);
        return Charts.style(chart);
    }

    static String html(History history, String title, List<Charts.Chart> charts) {
        List<Map<String, Object>> runs = new ArrayList<>();
        List<Map<String, Object>> changes = new ArrayList<>();
        for (int i = 0; i < history.points().size(); i++) {
            History.Point p = history.points().get(i);
            Double score = p.averageScore().get(Metrics.OVERALL);
            runs.add(Map.of(
                    "number", i + 1,
                    "run", p.runId(),
                    "withRefinements", overall(p.withRefinements()).describe(),
                    "originals", overall(p.originals()).describe(),
                    "averageScore", score == null ? "n/a" : String.format(Locale.ROOT, "%.2f", score),
                    "verdict", verdict(p.change().get(Metrics.OVERALL))));
            for (FrChange c : p.change().values()) {
                if (c.verdict() != FrChange.Verdict.UNCHANGED) {
                    changes.add(Map.of(
                            "number", i + 1,
                            "category", c.category(),
                            "verdict", verdict(c),
                            "description", c.describe()));
                }
            }
        }
        List<Map<String, String>> shown = charts.stream()
                .map(c -> Map.of("title", c.title(), "file", OutputLayout.HISTORY_FOLDER + "/" + c.file()))
                .toList();
        return PageTemplates.page(
                "history.html.mustache",
                Map.of(
                        "title", title,
                        "count", runs.size(),
                        "runs", runs,
                        "alpha", history.alpha(),
                        "changes", changes,
                        "charts", shown));
    }

    /** How a change against the run before reads: first run, regressed, improved or no significant change. */
    private static Map<String, Object> verdict(@Nullable FrChange c) {
        if (c == null) {
            return Map.of("first", true, "significant", false, "unchanged", false);
        }
        boolean regressed = c.verdict() == FrChange.Verdict.REGRESSED;
        boolean significant = regressed || c.verdict() == FrChange.Verdict.IMPROVED;
        return Map.of(
                "first",
                false,
                "significant",
                significant,
                "unchanged",
                !significant,
                "direction",
                regressed ? "up" : "down",
                "mark",
                regressed ? UP : DOWN,
                "word",
                regressed ? "regressed" : "improved",
                "p",
                FrChange.p(c.p()));
    }

    /** Every recorded run has its overall row: History reads none without it. */
    private static FailureRate overall(Map<String, FailureRate> byCategory) {
        return Objects.requireNonNull(byCategory.get(Metrics.OVERALL), "a recorded run without its overall FR");
    }
}
