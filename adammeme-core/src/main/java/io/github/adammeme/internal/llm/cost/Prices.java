package io.github.adammeme.internal.llm.cost;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * USD per million tokens, per model ({@code adammeme.price.<model>=2.50,10.00,1.25}: input, output and,
 * optionally, cached input), and the share of those prices a call through the Batch API pays.
 * A model without a price costs nothing in the ledger; the simulator's never do.
 *
 * @param perMillion  the rates, by model
 * @param batchShare  what a batched call pays of the synchronous price (OpenAI's Batch API: half)
 */
@API(status = INTERNAL, since = "0.1.0")
public record Prices(Map<String, Rate> perMillion, double batchShare) {

    /** What OpenAI's Batch API charges of the synchronous price. */
    public static final double BATCH_SHARE = 0.5;

    /** No prices: every call costs nothing in the ledger. */
    public static final Prices NONE = new Prices(Map.of());

    /**
     * USD per million tokens of one model.
     *
     * @param input       uncached input tokens
     * @param output      output tokens
     * @param cachedInput input tokens served from the endpoint's prompt cache
     */
    public record Rate(double input, double output, double cachedInput) {

        /**
         * A model whose cached input costs what any input does (no discount given).
         *
         * @param input input tokens
         * @param output output tokens
         */
        public Rate(double input, double output) {
            this(input, output, input);
        }
    }

    /**
     * Keeps its own copy of the table.
     *
     * @param perMillion the rates, by model
     * @param batchShare what a batched call pays of the synchronous price
     */
    public Prices {
        perMillion = Map.copyOf(perMillion);
    }

    /**
     * Batched calls at OpenAI's discount.
     *
     * @param perMillion the rates, by model
     */
    public Prices(Map<String, Rate> perMillion) {
        this(perMillion, BATCH_SHARE);
    }

    /**
     * @param model the model name
     * @param usage what one call (or several of the same kind) used
     * @return the cost in USD, 0 for a model without a price
     */
    public double cost(String model, Usage usage) {
        Rate rate = perMillion.get(model);
        if (rate == null) {
            return 0;
        }
        double usd = (usage.uncachedTokens() * rate.input()
                        + usage.cachedTokens() * rate.cachedInput()
                        + usage.completionTokens() * rate.output())
                / 1_000_000.0;
        return usage.batched() ? usd * batchShare : usd;
    }
}
