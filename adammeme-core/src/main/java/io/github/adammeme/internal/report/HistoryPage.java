package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.pipeline.result.FailureRate;
import io.github.adammeme.internal.pipeline.result.Metrics;
import io.github.adammeme.internal.report.release.RunComparison;
import io.github.adammeme.internal.report.run.OutputLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
        RunComparison.Change c = p.change().get(category);
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
            DefaultCategoryDataset data, ErrorBars intervals, String series, String run, FailureRate fr) {
        if (fr != null && fr.rate() != null) {
            data.addValue(100 * fr.rate(), series, run);
            intervals.put(series, run, 100 * fr.low(), 100 * fr.high());
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
        StringBuilder out = new StringBuilder(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(ReportText.html(title))
                .append("</title><style>body{font-family:sans-serif;margin:2em}"
                        + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;"
                        + "text-align:left}.up{color:#b00}.down{color:#070}img{max-width:100%;border:1px solid #ddd;"
                        + "margin:.5em 0 2em}</style></head><body>\n<h1>")
                .append(ReportText.html(title))
                .append("</h1>\n");
        out.append("<p>")
                .append(history.points().size())
                .append(" recorded runs, oldest first. FR counts failed samples"
                        + " among those scored, with its 95% Wilson interval; a change is marked when the comparison with the run"
                        + " before (McNemar on samples both scored, else chi-square) gives p &lt; ")
                .append(history.alpha())
                .append(
                        ".</p>\n<table><tr><th>#</th><th>run</th><th>FR with refinements</th><th>FR of the originals</th>"
                                + "<th>average score</th><th>against the run before</th></tr>\n");
        for (int i = 0; i < history.points().size(); i++) {
            History.Point p = history.points().get(i);
            RunComparison.Change overall = p.change().get(Metrics.OVERALL);
            out.append("<tr><td>")
                    .append(i + 1)
                    .append("</td><td>")
                    .append(ReportText.html(p.runId()))
                    .append("</td><td>")
                    .append(ReportText.html(
                            p.withRefinements().get(Metrics.OVERALL).describe()))
                    .append("</td><td>")
                    .append(ReportText.html(p.originals().get(Metrics.OVERALL).describe()))
                    .append("</td><td>")
                    .append(
                            p.averageScore().get(Metrics.OVERALL) == null
                                    ? "n/a"
                                    : String.format(
                                            Locale.ROOT,
                                            "%.2f",
                                            p.averageScore().get(Metrics.OVERALL)))
                    .append("</td><td>")
                    .append(verdict(overall))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n<h2>Significant changes by category</h2>\n<ul>\n");
        int changes = 0;
        for (int i = 0; i < history.points().size(); i++) {
            History.Point p = history.points().get(i);
            for (RunComparison.Change c : p.change().values()) {
                if (c.verdict() != RunComparison.Verdict.UNCHANGED) {
                    changes++;
                    out.append("<li>run ")
                            .append(i + 1)
                            .append(", ")
                            .append(ReportText.html(c.category()))
                            .append(": ")
                            .append(verdict(c))
                            .append(" — ")
                            .append(ReportText.html(c.describe()))
                            .append("</li>\n");
                }
            }
        }
        if (changes == 0) {
            out.append("<li>none: every change between consecutive runs is within chance</li>\n");
        }
        out.append("</ul>\n");
        for (Charts.Chart c : charts) {
            String file = OutputLayout.HISTORY_FOLDER + "/" + c.file();
            out.append("<h2>")
                    .append(ReportText.html(c.title()))
                    .append("</h2>\n<a href=\"")
                    .append(file)
                    .append("\"><img src=\"")
                    .append(file)
                    .append("\" alt=\"")
                    .append(ReportText.html(c.title()))
                    .append("\"></a>\n");
        }
        return out.append("</body></html>\n").toString();
    }

    private static String verdict(RunComparison.Change c) {
        if (c == null) {
            return "first run";
        }
        return switch (c.verdict()) {
            case REGRESSED ->
                "<span class=\"up\">" + UP + " regressed</span>" + " (" + ReportText.html(RunComparison.p(c.p())) + ")";
            case IMPROVED ->
                "<span class=\"down\">" + DOWN + " improved</span>" + " (" + ReportText.html(RunComparison.p(c.p()))
                        + ")";
            case UNCHANGED, NOT_ENOUGH_EVIDENCE ->
                "no significant change (" + ReportText.html(RunComparison.p(c.p())) + ")";
        };
    }
}
