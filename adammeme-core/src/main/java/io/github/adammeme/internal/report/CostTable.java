package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.text.ReportText;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import org.apiguardian.api.API;

/**
 * What a run paid for, per stage, role and model: calls, input tokens split into those the endpoint
 * read anew and those it served from its prompt cache (priced at their own rate), output tokens and
 * dollars. Calls answered from the call cache cost nothing and are counted apart ("hits").
 */
@API(status = INTERNAL, since = "0.1.0")
public final class CostTable {

    private CostTable() {}

    /**
     * @param usage the run's usage lines
     * @return the table for the console, one line per stage, role and model and a total
     */
    public static String text(List<UsageLedger.Line> usage) {
        StringBuilder sb = new StringBuilder();
        String format = "%-28s %-14s %7s %7s %11s %11s %11s %9s %10s%n";
        sb.append(String.format(
                Locale.ROOT,
                format,
                "stage / role",
                "model",
                "calls",
                "hits",
                "input",
                "of it cached",
                "output",
                "batched",
                "USD"));
        for (UsageLedger.Line l : usage) {
            sb.append(String.format(
                    Locale.ROOT,
                    format,
                    l.stage() + " / " + l.role(),
                    l.model(),
                    l.calls(),
                    l.cacheHits(),
                    l.promptTokens(),
                    l.cachedTokens(),
                    l.completionTokens(),
                    l.batchedCalls(),
                    usd(l.costUsd())));
        }
        UsageLedger.Line t = total(usage);
        sb.append(String.format(
                Locale.ROOT,
                format,
                "total",
                "",
                t.calls(),
                t.cacheHits(),
                t.promptTokens(),
                t.cachedTokens(),
                t.completionTokens(),
                t.batchedCalls(),
                usd(t.costUsd())));
        return sb.toString();
    }

    /**
     * @param usage the run's usage lines
     * @return the same table in Markdown
     */
    public static String markdown(List<UsageLedger.Line> usage) {
        StringBuilder sb = new StringBuilder();
        sb.append("| stage / role | model | calls | from the call cache | input tokens | of them cached by the endpoint"
                + " | output tokens | batched | USD |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (UsageLedger.Line l : usage) {
            row(sb, ReportText.markdown(l.stage() + " / " + l.role()), ReportText.markdown(l.model()), l);
        }
        row(sb, "**total**", "", total(usage));
        return sb.toString();
    }

    private static void row(StringBuilder sb, String name, String model, UsageLedger.Line l) {
        sb.append(String.format(
                Locale.ROOT,
                "| %s | %s | %d | %d | %d | %d | %d | %d | %s |%n",
                name,
                model,
                l.calls(),
                l.cacheHits(),
                l.promptTokens(),
                l.cachedTokens(),
                l.completionTokens(),
                l.batchedCalls(),
                usd(l.costUsd())));
    }

    /**
     * @param usage usage lines
     * @return their sum, as one line with no stage, role or model
     */
    public static UsageLedger.Line total(List<UsageLedger.Line> usage) {
        return new UsageLedger.Line(
                "",
                "",
                "",
                sum(usage, UsageLedger.Line::calls),
                sum(usage, UsageLedger.Line::cacheHits),
                sum(usage, UsageLedger.Line::failures),
                sum(usage, UsageLedger.Line::retries),
                sum(usage, UsageLedger.Line::rateLimited),
                sum(usage, UsageLedger.Line::promptTokens),
                sum(usage, UsageLedger.Line::cachedTokens),
                sum(usage, UsageLedger.Line::completionTokens),
                sum(usage, UsageLedger.Line::batchedCalls),
                usage.stream().mapToDouble(UsageLedger.Line::costUsd).sum());
    }

    /** Lines that each saturated (a count past what a long holds) must not sum to a negative count. */
    private static long sum(List<UsageLedger.Line> usage, ToLongFunction<UsageLedger.Line> count) {
        return usage.stream().mapToLong(count).reduce(0, Usage::plus);
    }

    private static String usd(double cost) {
        return String.format(Locale.ROOT, "%.4f", cost);
    }
}
