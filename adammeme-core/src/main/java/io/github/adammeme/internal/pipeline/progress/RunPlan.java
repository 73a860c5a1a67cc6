package io.github.adammeme.internal.pipeline.progress;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a run would ask, worked out before it asks anything: the calls of each stage and role, expected and at
 * most, what the call cache already holds of them, the tokens and the cost at the configured prices. The
 * expected counts rest on assumptions each line names (how many categories mining admits is not known before
 * mining, nor how long a refinement chain runs), so they are estimates; the maxima are bounds.
 *
 * @param memes          memes in the datasets
 * @param categoriesMin  the fewest categories a run can score (the starting taxonomy's)
 * @param categories     the categories expected
 * @param categoriesMax  the most (the starting taxonomy and one new category per meme)
 * @param pairs          meme-category pairs expected to be scored
 * @param lines          the calls, by stage and role
 * @param warnings       what the plan cannot price, and what to set
 */
@API(status = INTERNAL, since = "0.1.0")
public record RunPlan(
        int memes,
        int categoriesMin,
        int categories,
        int categoriesMax,
        long pairs,
        List<Line> lines,
        List<String> warnings) {

    /**
     * One role's calls in one stage.
     *
     * @param stage           mining, scoring or refinement
     * @param role            the agent role, or Target
     * @param model           the model that answers
     * @param expected        requests expected
     * @param max             requests at most (every re-ask used, every bound reached)
     * @param dependsOn       what the counts follow from
     * @param cached          answers of this role and model the cache already holds, up to the expected count: a run
     *                        finds at most this many there
     * @param inputTokens     input tokens expected
     * @param outputTokens    output tokens expected
     * @param maxOutputTokens output tokens at most (the completion cap on every call)
     * @param costUsd         the expected cost at the configured price, 0 without one
     * @param maxCostUsd      the cost of the maximum counts at the cap
     * @param priced          whether the model has a price
     */
    public record Line(
            String stage,
            String role,
            String model,
            long expected,
            long max,
            String dependsOn,
            long cached,
            long inputTokens,
            long outputTokens,
            long maxOutputTokens,
            double costUsd,
            double maxCostUsd,
            boolean priced) {}

    /**
     * Keeps its own copies.
     *
     * @param memes          memes in the datasets
     * @param categoriesMin  the fewest categories a run can score
     * @param categories     the categories expected
     * @param categoriesMax  the most
     * @param pairs          meme-category pairs expected to be scored
     * @param lines          the calls, by stage and role
     * @param warnings       what the plan cannot price, and what to set
     */
    public RunPlan {
        lines = List.copyOf(lines);
        warnings = List.copyOf(warnings);
    }

    /** @return the requests expected, over every stage */
    public long expectedCalls() {
        return lines.stream().mapToLong(Line::expected).sum();
    }

    /** @return the requests at most */
    public long maxCalls() {
        return lines.stream().mapToLong(Line::max).sum();
    }

    /** @return the expected cost in USD */
    public double costUsd() {
        return lines.stream().mapToDouble(Line::costUsd).sum();
    }

    /** @return the cost in USD of the maximum counts */
    public double maxCostUsd() {
        return lines.stream().mapToDouble(Line::maxCostUsd).sum();
    }

    /**
     * @param stage a stage's name
     * @return the requests expected in it
     */
    public long expectedCalls(String stage) {
        return lines.stream()
                .filter(l -> l.stage().equals(stage))
                .mapToLong(Line::expected)
                .sum();
    }

    /** @return the plan as the console and plan.md show it: a Markdown table, the totals, then the warnings */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%d memes; categories %d expected (%d to %d, known only after mining);" + " about %d pairs scored%n%n",
                memes,
                categories,
                categoriesMin,
                categoriesMax,
                pairs));
        sb.append(
                "| stage | role | model | calls expected | at most | in cache | input tokens | output tokens | USD expected"
                        + " | USD at most | depends on |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Line l : lines) {
            sb.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %d | %d | %d | %d | %d | %s | %s | %s |%n",
                    l.stage(),
                    l.role(),
                    l.model(),
                    l.expected(),
                    l.max(),
                    l.cached(),
                    l.inputTokens(),
                    l.outputTokens(),
                    usd(l, l.costUsd()),
                    usd(l, l.maxCostUsd()),
                    l.dependsOn()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "%ntotal: %d calls expected, at most %d; %d input and %d output tokens expected;"
                        + " $%.4f expected, at most $%.4f%s%n",
                expectedCalls(),
                maxCalls(),
                lines.stream().mapToLong(Line::inputTokens).sum(),
                lines.stream().mapToLong(Line::outputTokens).sum(),
                costUsd(),
                maxCostUsd(),
                lines.stream().allMatch(Line::priced) ? "" : " (models without a price count $0)"));
        long cached = lines.stream().mapToLong(Line::cached).sum();
        if (cached > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "the call cache holds %d answers of these roles and models: a run with the same"
                            + " settings and data finds up to that many there and does not pay for them%n",
                    cached));
        }
        warnings.forEach(w -> sb.append("WARNING ").append(w).append('\n'));
        return sb.toString();
    }

    private static String usd(Line l, double usd) {
        return l.priced() ? String.format(Locale.ROOT, "%.4f", usd) : "no price";
    }

    /**
     * @param lines the plan's lines
     * @return the models among them without a price, in order
     */
    static Set<String> unpriced(List<Line> lines) {
        Set<String> models = new LinkedHashSet<>();
        lines.stream().filter(l -> !l.priced()).forEach(l -> models.add(l.model()));
        return models;
    }
}
