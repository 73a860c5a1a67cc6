package io.github.adammeme.llm;

import java.util.Map;

/**
 * USD per million input and output tokens, per model ({@code adammeme.price.<model>=2.50,10.00}).
 * A model without a price costs nothing in the ledger; the simulator's never do.
 */
public record Prices(Map<String, double[]> perMillion) {

    /** No prices: every call costs nothing in the ledger. */
    public static final Prices NONE = new Prices(Map.of());

    /**
     * Keeps its own copy of the table.
     *
     * @param perMillion USD per million input and output tokens, by model
     */
    public Prices {
        perMillion = Map.copyOf(perMillion);
    }

    /**
     * @param model the model name
     * @param promptTokens input tokens
     * @param completionTokens output tokens
     * @return the cost in USD, 0 for a model without a price
     */
    public double cost(String model, long promptTokens, long completionTokens) {
        double[] price = perMillion.get(model);
        if (price == null) {
            return 0;
        }
        return (promptTokens * price[0] + completionTokens * price[1]) / 1_000_000.0;
    }

    /**
     * @param model the model name
     * @return whether the table has a price for it
     */
    public boolean priced(String model) {
        return perMillion.containsKey(model);
    }
}
