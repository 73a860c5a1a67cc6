package io.github.adammeme.internal.llm.cost;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Tokens reported by the endpoint for one call.
 *
 * @param promptTokens     input tokens, the cached ones included (as OpenAI reports them)
 * @param cachedTokens     of the input, tokens the endpoint served from its prompt cache
 *                         ({@code prompt_tokens_details.cached_tokens}), priced at their own rate
 * @param completionTokens output tokens
 * @param batched          whether the call went through the Batch API, priced at its discount
 * @param doubt            what the endpoint reported that cannot be true, or null when its counts were taken as
 *                         reported; the ledger then counts the input from the request's size ({@link TokenEstimate})
 */
@API(status = INTERNAL, since = "0.1.0")
public record Usage(
        long promptTokens,
        long cachedTokens,
        long completionTokens,
        boolean batched,
        @Nullable Doubt doubt) {

    /** No tokens. */
    public static final Usage NONE = new Usage(0, 0);

    /**
     * Counts an endpoint reported that cannot be true: not a whole number, below zero, past any call's size, or
     * missing beside an answer. Counted as none, they would make paid calls free and switch the budget off.
     *
     * @param endpoint the model and endpoint that reported them, as messages name it ("gpt-4o at https://...")
     * @param counts   what it reported, e.g. "prompt_tokens = 1e400", one short printable line
     */
    public record Doubt(String endpoint, String counts) {}

    /**
     * No count is below zero, so an endpoint (a buggy proxy, a hostile one) cannot make a run look
     * cheaper than it was; cached tokens are never more than the input they are part of.
     *
     * @param promptTokens input tokens, cached ones included
     * @param cachedTokens of them, served from the prompt cache
     * @param completionTokens output tokens
     * @param batched whether the call was batched
     * @param doubt what was impossible in the report, or null
     */
    public Usage {
        promptTokens = Math.max(0, promptTokens);
        completionTokens = Math.max(0, completionTokens);
        cachedTokens = Math.max(0, Math.min(cachedTokens, promptTokens));
    }

    /**
     * Counts taken as reported.
     *
     * @param promptTokens input tokens, cached ones included
     * @param cachedTokens of them, served from the prompt cache
     * @param completionTokens output tokens
     * @param batched whether the call was batched
     */
    public Usage(long promptTokens, long cachedTokens, long completionTokens, boolean batched) {
        this(promptTokens, cachedTokens, completionTokens, batched, null);
    }

    /**
     * A synchronous call with no cached input.
     *
     * @param promptTokens input tokens
     * @param completionTokens output tokens
     */
    public Usage(long promptTokens, long completionTokens) {
        this(promptTokens, 0, completionTokens, false);
    }

    /** @return input tokens the endpoint read anew */
    public long uncachedTokens() {
        return promptTokens - cachedTokens;
    }

    /** @return the same tokens, marked as answered through the Batch API */
    public Usage asBatched() {
        return new Usage(promptTokens, cachedTokens, completionTokens, true, doubt);
    }

    /**
     * @param output the fewest output tokens the call can have used
     * @return the same counts and doubt, the output raised to at least {@code output}
     */
    Usage withOutputAtLeast(long output) {
        return new Usage(promptTokens, cachedTokens, Math.max(completionTokens, output), batched, doubt);
    }

    /**
     * @param input the fewest input tokens the call can have used
     * @return the same counts, the input raised to at least {@code input}, the doubt settled
     */
    Usage settled(long input) {
        return new Usage(Math.max(promptTokens, input), cachedTokens, completionTokens, batched, null);
    }

    /** @return input and output tokens together, {@link Long#MAX_VALUE} when they are past it */
    public long totalTokens() {
        return plus(promptTokens, completionTokens);
    }

    /**
     * A sum of counts that stops at {@link Long#MAX_VALUE} rather than wrap round to a negative count, which would
     * make a run look cheaper than it was (and a budget look unspent).
     *
     * @param a a count, not negative
     * @param b another
     * @return their sum, or {@link Long#MAX_VALUE} when it is past what a long holds
     */
    public static long plus(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
