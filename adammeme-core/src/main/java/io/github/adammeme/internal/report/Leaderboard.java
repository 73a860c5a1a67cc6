package io.github.adammeme.internal.report;

import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.text.ReportText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Several targets side by side, as the paper's tables: Table 1, average score and FR per category
 * with refinements; Table 2, the same on original samples only, with the change refinement made.
 * In each column the best model is marked (bold) and the second (underlined): highest score, lowest FR.
 */
final class Leaderboard {

    private Leaderboard() {}

    /** A figure in a column: its text, and its place among the column's figures (0 best, 1 second, else none). */
    private record Cell(String text, int rank) {}

    /** A target's row: its name, then its cells. */
    private record Row(String model, List<Cell> cells) {}

    /** One of the paper's tables: the column names, the model's first. */
    private record Table(String caption, List<String> header, List<Row> rows) {}

    /**
     * The tables in Markdown, for leaderboard.md.
     *
     * @param runs one run per target, on the same dataset
     * @return the Markdown
     */
    public static String markdown(List<Evaluation> runs) {
        StringBuilder out = new StringBuilder("# AdamMeme leaderboard\n\n");
        out.append(ReportText.markdown(note(runs))).append("\n\n");
        for (Table table : tables(runs)) {
            out.append("## ")
                    .append(ReportText.markdown(table.caption()))
                    .append("\n\n| ")
                    .append(String.join(
                            " | ",
                            table.header().stream().map(ReportText::markdown).toList()))
                    .append(" |\n|");
            table.header().forEach(h -> out.append("---|"));
            out.append('\n');
            // the model name is text from configuration; the figures are the run's own
            table.rows()
                    .forEach(row -> out.append("| ")
                            .append(ReportText.markdown(row.model()))
                            .append(" | ")
                            .append(String.join(
                                    " | ",
                                    row.cells().stream()
                                            .map(c -> c.rank() == 0
                                                    ? "**" + c.text() + "**"
                                                    // Markdown has no underline of its own; HTML in it renders
                                                    : c.rank() == 1 ? "<u>" + c.text() + "</u>" : c.text())
                                            .toList()))
                            .append(" |\n"));
            out.append('\n');
        }
        return out.append("Charts: [charts.html](charts.html)\n").toString();
    }

    /**
     * The tables as an HTML page.
     *
     * @param runs one run per target, on the same dataset
     * @return the HTML page
     */
    public static String html(List<Evaluation> runs) {
        List<Map<String, Object>> tables =
                tables(runs).stream().map(Leaderboard::shown).toList();
        return PageTemplates.page("leaderboard.html.mustache", Map.of("note", note(runs), "tables", tables));
    }

    /** A table as its template reads it: each cell's text, and whether it is marked best or second. */
    private static Map<String, Object> shown(Table table) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            List<Map<String, Object>> cells = new ArrayList<>();
            for (Cell c : row.cells()) {
                cells.add(Map.of(
                        "text",
                        c.text(),
                        "best",
                        c.rank() == 0,
                        "second",
                        c.rank() == 1,
                        "plain",
                        c.rank() != 0 && c.rank() != 1));
            }
            rows.add(Map.of("model", row.model(), "cells", cells));
        }
        return Map.of("caption", table.caption(), "header", table.header(), "rows", rows);
    }

    private static String note(List<Evaluation> runs) {
        return "Best in each column in bold, second underlined; score is the average Scorer score (1-10, higher "
                + "is better), FR the failure rate (lower is better), threshold "
                + runs.get(0).metrics().threshold() + ".";
    }

    private static List<Table> tables(List<Evaluation> runs) {
        List<String> categories = categories(runs);
        return List.of(
                table(
                        "Table 1: all samples, with refinements",
                        runs,
                        categories,
                        Metrics::withRefinements,
                        Metrics::withRefinementsOverall,
                        false),
                table(
                        "Table 2: original samples only, and the change refinement made",
                        runs,
                        categories,
                        Metrics::original,
                        Metrics::originalOverall,
                        true));
    }

    private static List<String> categories(List<Evaluation> runs) {
        Set<String> names = new LinkedHashSet<>();
        runs.forEach(r -> r.metrics().withRefinements().forEach(f -> names.add(f.category())));
        List<String> out = new ArrayList<>(names);
        out.add(Metrics.OVERALL);
        return out;
    }

    private static Table table(
            String caption,
            List<Evaluation> runs,
            List<String> categories,
            Function<Metrics, List<CategoryFigures>> perCategory,
            Function<Metrics, CategoryFigures> overall,
            boolean withChange) {
        List<String> header = new ArrayList<>(List.of("model"));
        for (String c : categories) {
            header.add(c + " score");
            header.add(c + " FR");
            if (withChange) {
                header.add(c + " FR change by refinement");
            }
        }
        List<List<Cell>> cells = new ArrayList<>();
        runs.forEach(r -> cells.add(new ArrayList<>()));
        for (String c : categories) {
            List<CategoryFigures> figures = runs.stream()
                    .map(r -> find(r.metrics(), c, perCategory, overall))
                    .toList();
            List<Double> scores = figures.stream()
                    .map(f -> f == null ? null : f.averageScore())
                    .toList();
            List<Double> frs = figures.stream()
                    .map(f -> f == null || f.fr().rate() == null ? null : f.fr().rate())
                    .toList();
            List<Cell> scoreCells =
                    marked(scores, Comparator.reverseOrder(), d -> String.format(Locale.ROOT, "%.2f", d));
            List<Cell> frCells =
                    marked(frs, Comparator.naturalOrder(), d -> String.format(Locale.ROOT, "%.1f%%", 100 * d));
            for (int i = 0; i < runs.size(); i++) {
                cells.get(i).add(scoreCells.get(i));
                cells.get(i).add(frCells.get(i));
                if (withChange) {
                    CategoryFigures all =
                            find(runs.get(i).metrics(), c, Metrics::withRefinements, Metrics::withRefinementsOverall);
                    cells.get(i)
                            .add(new Cell(
                                    FailureRate.pointsChange(
                                            frs.get(i),
                                            all == null ? null : all.fr().rate()),
                                    -1));
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            rows.add(new Row(runs.get(i).run().target(), cells.get(i)));
        }
        return new Table(caption, header, rows);
    }

    private static @Nullable CategoryFigures find(
            Metrics m,
            String category,
            Function<Metrics, List<CategoryFigures>> perCategory,
            Function<Metrics, CategoryFigures> overall) {
        if (category.equals(Metrics.OVERALL)) {
            return overall.apply(m);
        }
        return perCategory.apply(m).stream()
                .filter(f -> f.category().equals(category))
                .findFirst()
                .orElse(null);
    }

    /** Each value formatted and ranked: the best is marked bold and the second underlined (ties share a mark). */
    private static List<Cell> marked(List<Double> values, Comparator<Double> better, Function<Double, String> text) {
        List<Double> distinct = values.stream()
                .filter(Objects::nonNull)
                .distinct()
                .sorted(better)
                .toList();
        List<Cell> out = new ArrayList<>();
        for (Double v : values) {
            if (v == null) {
                out.add(new Cell("-", -1));
            } else {
                out.add(new Cell(text.apply(v), values.size() < 2 ? -1 : distinct.indexOf(v)));
            }
        }
        return out;
    }
}
