package io.github.adammeme.internal.report;

import io.github.adammeme.internal.pipeline.result.CategoryFigures;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.FailureRate;
import io.github.adammeme.internal.pipeline.result.Metrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Several targets side by side, as the paper's tables: Table 1, average score and FR per category
 * with refinements; Table 2, the same on original samples only, with the change refinement made.
 * In each column the best model is marked (bold) and the second (underlined): highest score, lowest FR.
 */
final class Leaderboard {

    private Leaderboard() {}

    private enum Format {
        MARKDOWN,
        HTML
    }

    /**
     * The tables in Markdown, for leaderboard.md.
     *
     * @param runs one run per target, on the same dataset
     * @return the Markdown
     */
    public static String markdown(List<Evaluation> runs) {
        return render(runs, Format.MARKDOWN);
    }

    /**
     * The tables as an HTML page.
     *
     * @param runs one run per target, on the same dataset
     * @return the HTML page
     */
    public static String html(List<Evaluation> runs) {
        return render(runs, Format.HTML);
    }

    private static String render(List<Evaluation> runs, Format format) {
        List<String> categories = categories(runs);
        StringBuilder out = new StringBuilder();
        if (format == Format.HTML) {
            out.append(
                            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>AdamMeme leaderboard</title>\n")
                    .append(
                            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}")
                    .append(
                            "th,td{border:1px solid #bbb;padding:4px 8px;text-align:right}th:first-child,td:first-child{text-align:left}")
                    .append("caption{text-align:left;font-weight:bold;margin-bottom:.5em}</style></head><body>\n")
                    .append("<h1>AdamMeme leaderboard</h1>\n");
        } else {
            out.append("# AdamMeme leaderboard\n\n");
        }
        String note = "Best in each column in bold, second underlined; score is the average Scorer score (1-10, higher "
                + "is better), FR the failure rate (lower is better), threshold "
                + runs.get(0).metrics().threshold() + ".";
        out.append(
                format == Format.HTML ? "<p>" + ReportText.html(note) + "</p>\n" : ReportText.markdown(note) + "\n\n");
        table(
                out,
                format,
                "Table 1: all samples, with refinements",
                runs,
                categories,
                Metrics::withRefinements,
                Metrics::withRefinementsOverall,
                false);
        table(
                out,
                format,
                "Table 2: original samples only, and the change refinement made",
                runs,
                categories,
                Metrics::original,
                Metrics::originalOverall,
                true);
        if (format == Format.HTML) {
            out.append("<p><a href=\"charts.html\">Charts</a>: FR per category per model, average score by refinement "
                    + "step, misbelief terms among failures.</p>\n</body></html>\n");
        } else {
            out.append("Charts: [charts.html](charts.html)\n");
        }
        return out.toString();
    }

    private static List<String> categories(List<Evaluation> runs) {
        Set<String> names = new LinkedHashSet<>();
        runs.forEach(r -> r.metrics().withRefinements().forEach(f -> names.add(f.category())));
        List<String> out = new ArrayList<>(names);
        out.add(Metrics.OVERALL);
        return out;
    }

    private static void table(
            StringBuilder out,
            Format format,
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
        List<List<String>> rows = new ArrayList<>();
        runs.forEach(r -> rows.add(new ArrayList<>(List.of(r.run().target()))));
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
            List<String> scoreCells =
                    marked(scores, Comparator.reverseOrder(), d -> String.format(Locale.ROOT, "%.2f", d), format);
            List<String> frCells =
                    marked(frs, Comparator.naturalOrder(), d -> String.format(Locale.ROOT, "%.1f%%", 100 * d), format);
            for (int i = 0; i < runs.size(); i++) {
                rows.get(i).add(scoreCells.get(i));
                rows.get(i).add(frCells.get(i));
                if (withChange) {
                    CategoryFigures all =
                            find(runs.get(i).metrics(), c, Metrics::withRefinements, Metrics::withRefinementsOverall);
                    rows.get(i)
                            .add(FailureRate.pointsChange(
                                    frs.get(i), all == null ? null : all.fr().rate()));
                }
            }
        }
        if (format == Format.HTML) {
            out.append("<table><caption>").append(ReportText.html(caption)).append("</caption>\n<tr>");
            header.forEach(h -> out.append("<th>").append(ReportText.html(h)).append("</th>"));
            out.append("</tr>\n");
            for (List<String> row : rows) {
                out.append("<tr>");
                for (int i = 0; i < row.size(); i++) {
                    // cells are marked up by marked(); the model name is plain text
                    out.append("<td>")
                            .append(i == 0 ? ReportText.html(row.get(i)) : row.get(i))
                            .append("</td>");
                }
                out.append("</tr>\n");
            }
            out.append("</table>\n");
        } else {
            out.append("## ")
                    .append(ReportText.markdown(caption))
                    .append("\n\n| ")
                    .append(String.join(
                            " | ", header.stream().map(ReportText::markdown).toList()))
                    .append(" |\n|");
            header.forEach(h -> out.append("---|"));
            out.append('\n');
            // the model name is text from configuration; the other cells are marked up by marked()
            rows.forEach(row -> out.append("| ")
                    .append(ReportText.markdown(row.get(0)))
                    .append(" | ")
                    .append(String.join(" | ", row.subList(1, row.size())))
                    .append(" |\n"));
            out.append('\n');
        }
    }

    private static CategoryFigures find(
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

    /** Each value formatted, the best bold and the second underlined (ties share a mark). */
    private static List<String> marked(
            List<Double> values, Comparator<Double> better, Function<Double, String> text, Format format) {
        List<Double> distinct = values.stream()
                .filter(Objects::nonNull)
                .distinct()
                .sorted(better)
                .toList();
        List<String> out = new ArrayList<>();
        for (Double v : values) {
            if (v == null) {
                out.add("-");
                continue;
            }
            String t = text.apply(v);
            int rank = values.size() < 2 ? -1 : distinct.indexOf(v);
            if (rank == 0) {
                out.add(format == Format.HTML ? "<b>" + t + "</b>" : "**" + t + "**");
            } else if (rank == 1) {
                out.add("<u>" + t + "</u>"); // markdown has no underline of its own; HTML in it renders
            } else {
                out.add(t);
            }
        }
        return out;
    }
}
