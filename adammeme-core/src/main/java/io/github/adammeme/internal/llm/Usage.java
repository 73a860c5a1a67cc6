package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Tokens reported by the endpoint for one call.
 *
 * @param promptTokens     input tokens, the cached ones included (as OpenAI reports them)
 * @param cachedTokens     of the input, tokens the endpoint served from its prompt cache
 *                         ({@code prompt_tokens_details.cached_tokens}), priced at their own rate
 * @param completionTokens output tokens
 * @param batched          whether the call went through the Batch API, priced at its discount
 */
@API(status = INTERNAL, since = "0.1.0")
public record Usage(long promptTokens, long cachedTokens, long completionTokens, boolean batched) {

    /** No tokens. */
    public static final Usage NONE = new Usage(0, 0);

    /**
     * No count is below zero, so an endpoint (a buggy proxy, a hostile one) cannot make a run look
     * cheaper than it was; cached tokens are never more than the input they are part of.
     *
     * @param promptTokens input tokens, cached ones included
     * @param cachedTokens of them, served from the prompt cache
     * @param completionTokens output tokens
     * @param batched whether the call was batched
     */
    public Usage {
        promptTokens = Math.max(0, promptTokens);
        completionTokens = Math.max(0, completionTokens);
        cachedTokens = Math.max(0, Math.min(cachedTokens, promptTokens));
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
        return new Usage(promptTokens, cachedTokens, completionTokens, true);
    }

    /** @return input and output tokens together */
    public long totalTokens() {
        return promptTokens + completionTokens;
    }
}
