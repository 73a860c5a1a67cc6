package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.result.CategoryFigures;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.Metrics;
import io.github.adammeme.internal.pipeline.result.Outcome;
import io.github.adammeme.internal.text.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The console table, laid out like the paper's Table 1: per category the average score and FR
 * with refinements, and the same figures for original samples alone, with the counts behind them.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class FrTable {

    private FrTable() {}

    /**
     * The console report of a run: the table, the judge's agreement, undecided categories, meme counts and
     * usage.
     *
     * @param e the evaluation
     * @return the text
     */
    public static String render(Evaluation e) {
        Metrics m = e.metrics();
        StringBuilder sb = new StringBuilder();
        sb.append("AdamMeme evaluation of ")
                .append(e.run().target())
                .append(" (controller ")
                .append(e.run().controller())
                .append(", threshold ")
                .append(m.threshold())
                .append(")\n");
        if (e.run().notice() != null) {
            sb.append("NOTE: ").append(e.run().notice()).append('\n');
        }
        if (e.run().textErasure() != null) {
            sb.append("text erasure: ").append(e.run().textErasure()).append('\n');
        }
        List<String> departures = e.run().departures();
        sb.append("method: ")
                .append(e.run().method())
                .append(
                        departures.isEmpty()
                                ? ", no departure from the paper in force"
                                : ", " + departures.size() + " departure" + (departures.size() == 1 ? "" : "s")
                                        + " from the paper in force (summary.md lists them)")
                .append('\n');
        sb.append(table(m));
        sb.append("judge agreement: ")
                .append(m.judgeAgreement().describe(m.threshold()))
                .append('\n');
        long undecided = e.admissions().stream()
                .filter(a -> a.decision() == Admission.Decision.UNDECIDED)
                .count();
        if (undecided > 0) {
            sb.append(undecided)
                    .append(" proposed categor")
                    .append(undecided == 1 ? "y was" : "ies were")
                    .append(" left undecided (the Examiner or the Judge gave no usable answer): the taxonomy may lack a"
                            + " category a run with those answers would have, and later memes were mined without it\n");
        }
        sb.append(String.format(
                Locale.ROOT,
                "%d memes: %d mined into %d pairs, %d harmless, %d errors; %d refined samples%n",
                e.memes().size(),
                e.memes().stream()
                        .filter(x -> x.status().name().equals("MINED"))
                        .count(),
                e.mined().size(),
                e.memes().stream()
                        .filter(x -> x.status().name().equals("HARMLESS"))
                        .count(),
                e.memes().stream()
                        .filter(x -> x.status().name().equals("ERROR"))
                        .count(),
                e.refinedSamples().size()));
        UsageLedger.Line t = CostTable.total(e.usage());
        sb.append(String.format(
                Locale.ROOT,
                "%d calls made, %d answered from the cache, %d retries (%d after 429), %d failed;"
                        + " %d tokens in (%d of them cached by the endpoint), %d out, $%.4f%n",
                t.calls(),
                t.cacheHits(),
                t.retries(),
                t.rateLimited(),
                t.failures(),
                t.promptTokens(),
                t.cachedTokens(),
                t.completionTokens(),
                t.costUsd()));
        unpriced(e.usage()).forEach(warning -> sb.append(warning).append('\n'));
        return sb.toString();
    }

    /**
     * The table of a run recorded in a summary.json, as the Maven plugin prints it after the tests.
     *
     * @param summary a finished run's summary.json
     * @return the table, one line per category and the overall line
     * @throws IllegalArgumentException naming what cannot be read
     */
    public static String recorded(JsonNode summary) {
        return table(RecordedFigures.metrics(summary));
    }

    /**
     * A warning per model whose calls were paid for with no price set for it, whose cost the line above counts as
     * nothing: "$0.0000" must not read as "free". Each names the key that prices its model. The simulator's models
     * cost nothing.
     *
     * @param usage the run's usage lines
     * @return the warnings, one per model, in the models' order
     */
    static List<String> unpriced(List<UsageLedger.Line> usage) {
        Map<String, Long> tokens = new TreeMap<>();
        for (UsageLedger.Line l : usage) {
            long paid = Usage.plus(l.promptTokens(), l.completionTokens());
            if (l.calls() > 0 && paid > 0 && l.costUsd() == 0 && !l.model().startsWith(Endpoint.SIMULATED_PREFIX)) {
                tokens.merge(l.model(), paid, Usage::plus);
            }
        }
        List<String> warnings = new ArrayList<>();
        tokens.forEach(
                (model, n) -> warnings.add("WARNING: no price is set for " + model + " (" + n + " tokens): the cost"
                        + " above counts them as $0; set " + Constants.PRICE_PREFIX + model
                        + "=<input>,<output>[,<cached input>] in USD per million tokens"));
        return warnings;
    }

    /**
     * The overall FR in one line, as a report's title carries it: "FR 51.2% [36.5, 65.7] (21/41) with
     * refinements, 23.8% [10.6, 45.1] (5/21) on the originals".
     *
     * @param m the figures
     * @return the line
     */
    public static String headline(Metrics m) {
        return "FR " + m.withRefinementsOverall().fr().describe() + " with refinements, "
                + m.originalOverall().fr().describe() + " on the originals";
    }

    /**
     * The figures per category and overall, with and without refinements: also what a merge of shards prints.
     *
     * @param m the figures
     * @return the table, one line per category and the overall line
     */
    public static String table(Metrics m) {
        StringBuilder sb = new StringBuilder();
        String header = String.format(
                Locale.ROOT,
                "%-16s %6s %7s %-30s | %7s %-30s | %s%n",
                "category",
                "n",
                "score",
                "FR with refinements [95% CI]",
                "score",
                "FR originals [95% CI]",
                "refused/unscored/error");
        sb.append(header);
        sb.append("-".repeat(header.length() - 1)).append('\n');
        List<CategoryFigures> all = m.withRefinements();
        for (int i = 0; i < all.size(); i++) {
            row(sb, all.get(i), m.original().get(i));
        }
        sb.append("-".repeat(header.length() - 1)).append('\n');
        row(sb, m.withRefinementsOverall(), m.originalOverall());
        return sb.toString();
    }

    private static void row(StringBuilder sb, CategoryFigures all, CategoryFigures original) {
        // A category read back from a summary.json (the gate's table) is anyone's text: one line, however named.
        sb.append(String.format(
                Locale.ROOT,
                "%-16s %6d %7s %-30s | %7s %-30s | %d/%d/%d%n",
                Printable.escaped(all.category()),
                all.samples(),
                score(all.averageScore()),
                all.fr().describe(),
                score(original.averageScore()),
                original.fr().describe(),
                all.counts().get(Outcome.REFUSED),
                all.counts().get(Outcome.UNSCORED),
                all.counts().get(Outcome.ERROR)));
    }

    private static String score(Double d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.2f", d);
    }
}
