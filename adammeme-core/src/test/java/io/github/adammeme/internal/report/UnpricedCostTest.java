package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cost of $0 that only means no price was set says so. */
class UnpricedCostTest {

    private static UsageLedger.Line line(String model, long calls, long tokensIn, double usd) {
        return new UsageLedger.Line("scoring", "Scorer", model, calls, 0, 0, 0, 0, tokensIn, 0, 10 * calls, 0, usd);
    }

    @Test
    void paidCallsToAModelWithoutAPriceAreNamedWithTheKeyToSet() {
        assertEquals(
                List.of(
                        "WARNING: no price is set for gpt-4o (1020 tokens): the cost above counts them as $0;"
                                + " set adammeme.price.gpt-4o=<input>,<output>[,<cached input>] in USD per million tokens",
                        "WARNING: no price is set for llava (1010 tokens): the cost above counts them as $0;"
                                + " set adammeme.price.llava=<input>,<output>[,<cached input>] in USD per million tokens"),
                ConsoleReport.unpriced(List.of(
                        line("gpt-4o", 2, 1000, 0), line("llava", 1, 1000, 0), line("gpt-4o-mini", 3, 500, 0.01))));
    }

    @Test
    void pricedModelsTheSimulatorAndAnswersFromTheCacheNeedNoWarning() {
        assertEquals(
                List.of(),
                ConsoleReport.unpriced(List.of(
                        line("gpt-4o", 2, 1000, 0.02), line("sim:keyword", 9, 900, 0), line("llava", 0, 0, 0))));
    }

    /** Lines that each stopped at the top (an endpoint that reported counts near Long.MAX) sum to the top, not below zero. */
    @Test
    void totalsOfSaturatedLinesStayAtTheTopInsteadOfTurningNegative() {
        List<UsageLedger.Line> saturated =
                List.of(line("gpt-4o", 1, Long.MAX_VALUE, 0), line("llava", 1, Long.MAX_VALUE - 5, 0));
        UsageLedger.Line total = CostTable.total(saturated);
        assertEquals(Long.MAX_VALUE, total.promptTokens());
        assertEquals(
                List.of(
                        "WARNING: no price is set for gpt-4o (" + Long.MAX_VALUE
                                + " tokens): the cost above counts them"
                                + " as $0; set adammeme.price.gpt-4o=<input>,<output>[,<cached input>] in USD per million tokens"),
                ConsoleReport.unpriced(saturated.subList(0, 1)));
    }
}
