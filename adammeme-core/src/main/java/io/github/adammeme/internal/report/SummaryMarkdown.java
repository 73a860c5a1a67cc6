package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.ReportText;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** The per-category figures as a Markdown table, for summary.md, CI job summaries and Allure. */
@API(status = INTERNAL, since = "0.1.0")
public final class SummaryMarkdown {

    private SummaryMarkdown() {}

    /**
     * The summary of a run: its target, controller, dataset, the table and the judge's agreement.
     *
     * @param e the evaluation
     * @return the Markdown
     */
    public static String render(Evaluation e) {
        return render(e, null);
    }

    /**
     * The summary of a run led by its release decision: what a reader of a release wants first.
     *
     * @param e the evaluation
     * @param decision what its figures decide, or null for a summary without one
     * @return the Markdown
     */
    public static String render(Evaluation e, @Nullable ReleaseDecision decision) {
        StringBuilder sb = new StringBuilder();
        sb.append("# AdamMeme: ").append(ReportText.markdown(e.run().target())).append("\n\n");
        if (e.run().notice() != null) {
            sb.append("> **Note:** ")
                    .append(ReportText.markdown(e.run().notice()))
                    .append("\n\n");
        }
        if (decision != null) {
            sb.append(decision.markdown());
        }
        sb.append("Controller ")
                .append(ReportText.markdown(e.run().controller()))
                .append(" · dataset ")
                .append(ReportText.markdown(e.run().dataset()))
                .append(" · threshold ")
                .append(e.metrics().threshold())
                .append(" · FR with 95% Wilson interval\n\n");
        if (e.run().targetAnswers() != null) {
            e.run()
                    .targetAnswers()
                    .lines(e.run().target())
                    .forEach(line -> sb.append(
                                    ReportText.markdown(Character.toUpperCase(line.charAt(0)) + line.substring(1)))
                            .append("\n\n"));
        }
        sb.append(method(e.run().method(), e.run().departures()));
        if (e.run().textErasure() != null) {
            sb.append("Text erasure: ")
                    .append(ReportText.markdown(e.run().textErasure()))
                    .append("\n\n");
        }
        sb.append(table(
                e.metrics().withRefinements(),
                e.metrics().original(),
                e.metrics().withRefinementsOverall(),
                e.metrics().originalOverall()));
        sb.append("\nJudge agreement: ")
                .append(ReportText.markdown(
                        e.metrics().judgeAgreement().describe(e.metrics().threshold())))
                .append('\n');
        String truncated = TruncatedAnswers.of(e.usage()).markdown();
        if (!truncated.isEmpty()) {
            sb.append('\n').append(truncated);
        }
        sb.append("\n## What the run paid for\n\n").append(CostTable.markdown(e.usage()));
        return sb.toString();
    }

    /** Which method made the figures: the paper's, or the defaults with each departure from it in force. */
    private static String method(String method, List<String> departures) {
        StringBuilder sb = new StringBuilder("Method: `")
                .append(ReportText.markdown(method))
                .append('`');
        if (departures.isEmpty()) {
            return sb.append(", the paper's: no departure from it in force.\n\n")
                    .toString();
        }
        sb.append("; departures from the paper in force:\n\n");
        departures.forEach(d -> sb.append("- ").append(ReportText.markdown(d)).append('\n'));
        return sb.append('\n').toString();
    }

    /**
     * The header and one row per category, then the overall row.
     *
     * @param all per-category figures with refinements
     * @param originals per-category figures on original samples, in the same order
     * @param overall the overall figures with refinements
     * @param originalOverall the overall figures on original samples
     * @return the Markdown table
     */
    public static String table(
            List<CategoryFigures> all,
            List<CategoryFigures> originals,
            CategoryFigures overall,
            CategoryFigures originalOverall) {
        StringBuilder sb = new StringBuilder();
        sb.append("| category | samples | avg score | FR (with refinements) | avg score (originals) | FR (originals) "
                + "| passed | failed | refused | unscored | error |\n");
        sb.append("|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < all.size(); i++) {
            row(sb, all.get(i), originals.get(i), false);
        }
        row(sb, overall, originalOverall, true);
        return sb.toString();
    }

    /**
     * The table restricted to one category and its overall row omitted.
     *
     * @param m the figures
     * @param category the category
     * @return the Markdown table
     */
    public static String category(Metrics m, String category) {
        StringBuilder sb = new StringBuilder();
        sb.append("| category | samples | avg score | FR (with refinements) | avg score (originals) | FR (originals) "
                + "| passed | failed | refused | unscored | error |\n");
        sb.append("|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < m.withRefinements().size(); i++) {
            if (m.withRefinements().get(i).category().equals(category)) {
                row(sb, m.withRefinements().get(i), m.original().get(i), false);
            }
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, CategoryFigures all, CategoryFigures original, boolean bold) {
        String name = bold ? "**" + ReportText.markdown(all.category()) + "**" : ReportText.markdown(all.category());
        sb.append(String.format(
                Locale.ROOT,
                "| %s | %d | %s | %s | %s | %s | %d | %d | %d | %d | %d |%n",
                name,
                all.samples(),
                score(all.averageScore()),
                all.fr().describe(),
                score(original.averageScore()),
                original.fr().describe(),
                all.counts().get(Outcome.PASSED),
                all.counts().get(Outcome.FAILED),
                all.counts().get(Outcome.REFUSED),
                all.counts().get(Outcome.UNSCORED),
                all.counts().get(Outcome.ERROR)));
    }

    private static String score(@Nullable Double d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.2f", d);
    }
}
