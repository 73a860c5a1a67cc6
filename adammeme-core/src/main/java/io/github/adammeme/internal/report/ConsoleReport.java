package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.summary.FrTable;
import io.github.adammeme.internal.summary.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What a finished run prints on the console: who was evaluated and how, the FR table, the judges' agreement,
 * the memes' fates and what the calls cost.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ConsoleReport {

    private ConsoleReport() {}

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
        sb.append(FrTable.table(m));
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
}
