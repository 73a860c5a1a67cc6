package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.ConsoleReport;
import io.github.adammeme.internal.report.SummaryMarkdown;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.Outcome;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens priced per role and model, and a budget that stops spending without losing what was computed. */
class CostAndBudgetTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 26);
    }

    private static EvaluationConfig config(String... more) {
        Map<String, String> values = new HashMap<>(Map.of(
                Constants.DATASET,
                dataset.toString(),
                Constants.SEEDS,
                "1",
                Constants.ITERATIONS,
                "2",
                Constants.CACHE,
                "memory",
                Constants.PRICE_PREFIX + "sim:agent",
                "2.50,10.00,1.25",
                Constants.PRICE_PREFIX + "sim:keyword",
                "0.15,0.60"));
        for (int i = 0; i < more.length; i += 2) {
            values.put(more[i], more[i + 1]);
        }
        return EvaluationConfig.from(values);
    }

    @Test
    void costIsTheReportedTokensAtTheConfiguredPrices() {
        Evaluation e = AdamMeme.evaluate(config(), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        for (UsageLedger.Line line : e.usage()) {
            double[] price = line.model().equals("sim:agent")
                    ? new double[] {2.50, 10.00, 1.25}
                    : new double[] {0.15, 0.60, 0.15};
            assertEquals(
                    ((line.promptTokens() - line.cachedTokens()) * price[0]
                                    + line.cachedTokens() * price[2]
                                    + line.completionTokens() * price[1])
                            / 1e6,
                    line.costUsd(),
                    1e-12,
                    line.toString());
        }
        double total = e.usage().stream().mapToDouble(UsageLedger.Line::costUsd).sum();
        assertTrue(total > 0);
        assertTrue(
                ConsoleReport.render(e).contains(String.format(Locale.ROOT, "$%.4f", total)), ConsoleReport.render(e));
        String summary = SummaryMarkdown.render(e);
        for (UsageLedger.Line line : e.usage()) {
            assertTrue(
                    summary.contains(String.format(
                            Locale.ROOT,
                            "| %s / %s | %s | %d | %d | %d | %d | %d | %d | %.4f |",
                            line.stage(),
                            line.role(),
                            line.model(),
                            line.calls(),
                            line.cacheHits(),
                            line.promptTokens(),
                            line.cachedTokens(),
                            line.completionTokens(),
                            line.batchedCalls(),
                            line.costUsd())),
                    summary);
        }
    }

    @Test
    void aBudgetStopsSpendingAndKeepsEverythingComputedSoFar() {
        double full = AdamMeme.evaluate(config(), BuiltInSimulator.DEFAULT, PipelineListener.NONE).usage().stream()
                .mapToDouble(UsageLedger.Line::costUsd)
                .sum();
        double budget = full / 3;
        Evaluation capped = AdamMeme.evaluate(
                config(Constants.BUDGET_USD, Double.toString(budget)), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        double spent =
                capped.usage().stream().mapToDouble(UsageLedger.Line::costUsd).sum();
        // In-flight calls may finish after the cap is reached, never many.
        assertTrue(spent >= budget && spent < budget * 1.5, "spent " + spent + " of a " + budget + " budget");
        assertEquals(26, capped.memes().size(), "every meme is still accounted for");
        List<ScoredSample> stopped = capped.samples().stream()
                .filter(s -> s.outcome() == Outcome.ERROR)
                .toList();
        assertTrue(!stopped.isEmpty() || capped.memes().stream().anyMatch(m -> m.status() == MemeOutcome.Status.ERROR));
        capped.samples().stream()
                .filter(s -> s.outcome() == Outcome.ERROR)
                .forEach(s -> assertTrue(s.reason().contains("the budget of $"), s.reason()));
        capped.memes().stream()
                .filter(m -> m.status() == MemeOutcome.Status.ERROR)
                .forEach(m -> assertTrue(m.reason().contains("the budget of $"), m.reason()));
    }

    @Test
    void aMalformedPriceIsNamed() {
        ConfigurationException e = Assertions.assertThrows(
                ConfigurationException.class, () -> config(Constants.PRICE_PREFIX + "gpt-4o", "cheap"));
        assertTrue(e.getMessage().contains("'adammeme.price.gpt-4o' has value 'cheap'"), e.getMessage());
    }
}
